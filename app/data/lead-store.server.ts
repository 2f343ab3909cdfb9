import type { RequestContext } from "~/utils/context.server";
import { createD1LeadStore } from "~/data/d1/lead-store.server";
import type { LeadStore } from "~/data/ports/lead-store";
import { createSupabaseLeadStore } from "~/data/supabase/lead-store.server";

const cache = new WeakMap<object, LeadStore>();

/**
 * The lead store for this Worker's configuration: Supabase when SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY are set (production), otherwise the D1 binding `DB`.
 * One instance per configuration object, so the Supabase client is not rebuilt per request.
 */
export function getLeadStore(ctx: Pick<RequestContext, "env" | "bindings">): LeadStore {
  const cached = cache.get(ctx.bindings);
  if (cached) return cached;
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  const store =
    SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY
      ? createSupabaseLeadStore({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY })
      : createD1LeadStore(ctx.bindings.DB);
  cache.set(ctx.bindings, store);
  return store;
}
