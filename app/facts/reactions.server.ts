import type { Fact } from "~/data/ports/fact-store";
import { recordWebhookEvent } from "~/webhooks/emit.server";
import { waveAdmittedEvent } from "~/webhooks/events.server";
import type { FactContext } from "./context.server";
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
  run(ctx: FactContext, fact: Fact, after: number): Promise<number | null>;
};

export type FactType =
  "wave.admitted" | "lead.confirmed" | "referral.credited" | "referral.held" | "referral.approved" | "referral.rejected";

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
};

export function reactionsTo(type: string): readonly Reaction[] {
  return (reactions as Record<string, readonly Reaction[] | undefined>)[type] ?? [];
}
