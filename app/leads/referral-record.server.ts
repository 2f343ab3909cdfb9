import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { canonicalEmail, PENDING_EMAIL } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";
import type { RejectionReason } from "~/data/ports/referral-store";
import type { RequestContext } from "~/utils/context.server";
import type { ShareChannel } from "~/utils/links";
import { variantKey } from "~/utils/variant";
import { isDisposableEmail } from "./disposable.server";
import { leadsOf } from "./leads.server";
import { log } from "~/platform/log.server";
import { networkKey } from "./ip-trust.server";

/**
 * A lead's referral is written into the ledger when the lead is captured with its e-mail (funnel
 * step 3, guide, tips), with the verdict then (docs/decisions/010-referrals-and-place-in-line.md),
 * next to the lead's other capture checks (risk flags). Crediting it when the parent confirms, the
 * counts and the admin's revoke are the referral engine's (app/referrals/referrals.server.ts).
 */

type Ctx = Pick<RequestContext, "env" | "bindings" | "leadTable" | "variant" | "isLocal">;

/** Why this referral does not count, or null when it may be credited once the parent confirms. */
async function verdictFor(ctx: Ctx, lead: Lead, referrer: Lead | null): Promise<RejectionReason | null> {
  if (!referrer) return "unknown-code";
  const inbox = canonicalEmail(lead.email);
  if (referrer.id === lead.id || canonicalEmail(referrer.email) === inbox) return "self-referral";
  if (isDisposableEmail(lead.email)) return "disposable-domain";
  if ((await getBackend(ctx).leads.countSameInbox(ctx.leadTable, inbox, lead.id)) > 0) return "duplicate-email";
  return null;
}

/**
 * Records the referral of a lead whose e-mail is now known, with its verdict, the channel its
 * link was shared through (`?c=`, issue 34) and the network it came from (`ip`, for the hold
 * rules, ADR 036), and flags a disposable address. Once per lead; a failure is logged, never shown.
 */
export async function recordReferral(
  ctx: Ctx,
  lead: Lead,
  channel: ShareChannel | null = null,
  now: () => Date = () => new Date(),
  ip: string | null = null,
): Promise<void> {
  const store = getBackend(ctx).referrals;
  const table = ctx.leadTable;
  try {
    if (lead.email === PENDING_EMAIL) return;
    if (isDisposableEmail(lead.email)) await leadsOf(ctx).addRiskFlag(lead.id, "disposable-domain");
    const code = lead.referred_by?.trim();
    if (!code) return;
    const referrer = await getBackend(ctx).leads.getByRefCode(table, code);
    const reason = await verdictFor(ctx, lead, referrer);
    const at = now().toISOString();
    const recorded = await store.record(
      table,
      {
        referred_id: lead.id,
        referrer_id: referrer?.id ?? null,
        ref_code: code,
        variant: variantKey(ctx.variant),
        status: reason ? "rejected" : "pending",
        reason,
        channel,
        network: ip && !reason ? await networkKey(ctx, ip) : null,
      },
      at,
    );
    if (referrer && recorded.status === "pending") {
      const { count, withinMinutes } = referralRules.fastReferrals;
      const since = new Date(now().getTime() - withinMinutes * 60_000).toISOString();
      if ((await store.recentCount(table, referrer.id, since)) >= count) await leadsOf(ctx).addRiskFlag(referrer.id, "fast-referrals");
    }
  } catch (error) {
    log.error("referral.record_failed", { leadId: lead.id }, error);
  }
}
