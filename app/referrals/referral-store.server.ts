import type { RequestContext } from "~/utils/context.server";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import type { ReferralStore } from "~/data/ports/referral-store";
import { createSupabaseReferralStore } from "~/data/supabase/referral-store.server";

const cache = new WeakMap<object, ReferralStore>();

/** Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else the D1 binding (as the lead store). */
export function getReferralStore(ctx: Pick<RequestContext, "env" | "bindings">): ReferralStore {
  const cached = cache.get(ctx.bindings);
  if (cached) return cached;
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  const store =
    SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY
      ? createSupabaseReferralStore({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY })
      : createD1ReferralStore(ctx.bindings.DB);
  cache.set(ctx.bindings, store);
  return store;
}
