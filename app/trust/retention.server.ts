import { getBackend } from "~/data/backend.server";
import { LEAD_TABLES } from "~/data/lead-model";
import { log } from "~/platform/log.server";
import { deleteConsentRecordsBefore } from "./consent-records.server";
import type { RequestContext } from "~/utils/context.server";

const DAY_MS = 24 * 60 * 60 * 1000;

type Ctx = Pick<RequestContext, "env" | "bindings">;

/** What one run deleted: leads per table, emptied e-mail bodies, analytics events. */
export type RetentionSummary = {
  unconfirmed: Record<string, number>;
  placeholders: Record<string, number>;
  mailBodies: number;
  analyticsEvents: number;
  consentRecords: number;
  /** The steps that failed (each is logged); the others still ran. */
  failed: string[];
};

/** The cut-off instants of each rule, from the configured periods. */
function retentionCutoffs(env: Ctx["env"], now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const monthsAgo = (months: number) => {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - months);
    return date.toISOString();
  };
  return {
    unconfirmedBefore: daysAgo(env.UNCONFIRMED_RETENTION_DAYS),
    placeholdersBefore: daysAgo(env.PLACEHOLDER_RETENTION_DAYS),
    mailBodiesBefore: daysAgo(env.OUTBOX_BODY_RETENTION_DAYS),
    analyticsDaysBefore: monthsAgo(env.ANALYTICS_RETENTION_MONTHS).slice(0, 10),
    consentRecordsBefore: monthsAgo(env.CONSENT_RETENTION_MONTHS),
  };
}

/**
 * The cron's clean-up, as the privacy policy states it: leads never confirmed (with their pending
 * referrals), placeholder leads a visitor left before giving an e-mail, the bodies of e-mails that
 * are done (their status rows stay), analytics events (the anonymous daily counts stay) and old
 * consent records.
 * Each step runs on its own, so one failing store does not keep the others from deleting.
 */
export async function enforceRetention(ctx: Ctx, now: Date = new Date()): Promise<RetentionSummary> {
  const cut = retentionCutoffs(ctx.env, now);
  const summary: RetentionSummary = { unconfirmed: {}, placeholders: {}, mailBodies: 0, analyticsEvents: 0, consentRecords: 0, failed: [] };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log.error("retention.step_failed", { step: name }, error);
      summary.failed.push(name);
    }
  };
  const referrals = getBackend(ctx).referrals;
  // Placeholders first: the shorter period; what is left of them is unconfirmed anyway.
  await step("placeholders", async () => {
    for (const table of LEAD_TABLES)
      summary.placeholders[table] = await referrals.purgeUnconfirmed(table, cut.placeholdersBefore, { placeholdersOnly: true });
  });
  await step("unconfirmed", async () => {
    for (const table of LEAD_TABLES) summary.unconfirmed[table] = await referrals.purgeUnconfirmed(table, cut.unconfirmedBefore);
  });
  await step("mail bodies", async () => {
    summary.mailBodies = await getBackend(ctx).outbox.clearBodies(cut.mailBodiesBefore);
  });
  await step("analytics events", async () => {
    summary.analyticsEvents = await getBackend(ctx).analytics.deleteEventsBefore(cut.analyticsDaysBefore);
  });
  await step("consent records", async () => {
    summary.consentRecords = await deleteConsentRecordsBefore(ctx, cut.consentRecordsBefore);
  });
  log.info("cron.run", { job: "retention", ...summary });
  return summary;
}
