import { placesPerCreditOf } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { dispatchFact, dispatchFacts } from "~/facts/facts.server";
import type { Lead } from "~/data/ports/lead-store";
import type { RequestContext } from "~/utils/context.server";
import type { FactContextPayload, ReferralCounts } from "~/data/ports/referral-store";
import { log } from "~/platform/log.server";
import { settleRewards } from "~/rewards/rewards.server";
import { variantKey } from "~/utils/variant";
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

/**
 * What a change's facts carry of the request that made it: the origin and variant the reactions'
 * links and mails use, and what its funnel events record (the client flags, the visit id).
 */
export function factContextOf(ctx: Ctx, visitId: string | null): FactContextPayload {
  return {
    origin: ctx.origin,
    local: ctx.isLocal,
    variant: variantKey(ctx.variant),
    js: ctx.client.js,
    bot: ctx.client.bot,
    visit_id: visitId,
  };
}

export function referralsOf(ctx: Ctx, now: () => Date = () => new Date()) {
  const store = getBackend(ctx).referrals;
  const table = ctx.leadTable;
  // Fairness is a setting per variant (ADR 036): 0 places per credit is first come, first served.
  const placesPerCredit = placesPerCreditOf(variantKey(ctx.variant));

  /** The parent's referrals: credited and waiting for their friend's confirmation. */
  const countsOf = (lead: Pick<Lead, "id">): Promise<ReferralCounts> => store.countsFor(table, lead.id);

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
     * The double opt-in: confirms the address once and credits (or holds) the referral that brought
     * the parent; each change writes its fact, whose reactions (funnel events, webhooks, the club
     * count, rewards, the referrer's mail: app/facts/reactions.server.ts) run after the response.
     * Null when the lead is gone. Throws when the database fails.
     */
    async confirm(leadId: string, visitId: string | null = null): Promise<{ lead: Lead; confirmedNow: boolean } | null> {
      const context = factContextOf(ctx, visitId);
      const result = await store.confirmLead(table, leadId, now().toISOString(), placesPerCredit, context);
      if (!result) return null;
      // Also on a repeat: credit() only moves a pending referral, so a confirmation whose credit
      // failed halfway is completed by the parent's next press of the button, and never counted twice.
      const hold = await holdFor(result.lead);
      const credited = await store.credit(table, leadId, now().toISOString(), placesPerCredit, hold, context);
      if (credited?.status === "held") log.info("referral.held", { referrerId: credited.referrer_id, reasons: hold.join(",") });
      // Handed on once both changes are made: the club count reads whether the credit is held.
      const facts = [
        ...(result.confirmedNow ? [`lead.confirmed:${table}:${leadId}`] : []),
        ...(credited ? [`${credited.status === "held" ? "referral.held" : "referral.credited"}:${table}:${credited.id}`] : []),
      ];
      for (const fact of facts) dispatchFact(ctx, fact);
      return result;
    },

    /** An admin's revoke or restore of a credit. Null when no such referral. */
    async setCredit(referralId: string, credited: boolean) {
      const changed = await store.setStatus(table, referralId, credited ? "credited" : "rejected", now().toISOString(), placesPerCredit);
      // Below a step: withdrawn or flagged; back above it: earned again (ADR 035).
      if (changed?.referrer_id) dispatchFacts(ctx, await settleRewards(ctx, changed.referrer_id, now));
      return changed;
    },

    /**
     * The one decision on held credits (ADR 036): approved ones become credits and move their
     * referrers, rejected ones never count. Each changed row's fact is written with the change; an
     * approval's reactions are a credit's (rewards, the club count, "moved up", the funnel, the
     * webhook). Only rows still held change, so a repeat or a second tab does nothing; answers the rows changed.
     */
    async decideHeld(ids: readonly string[], approve: boolean) {
      const changed = await store.decideHeld(table, ids, approve, now().toISOString(), placesPerCredit, factContextOf(ctx, null));
      log.info("referral.held_decided", { approve, count: changed.length });
      dispatchFacts(
        ctx,
        changed.map((row) => `${approve ? "referral.approved" : "referral.rejected"}:${table}:${row.id}`),
      );
      return changed;
    },

    referralOf: (leadId: string) => store.referralOf(table, leadId),
    list: (options: Parameters<typeof store.list>[1]) => store.list(table, options),
    /** Credited referrals by the channel their link was shared through (issue 34). */
    byChannel: () => store.creditedByChannel(table),
  };
}
