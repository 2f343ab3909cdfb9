import { checkMemberClubMilestone } from "~/clubs/clubs.server";
import { placesPerCreditOf } from "#content/referrals";
import { sourceOfLead, track } from "~/analytics/analytics.server";
import { confirmationEvents } from "~/analytics/events";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { queueTemplateMail } from "~/mail/outbox.server";
import type { RequestContext } from "~/utils/context.server";
import { manageLinkFor, statusLinkFor } from "~/platform/lead-links.server";
import type { ReferralCounts } from "~/data/ports/referral-store";
import { standingOfLead } from "~/standing/standing.server";
import { log } from "~/platform/log.server";
import { settleRewards } from "~/rewards/rewards.server";
import { variantKey } from "~/utils/variant";
import { webhookEvents } from "~/webhooks/events.server";
import { domainOf, holdReasonsFor, holdWindows, registrableDomain } from "./holds";

/**
 * The referral engine (docs/decisions/010-referrals-and-place-in-line.md): a referral is recorded
 * when the referred parent gives their e-mail (with the lead, app/leads/referral-record.server.ts),
 * credited when they confirm it, and each credit moves the referrer up `placesPerCredit` places. One
 * instance per request, bound to its variant's table.
 */

type Ctx = Pick<
  RequestContext,
  "env" | "bindings" | "leadTable" | "variant" | "contentKey" | "origin" | "isLocal" | "client" | "waitUntil"
>;

