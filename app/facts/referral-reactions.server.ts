import { recordEvent, sourceOfLead } from "~/analytics/analytics.server";
import { confirmationEvents } from "~/analytics/events";
import { checkMemberClubMilestone } from "~/clubs/clubs.server";
import { getBackend } from "~/data/backend.server";
import type { Fact } from "~/data/ports/fact-store";
import { mailMovedUp } from "./moved-up.server";
import { settleRewards } from "~/rewards/rewards.server";
import type { RequestContext } from "~/utils/context.server";
import { contentKeyOf, variantOfKey } from "~/utils/variant";
import { recordWebhookEvent } from "~/webhooks/emit.server";
import { leadConfirmedEvent, referralCreditedEvent, referralHeldEvent } from "~/webhooks/events.server";
import type { FactContext } from "./context.server";
import type { Reaction } from "./reactions.server";
import { tableOfFact } from "./wave-invites.server";

/**
 * The confirmation's and the credits' reactions (docs/decisions/046-facts-and-reactions.md): what
 * followed a confirmation, a credit or an approved held credit by hand before facts. Each reads what
 * it needs from the ids in its fact and runs with the request that made the change as its fact
 * recorded it (origin, variant, client flags); its work after the response is awaited here, so a
 * handler is done only when its effects are written.
 */

type ReactionContext = Pick<
  RequestContext,
  "env" | "bindings" | "leadTable" | "variant" | "contentKey" | "origin" | "isLocal" | "client" | "waitUntil"
>;

/** Runs `work` with the context of the request that wrote the fact, and waits for what it left running. */
async function asRequest(ctx: FactContext, fact: Fact, work: (request: ReactionContext) => Promise<void>): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const variant = variantOfKey(String(fact.payload.variant ?? "genius"));
  const js = fact.payload.js;
  const request: ReactionContext = {
    env: ctx.env,
    bindings: ctx.bindings as ReactionContext["bindings"],
    leadTable: tableOfFact(fact),
    variant,
    contentKey: contentKeyOf(variant),
    origin: String(fact.payload.origin ?? ""),
    isLocal: fact.payload.local === true,
    client: { bot: fact.payload.bot === true, js: typeof js === "boolean" ? js : null },
    waitUntil: (promise) => void pending.push(promise),
  };
  await work(request);
  while (pending.length) await Promise.all(pending.splice(0));
}

const factsOf = (fact: string | null) => (fact ? [fact] : []);

/** The time of the change: the day a funnel event counts for and the day of a "moved up" mail. */
const changedAt = (fact: Fact) => () => new Date(fact.created_at);

const ids = (fact: Fact) =>
  fact.payload as { lead_id: string; referral_id: string; referrer_id: string | null; referred_id: string; credits?: number };

/** A lead's funnel event, counted with the lead's own attribution (the link is often opened in another browser). */
async function funnelEvent(request: ReactionContext, fact: Fact, leadId: string, which: "confirmed" | "credited"): Promise<void> {
  const lead = await getBackend(request).leads.getById(request.leadTable, leadId);
  if (!lead) return;
  const visitId = typeof fact.payload.visit_id === "string" ? fact.payload.visit_id : null;
  await recordEvent(request, confirmationEvents(lead.lead_source)[which], {
    visitId,
    source: sourceOfLead(lead),
    day: fact.created_at.slice(0, 10),
  });
}

export const leadConfirmedReactions: readonly Reaction[] = [
  {
    name: "webhook",
    async run(ctx, fact) {
      const { lead_id, source, confirmed_at } = fact.payload as { lead_id: string; source: string | null; confirmed_at: string };
      await recordWebhookEvent(ctx, leadConfirmedEvent(tableOfFact(fact), { id: lead_id, lead_source: source }, confirmed_at));
      return null;
    },
  },
  {
    name: "funnel",
    async run(ctx, fact) {
      await asRequest(ctx, fact, (request) => funnelEvent(request, fact, ids(fact).lead_id, "confirmed"));
      return null;
    },
  },
  {
    // A club counts its confirmed families whose credit is not held (ADR 039); a credited one is
    // counted by its credit's reaction, a held one by its approval's.
    name: "club",
    async run(ctx, fact) {
      await asRequest(ctx, fact, async (request) => {
        const referral = await getBackend(request).referrals.referralOf(request.leadTable, ids(fact).lead_id);
        if (referral?.status === "credited" || referral?.status === "held") return;
        ctx.handOn(factsOf(await checkMemberClubMilestone(request, ids(fact).lead_id)));
      });
      return null;
    },
  },
];

/** A credit's reactions, an approved held credit's too: one list for both. */
export const creditReactions: readonly Reaction[] = [
  {
    // `referral.credited:{table}:{referral}` for both: an approval is the credit a hold delayed.
    name: "webhook",
    async run(ctx, fact) {
      const { referral_id, referrer_id, referred_id } = ids(fact);
      await recordWebhookEvent(ctx, referralCreditedEvent(tableOfFact(fact), { id: referral_id, referrer_id, referred_id }));
      return null;
    },
  },
  {
    // Counted with the friend's attribution.
    name: "funnel",
    async run(ctx, fact) {
      await asRequest(ctx, fact, (request) => funnelEvent(request, fact, ids(fact).referred_id, "credited"));
      return null;
    },
  },
  {
    name: "club",
    async run(ctx, fact) {
      // A milestone reached has its own fact (its webhook event), handed on once this is done.
      await asRequest(ctx, fact, async (request) => ctx.handOn(factsOf(await checkMemberClubMilestone(request, ids(fact).referred_id))));
      return null;
    },
  },
  {
    // Credits count toward the reward ladder (ADR 035).
    name: "rewards",
    async run(ctx, fact) {
      const referrer = ids(fact).referrer_id;
      // The rewards earned now have their own facts (their webhook events), handed on once this is done.
      if (referrer)
        await asRequest(ctx, fact, async (request) =>
          ctx.handOn(await settleRewards(request, referrer, changedAt(fact), { rethrow: true })),
        );
      return null;
    },
  },
  {
    // "Moved up", with all the credits the referrer got in the same change (an approval of several).
    name: "mail",
    async run(ctx, fact) {
      const referrer = ids(fact).referrer_id;
      const credits = Number(ids(fact).credits ?? 1);
      if (referrer) await asRequest(ctx, fact, (request) => mailMovedUp(request, referrer, credits, changedAt(fact)));
      return null;
    },
  },
];

export const referralHeldReactions: readonly Reaction[] = [
  {
    name: "webhook",
    async run(ctx, fact) {
      const { referral_id, referrer_id, referred_id } = ids(fact);
      const reasons = (fact.payload.reasons as string[] | undefined) ?? [];
      await recordWebhookEvent(ctx, referralHeldEvent(tableOfFact(fact), { id: referral_id, referrer_id, referred_id }, reasons));
      return null;
    },
  },
];
