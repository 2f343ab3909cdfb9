import { getBackend } from "~/data/backend.server";
import type { Fact } from "~/data/ports/fact-store";
import { recordWebhookEvent } from "~/webhooks/emit.server";
import { clubMilestoneEvent, inviteAcceptedEvent, leadErasedEvent, rewardEarnedEvent, waveAdmittedEvent } from "~/webhooks/events.server";
import type { HandlerContext } from "./context.server";
import { creditReactions, leadConfirmedReactions, referralHeldReactions } from "./referral-reactions.server";
import { inviteChunk, tableOfFact } from "./wave-invites.server";

/**
 * What follows from each fact (docs/decisions/046-facts-and-reactions.md): the one table of
 * consequences. A handler runs once per (fact, handler) to the end: it answers null when it is
 * done, or where to go on from when it did a bounded part of its work (a chunk of invites), and the
 * next queue message goes on from there. A handler may run again after a failure or a lost message,
 * so each is idempotent (dedupe keys, event ids). To add a consequence, add a handler to its fact's
 * line; a fact type with no line here is recorded and handled by nothing.
 */

export type Reaction = {
  /** Stable: the handling rows are keyed by it. */
  name: string;
  run(ctx: HandlerContext, fact: Fact, after: number): Promise<number | null>;
};

export type FactType =
  | "wave.admitted"
  | "lead.confirmed"
  | "referral.credited"
  | "referral.held"
  | "referral.approved"
  | "referral.rejected"
  | "reward.earned"
  | "club.milestone"
  | "invite.accepted"
  | "lead.erased";

export const reactions: Record<FactType, readonly Reaction[]> = {
  "wave.admitted": [
    {
      // The same event id and payload as before facts: `wave.admitted:{table}:{wave}`.
      name: "webhook",
      async run(ctx, fact) {
        const { wave_id, seq, lead_ids } = fact.payload as { wave_id: string; seq: number; lead_ids: string[] };
        await recordWebhookEvent(ctx, waveAdmittedEvent(tableOfFact(fact), { id: wave_id, seq }, lead_ids));
        return null;
      },
    },
    { name: "invites", run: inviteChunk },
  ],
  // The confirmation: its webhook event, its funnel event and its club count.
  "lead.confirmed": leadConfirmedReactions,
  // A credit and an approved held credit are one code path: the same handlers.
  "referral.credited": creditReactions,
  "referral.approved": creditReactions,
  "referral.held": referralHeldReactions,
  // A rejected held credit never counted: nothing follows (the fact records the decision).
  "referral.rejected": [],
  // A reward earned: its webhook event (its mail is still sent where it is earned, in settleRewards).
  "reward.earned": [
    {
      name: "webhook",
      async run(ctx, fact) {
        const { reward_id, lead_id, step_id, kind, threshold } = fact.payload as {
          reward_id: string;
          lead_id: string;
          step_id: string;
          kind: string;
          threshold: number;
        };
        await recordWebhookEvent(ctx, rewardEarnedEvent(tableOfFact(fact), { id: reward_id, lead_id, step_id }, { kind, threshold }));
        return null;
      },
    },
  ],
  // A club's milestone reached: its webhook event, with the club's names read now (a removed club has none to send).
  "club.milestone": [
    {
      name: "webhook",
      async run(ctx, fact) {
        const { club_id, milestone, families } = fact.payload as { club_id: string; milestone: number | null; families: number };
        const club = await getBackend(ctx).clubs.get(club_id);
        if (club) await recordWebhookEvent(ctx, clubMilestoneEvent(tableOfFact(fact), { ...club, milestone }, families));
        return null;
      },
    },
  ],
  // An invite accepted: its webhook event.
  "invite.accepted": [
    {
      name: "webhook",
      async run(ctx, fact) {
        const { lead_id, wave_id } = fact.payload as { lead_id: string; wave_id: string | null };
        await recordWebhookEvent(ctx, inviteAcceptedEvent(tableOfFact(fact), lead_id, wave_id));
        return null;
      },
    },
  ],
  // An entry erased (the parent's erasure, an admin's delete): its webhook event, the id only.
  "lead.erased": [
    {
      name: "webhook",
      async run(ctx, fact) {
        await recordWebhookEvent(ctx, leadErasedEvent(tableOfFact(fact), String(fact.payload.lead_id)));
        return null;
      },
    },
  ],
};

export function reactionsTo(type: string): readonly Reaction[] {
  return (reactions as Record<string, readonly Reaction[] | undefined>)[type] ?? [];
}