export function referralsOf(ctx: Ctx, now: () => Date = () => new Date()) {
  const store = getBackend(ctx).referrals;
  const leads = getBackend(ctx).leads;
  const table = ctx.leadTable;
  // Fairness is a setting per variant (ADR 036): 0 places per credit is first come, first served.
  const placesPerCredit = placesPerCreditOf(variantKey(ctx.variant));

  /** The parent's referrals: credited and waiting for their friend's confirmation. */
  const countsOf = (lead: Pick<Lead, "id">): Promise<ReferralCounts> => store.countsFor(table, lead.id);

  /**
   * The referrer's place before their `credits` just granted: the same row with the score and count it
   * had, among the others as they are (only the referrer's row changed). Its current row counts as
   * ahead of that old self, so it is taken off.
   */
  async function placeBeforeCredits(referrer: Lead, credits: number): Promise<number | null> {
    if (referrer.place_score === null) return null;
    const before = await store.placeOf(table, {
      confirm_seq: referrer.confirm_seq,
      place_score: referrer.place_score + placesPerCredit * credits,
      referral_count: referrer.referral_count - credits,
    });
    return before === null ? null : before - 1;
  }

  /**
   * "You moved up to place N": at most one a day per parent (the dedupe key), only once they have a
   * place, and only when the `credits` just granted moved them past someone.
   */
  async function mailReferrer(referrerId: string, credits: number) {
    const referrer = await leads.getById(table, referrerId);
    if (!referrer || referrer.confirm_seq === null) return;
    // Admitted parents (or those with an account) are past the line: nothing moved for them.
    const [{ standing }, before] = await Promise.all([standingOfLead(ctx, referrer, now()), placeBeforeCredits(referrer, credits)]);
    if (standing.kind !== "waiting") return;
    const place = standing.place;
    // Number 1 already, or a credit that passed nobody: the place did not change.
    if (before !== null && place >= before) return;
    const [statusLink, manageLink] = await Promise.all([
      statusLinkFor(ctx, table, referrer.id, now()),
      manageLinkFor(ctx, table, referrer.id, now()),
    ]);
    const day = now().toISOString().slice(0, 10);
    // Not queued (the outbox write failed) is logged by queueTemplateMail (mail.outbox_write_failed).
    await queueTemplateMail(ctx, {
      dedupeKey: `moved-up:${table}:${referrer.id}:${day}`,
      template: "moved-up",
      variant: ctx.variant,
      to: referrer.email,
      data: { origin: ctx.origin, statusLink, manageLink, place: place ?? undefined },
    });
  }

  /** Why the credit of this friend would be held (ADR 036); empty when it may be granted or nothing is pending. */
  async function holdFor(friend: Lead) {
    const referral = await store.referralOf(table, friend.id);
    if (referral?.status !== "pending" || !referral.referrer_id) return [];
    const domain = registrableDomain(domainOf(friend.email));
    const facts = await store.holdFacts(table, referral.referrer_id, {
      domain,
      network: referral.network,
      ...holdWindows(now(), referral.created_at),
    });
    return holdReasonsFor(facts, domain);
  }

  return {
    countsOf,

    /**
     * The double opt-in: confirms the address once, credits the referral that brought the parent
     * and tells the referrer. Null when the lead is gone. Throws when the database fails.
     */
    async confirm(leadId: string, visitId: string | null = null): Promise<{ lead: Lead; confirmedNow: boolean } | null> {
      const result = await store.confirmLead(table, leadId, now().toISOString(), placesPerCredit);
      if (!result) return null;
      // Counted with the lead's own attribution: the link is often opened in another browser.
      const counted = { session: null, visitId, source: sourceOfLead(result.lead) };
      const names = confirmationEvents(result.lead.lead_source);
      if (result.confirmedNow) {
        track(ctx, names.confirmed, counted);
        // After the response, never failing the confirmation (ADR 038).
        webhookEvents.leadConfirmed(ctx, table, result.lead, now().toISOString());
      }
      // Also on a repeat: credit() only moves a pending referral, so a confirmation whose credit
      // failed halfway is completed by the parent's next press of the button, and never counted twice.
      const hold = await holdFor(result.lead);
      const credited = await store.credit(table, leadId, now().toISOString(), placesPerCredit, hold);
      // A club counts its confirmed families whose credit is not held (ADR 039).
      if (credited?.status !== "held") await checkMemberClubMilestone(ctx, leadId);
      if (credited?.status === "held") {
        log.info("referral.held", { referrerId: credited.referrer_id, reasons: hold.join(",") });
        webhookEvents.referralHeld(ctx, table, credited, [...hold]);
        return result;
      }
      if (credited) {
        track(ctx, names.credited, counted);
        webhookEvents.referralCredited(ctx, table, credited);
      }
      if (credited?.referrer_id) {
        // Milestone rewards (ADR 035): logged, never failing the confirmation.
        await settleRewards(ctx, credited.referrer_id, now);
        await mailReferrer(credited.referrer_id, 1).catch((error) =>
          log.error("referral.mail_failed", { mail: "moved-up", leadId: credited.referrer_id }, error),
        );
      }
      return result;
    },

    /** An admin's revoke or restore of a credit. Null when no such referral. */
    async setCredit(referralId: string, credited: boolean) {
      const changed = await store.setStatus(table, referralId, credited ? "credited" : "rejected", now().toISOString(), placesPerCredit);
      // Below a step: withdrawn or flagged; back above it: earned again (ADR 035).
      if (changed?.referrer_id) await settleRewards(ctx, changed.referrer_id, now);
      return changed;
    },

    /**
     * The one decision on held credits (ADR 036): approved ones become credits and move their
     * referrers (their rewards settled, each told once, "moved up"), rejected ones never count. Only
     * rows still held change, so a repeat or a second tab does nothing; answers the rows changed.
     */
    async decideHeld(ids: readonly string[], approve: boolean) {
      const changed = await store.decideHeld(table, ids, approve, now().toISOString(), placesPerCredit);
      log.info("referral.held_decided", { approve, count: changed.length });
      // An approved member now counts for their club (ADR 039).
      if (approve) for (const row of changed) await checkMemberClubMilestone(ctx, row.referred_id);
      if (approve) for (const row of changed) webhookEvents.referralCredited(ctx, table, row);
      if (approve) {
        // Counted in the funnel as a credit granted at once would have been, with the friend's attribution.
        for (const row of changed) {
          const friend = await leads.getById(table, row.referred_id);
          if (friend) track(ctx, confirmationEvents(friend.lead_source).credited, { session: null, source: sourceOfLead(friend) });
        }
        const creditsOf = new Map<string, number>();
        for (const row of changed) if (row.referrer_id) creditsOf.set(row.referrer_id, (creditsOf.get(row.referrer_id) ?? 0) + 1);
        for (const [referrerId, credits] of creditsOf) {
          // Approved credits count toward the reward ladder like any other (ADR 035).
          await settleRewards(ctx, referrerId, now);
          await mailReferrer(referrerId, credits).catch((error) =>
            log.error("referral.mail_failed", { mail: "moved-up", leadId: referrerId }, error),
          );
        }
      }
      return changed;
    },

    referralOf: (leadId: string) => store.referralOf(table, leadId),
    list: (options: Parameters<typeof store.list>[1]) => store.list(table, options),
    /** Credited referrals by the channel their link was shared through (issue 34). */
    byChannel: () => store.creditedByChannel(table),
  };
}
