import type { RequestContext } from "~/utils/context.server";
import type { AnalyticsStore } from "~/data/ports/analytics-store";
import { createD1AnalyticsStore } from "~/data/d1/analytics-store.server";
import { createSupabaseAnalyticsStore } from "~/data/supabase/analytics-store.server";

const cache = new WeakMap<object, AnalyticsStore>();

/** Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else the D1 binding (as the lead store). */
export function getAnalyticsStore(ctx: Pick<RequestContext, "env" | "bindings">): AnalyticsStore {
  const cached = cache.get(ctx.bindings);
  if (cached) return cached;
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  const store =
    SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY
      ? createSupabaseAnalyticsStore({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY })
      : createD1AnalyticsStore(ctx.bindings.DB);
  cache.set(ctx.bindings, store);
  return store;
}
