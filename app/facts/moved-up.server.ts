import { placesPerCreditOf } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { queueTemplateMail } from "~/mail/outbox.server";
import { manageLinkFor, statusLinkFor } from "~/platform/lead-links.server";
import { standingOfLead } from "~/standing/standing.server";
import type { RequestContext } from "~/utils/context.server";
import { variantKey } from "~/utils/variant";

/** The referrer told of a credit (docs/decisions/010-referrals-and-place-in-line.md), a reaction to its fact. */

type Ctx = Pick<
  RequestContext,
  "env" | "bindings" | "leadTable" | "variant" | "contentKey" | "origin" | "isLocal" | "client" | "waitUntil"
>;

/**
 * The referrer's place before their `credits` just granted: the same row with the score and count it
 * had, among the others as they are (only the referrer's row changed). Its current row counts as
 * ahead of that old self, so it is taken off.
 */
async function placeBeforeCredits(ctx: Ctx, referrer: Lead, credits: number): Promise<number | null> {
  if (referrer.place_score === null) return null;
  const before = await getBackend(ctx).referrals.placeOf(ctx.leadTable, {
    confirm_seq: referrer.confirm_seq,
    place_score: referrer.place_score + placesPerCreditOf(variantKey(ctx.variant)) * credits,
    referral_count: referrer.referral_count - credits,
  });
  return before === null ? null : before - 1;
}

/**
 * "You moved up to place N" (a reaction to a credit): at most one a day per parent (the dedupe key),
 * only once they have a place, and only when the `credits` just granted moved them past someone.
 * Throws when the outbox write fails, so the reaction is tried again.
 */
export async function mailMovedUp(ctx: Ctx, referrerId: string, credits: number, now: () => Date): Promise<void> {
  const table = ctx.leadTable;
  const referrer = await getBackend(ctx).leads.getById(table, referrerId);
  if (!referrer || referrer.confirm_seq === null) return;
  // Admitted parents (or those with an account) are past the line: nothing moved for them.
  const [{ standing }, before] = await Promise.all([standingOfLead(ctx, referrer, now()), placeBeforeCredits(ctx, referrer, credits)]);
  if (standing.kind !== "waiting") return;
  const place = standing.place;
  // Number 1 already, or a credit that passed nobody: the place did not change.
  if (before !== null && place >= before) return;
  const [statusLink, manageLink] = await Promise.all([
    statusLinkFor(ctx, table, referrer.id, now()),
    manageLinkFor(ctx, table, referrer.id, now()),
  ]);
  const day = now().toISOString().slice(0, 10);
  const queued = await queueTemplateMail(ctx, {
    dedupeKey: `moved-up:${table}:${referrer.id}:${day}`,
    template: "moved-up",
    variant: ctx.variant,
    to: referrer.email,
    data: { origin: ctx.origin, statusLink, manageLink, place: place ?? undefined },
  });
  if (!queued.queued) throw new Error(queued.error);
}
