import { getBackend } from "~/data/backend.server";
import type { EarnedReward, RewardStep } from "~/data/ports/reward-store";
import { queueTemplateMail } from "~/mail/outbox.server";
import { manageLinkFor, rewardDownloadLinkFor, statusLinkFor } from "~/platform/lead-links.server";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";

/**
 * The milestone rewards engine (issue 34, docs/decisions/035-rewards-and-revocation.md). One entry,
 * `settleRewards`, brings a referrer's rewards in line with their credited referrals: every enabled
 * step at or below the count is earned (once: the ledger's natural key), a code step takes a code,
 * a places step moves the place; every reward above the count is withdrawn (undelivered) or flagged
 * (delivered). Called after each credit, revoke, restore and approval; running it twice changes
 * nothing the second time, so callers need not know what changed.
 */

type Ctx = Pick<
  RequestContext,
  "env" | "bindings" | "leadTable" | "variant" | "contentKey" | "origin" | "isLocal" | "client" | "waitUntil"
>;

/** Whether a ledger row still holds the reward for the parent (not withdrawn). */
export const isActive = (reward: Pick<EarnedReward, "withdrawn_at">) => reward.withdrawn_at === null;

/**
 * Settles the referrer's rewards. Never throws (unless asked to): a failure is logged (reward.settle_failed) and the
 * next settle (the next credit, or the admin's) completes it, because settling is idempotent. Answers the
 * `reward.earned` facts of the rewards earned now, written with them, for the caller to dispatch (the facts'
 * reactions import this module); one not dispatched is enqueued by the cron's sweep.
 */
export async function settleRewards(
  ctx: Ctx,
  referrerId: string,
  now: () => Date = () => new Date(),
  options: { rethrow?: boolean } = {},
): Promise<string[]> {
  const earned: string[] = [];
  try {
    await settle(ctx, referrerId, now, earned);
  } catch (error) {
    log.error("reward.settle_failed", { leadId: referrerId }, error);
    // A fact's reaction fails with it, so its settlement is tried again.
    if (options.rethrow) throw error;
  }
  return earned;
}

async function settle(ctx: Ctx, referrerId: string, now: () => Date, earned: string[]) {
  const table = ctx.leadTable;
  const { leads, rewards } = getBackend(ctx);
  const [lead, steps] = await Promise.all([leads.getById(table, referrerId), rewards.steps(table)]);
  if (!lead || steps.length === 0) return;
  // referral_count is the recount of credited rows, written with every credit, revoke and restore.
  const credited = lead.referral_count;
  const byId = new Map(steps.map((step) => [step.id, step]));

  for (const step of steps) {
    if (!step.enabled || step.threshold > credited) continue;
    const result = await rewards.earn(table, lead.id, step.id, now().toISOString());
    if (!result?.earnedNow) continue;
    log.info("reward.earned", { leadId: lead.id, stepId: step.id, kind: step.kind });
    // Its fact was written with it: the webhook event follows from the fact.
    earned.push(`reward.earned:${table}:${result.reward.id}`);
    // Only a confirmed address gets mail; the status page shows the reward either way.
    if (lead.email_verified) await mailReward(ctx, lead, step, result.reward, now());
  }

  for (const reward of await rewards.earnedBy(table, lead.id)) {
    const step = byId.get(reward.step_id);
    if (!step || step.threshold <= credited || !isActive(reward) || reward.flagged_at) continue;
    const changed = await rewards.withdraw(table, reward.id, now().toISOString());
    if (changed)
      log.info(changed.withdrawn_at ? "reward.withdrawn" : "reward.flagged", { leadId: lead.id, stepId: step.id, kind: step.kind });
  }
}

/** One mail per ledger row (its dedupe key): a reinstated reward is not mailed again. */
async function mailReward(ctx: Ctx, lead: { id: string; email: string }, step: RewardStep, reward: EarnedReward, now: Date) {
  const table = ctx.leadTable;
  const [statusLink, manageLink] = await Promise.all([statusLinkFor(ctx, table, lead.id, now), manageLinkFor(ctx, table, lead.id, now)]);
  // A download's button is its signed link; the other kinds are shown on the status page (a code is revealed there).
  const link = step.kind === "download" ? await rewardDownloadLinkFor(ctx, table, reward.id, now) : statusLink;
  // Not queued (the outbox write failed) is logged by queueTemplateMail (mail.outbox_write_failed).
  await queueTemplateMail(ctx, {
    dedupeKey: `reward:${table}:${reward.id}`,
    template: "reward",
    variant: ctx.variant,
    to: lead.email,
    data: { origin: ctx.origin, statusLink, manageLink, reward: { title: step.title, description: step.description, link } },
  });
}
