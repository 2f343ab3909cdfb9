import { scopeVariants, type AdminScope } from "~/utils/admin-scope";
import { getBackend } from "~/data/backend.server";
import type { RequestContext } from "~/utils/context.server";
import { variantKey } from "~/utils/variant";

/**
 * The launch funnel (docs/decisions/025-waves-and-invites.md) per variant and wave: admitted →
 * invite opened (the first load of the first-party /invite page, no pixel) → accepted → account
 * created. Anonymous counts only, summed from the waves' member rows.
 */
export type LaunchFunnelRow = {
  variant: string;
  content: string;
  seq: number;
  admitted: number;
  opened: number;
  accepted: number;
  accounts: number;
};

export async function launchFunnel(ctx: Pick<RequestContext, "env" | "bindings">, scope: AdminScope): Promise<LaunchFunnelRow[]> {
  const store = getBackend(ctx).waves;
  const now = new Date().toISOString();
  const perVariant = await Promise.all(
    scopeVariants(scope).map(async (v) =>
      (await store.list(v.table, now))
        .map((wave) => ({
          variant: variantKey(v.variant),
          content: v.key,
          seq: wave.seq,
          admitted: wave.admitted,
          opened: wave.opened,
          accepted: wave.accepted,
          accounts: wave.accounts,
        }))
        .sort((a, b) => a.seq - b.seq),
    ),
  );
  return perVariant.flat();
}
