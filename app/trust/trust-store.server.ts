import type { RequestContext } from "~/utils/context.server";
import { createD1TrustStore } from "~/data/d1/trust-store.server";
import { createSupabaseTrustStore } from "~/data/supabase/trust-store.server";
import type { TrustStore } from "~/data/ports/trust-store";

/** Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set (production), otherwise the D1 binding `DB`. */
export function getTrustStore(ctx: Pick<RequestContext, "env" | "bindings">): TrustStore {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  if (SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY)
    return createSupabaseTrustStore({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY });
  if (!ctx.bindings.DB) throw new Error("No trust store: bind D1 as DB or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.");
  return createD1TrustStore(ctx.bindings.DB);
}
