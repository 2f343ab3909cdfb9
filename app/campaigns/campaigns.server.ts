import type { ContentKey } from "#content/index";
import { renderEmail, type EmailData, type RenderedEmail } from "#emails/render.server";
import { sampleEmailData, sampleUnsubscribeLink } from "#emails/sample-data";
import { ADMIN_VARIANTS, scopeVariants, variantScope, type AdminScope, type VariantScope } from "~/utils/admin-scope";
import { getBackend, type DataBindings } from "~/data/backend.server";
import { campaignDedupeKey } from "~/data/campaign-model";
import type { Campaign, NewCampaign } from "~/data/ports/campaign-store";
import type { OutboxStatus } from "~/data/ports/outbox-store";
import type { Suppression } from "~/data/ports/suppression-store";
import { enqueueRows, mailQueueOf, type MailBindings } from "~/mail/mail-queue.server";
import { queueTemplateMail, writeTemplateMails, type QueuedMail, type TemplateMailInput } from "~/mail/outbox.server";
import { emailHash } from "~/mail/suppression.server";
import { sha256Hex } from "~/platform/crypto.server";
import { log } from "~/platform/log.server";
import { standingsOfMany } from "~/standing/standing.server";
import type { Standing } from "~/standing/standing";
import { manageLinkFor, statusLinkFor } from "~/platform/lead-links.server";
import type { AppEnv } from "~/utils/env.server";
import { isLocalHost, publicOrigin } from "~/utils/variant.server";
import { variantKey, variantOfKey, type Variant } from "~/utils/variant";
import type { Draft } from "./draft";

/**
 * Launch-day announcements (docs/decisions/026-announcements.md). A campaign is one row (the
 * ledger); its mails are outbox rows with the dedupe key `campaign:{id}:{leadId}`, written a chunk
 * at a time by steps (a queue message each, or the cron), so no request does the whole audience and
 * a step killed mid-way is resumed from the campaign's cursor without a second mail to anyone.
 */

export type CampaignContext = { env: AppEnv; bindings: MailBindings & DataBindings; now?: () => Date };

/** A message of the mail queue that moves a campaign on by one step. */
type CampaignMessage = { campaign: string };

/** Parents read per chunk (one suppression read, one places read and one queue send per chunk). */
const CHUNK = 100;
/**
 * Parents the audience's count reads at once (six statements per chunk): the launch page counts the
 * whole line on every view, and 100 at a time a line of 10,000 took 600 of D1's 1,000 statements.
 */
const AUDIENCE_CHUNK = 1_000;
/**
 * Recipients one step writes before it hands on to the next message: about a second of work, and
 * enough that the writing stays ahead of the sending (the next step's message waits in the queue
 * behind this step's mails, which leave at the provider's 200 a second at best).
 */
const STEP_RECIPIENTS = 1_000;
/** A step holds the campaign this long per chunk; one killed mid-way lets it go after this. */
const STEP_LEASE_MS = 60_000;
/**
 * A campaign row still pending under a message lease this old lost its message (a Worker killed
 * between the write and the enqueue, or the queue lost it): the cron enqueues it again. The queue
 * holds little of a campaign at a time (a step's message waits behind the previous step's mails,
 * 1,000 at most, 5 s at the provider's rate), so a minute is well past a live message's wait; one
 * that is only slow costs one more message, never a second mail (a row is claimed once).
 */
const REQUEUE_AFTER_MINUTES = 1;
/**
 * Sooner than that, a row is taken for lost once the queue has moved past it: rows of the campaign
 * written this much later were sent already. The queue delivers roughly in the order it was
 * written, and a row sent back with a delay is stamped anew, so a live message is seldom that far
 * behind; one that is costs one more message, never a second mail (a row is claimed once).
 */
const PASSED_OVER_MS = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const nowOf = (ctx: CampaignContext) => (ctx.now ?? (() => new Date()))();

/** A campaign's scope as stored: a variant key or `all`. */
function scopeKey(scope: AdminScope): string {
  return scope.kind === "all" ? "all" : variantKey(scope.variant);
}

/** The stored scope back as an admin scope; an unknown key is taken as the variant it names. */
export function scopeOfKey(key: string): AdminScope {
  if (key === "all") return { kind: "all" };
  const known = ADMIN_VARIANTS.find((v) => variantKey(v) === key);
  return variantScope(known ?? variantOfKey(key));
}

// ---------------------------------------------------------------- the audience

type AudienceCounts = {
  /** Confirmed parents who will receive it. */
  count: number;
  /** Confirmed parents who unsubscribed from marketing mail. */
  unsubscribed: number;
  /** Confirmed parents whose address bounced, complained or was erased (suppressed for all mail). */
  bounced: number;
  /** Leads that gave an address and never confirmed it. */
  unconfirmed: number;
  /** Those who will receive it by standing (ADR 027): still in line, admitted by a wave, with an account. */
  waiting: number;
  admitted: number;
  accounts: number;
};

/** A recipient of the audience: enough to address and personalise the mail. */
type Recipient = { scope: VariantScope; id: string; email: string };

type Verdict = "send" | "unsubscribed" | "bounced";

function verdictOf(entries: Suppression[] | undefined): Verdict {
  if (entries?.some((e) => e.scope === "all")) return "bounced";
  if (entries?.some((e) => e.scope === "marketing")) return "unsubscribed";
  return "send";
}

/** The suppression verdict of each parent of a chunk, in one read. */
async function verdicts(ctx: CampaignContext, emails: string[]): Promise<Verdict[]> {
  const hashes = await Promise.all(emails.map((email) => emailHash(email)));
  const entries = await getBackend(ctx).suppressions.entriesOfMany(hashes);
  return hashes.map((hash) => verdictOf(entries[hash]));
}

/**
 * Who an announcement to `scope` reaches now: confirmed waitlist parents minus the unsubscribed and
 * the suppressed (bounce, complaint, erasure), with the unconfirmed counted beside them; and the
 * first recipient, for the preview. Reads the audience a chunk at a time.
 */
export async function audienceOf(ctx: CampaignContext, scope: AdminScope): Promise<AudienceCounts & { first: Recipient | null }> {
  const store = getBackend(ctx).campaigns;
  const counts: AudienceCounts = { count: 0, unsubscribed: 0, bounced: 0, unconfirmed: 0, waiting: 0, admitted: 0, accounts: 0 };
  let first: Recipient | null = null;
  for (const variant of scopeVariants(scope)) {
    counts.unconfirmed += await store.unconfirmedCount(variant.table);
    for (let after = 0; ;) {
      const page = await store.audiencePage(variant.table, after, AUDIENCE_CHUNK);
      if (!page.length) break;
      const verdict = await verdicts(
        ctx,
        page.map((lead) => lead.email),
      );
      page.forEach((lead, i) => {
        if (verdict[i] === "send") {
          counts.count += 1;
          first ??= { scope: variant, id: lead.id, email: lead.email };
        } else counts[verdict[i] === "bounced" ? "bounced" : "unsubscribed"] += 1;
      });
      const standings = await standingsOfMany(
        ctx,
        variant.table,
        page.filter((_, i) => verdict[i] === "send"),
        nowOf(ctx),
      );
      for (const standing of Object.values(standings)) {
        if (standing.kind === "account") counts.accounts += 1;
        else if (standing.kind === "admitted") counts.admitted += 1;
        else counts.waiting += 1;
      }
      after = page[page.length - 1].confirm_seq;
      if (page.length < AUDIENCE_CHUNK) break;
    }
  }
  return { ...counts, first };
}

// ---------------------------------------------------------------- one recipient's mail

/** The links and origin of a variant as the campaign's admin request made them. */
function linkContext(ctx: CampaignContext, origin: string, variant: Variant) {
  const url = new URL(origin);
  return { env: ctx.env, isLocal: isLocalHost(url.hostname), origin: publicOrigin(url, variant, ctx.env), variant };
}

/**
 * The render data of one parent: their standing (a place in line only while waiting), signed status
 * and "Manage my data" links, the admin's fields.
 */
async function recipientData(
  ctx: CampaignContext,
  origin: string,
  scope: VariantScope,
  lead: { id: string },
  standing: Standing | undefined,
  draft: Draft,
): Promise<EmailData> {
  const links = linkContext(ctx, origin, scope.variant);
  const now = nowOf(ctx);
  const [statusLink, manageLink] = await Promise.all([
    statusLinkFor(links, scope.table, lead.id, now),
    manageLinkFor(links, scope.table, lead.id),
  ]);
  return {
    origin: links.origin,
    variant: scope.variant,
    statusLink,
    manageLink,
    place: standing?.kind === "waiting" ? standing.place : null,
    admitted: standing?.kind === "admitted",
    hasAccount: standing?.kind === "account",
    announcement: { date: draft.date, message: draft.message, ctaLabel: draft.ctaLabel, ctaUrl: draft.ctaUrl },
  };
}

const draftOf = (c: Campaign): Draft => ({ date: c.early_access_date, message: c.message, ctaLabel: c.cta_label, ctaUrl: c.cta_url });

/**
 * The announcement as `recipient` will receive it (their place and links), or with sample values
 * when the audience is empty; rendered only, nothing is written.
 */
export async function previewAnnouncement(
  ctx: CampaignContext,
  origin: string,
  scope: AdminScope,
  recipient: Recipient | null,
  draft: Draft,
): Promise<RenderedEmail & { to: string | null }> {
  const controller = { name: ctx.env.CONTROLLER_NAME, address: ctx.env.CONTROLLER_ADDRESS, email: ctx.env.CONTROLLER_EMAIL };
  const target = recipient?.scope ?? scopeVariants(scope)[0];
  let data: EmailData;
  if (recipient) {
    const standing = (await standingsOfMany(ctx, recipient.scope.table, [recipient], nowOf(ctx)))[recipient.id];
    data = await recipientData(ctx, origin, recipient.scope, recipient, standing, draft);
  } else {
    const links = linkContext(ctx, origin, target.variant);
    data = { ...sampleEmailData(target.key, links.origin, links.origin), announcement: { ...draft } };
  }
  const rendered = await renderEmail("announcement", target.key as ContentKey, {
    ...data,
    controller,
    unsubscribeLink: sampleUnsubscribeLink(target.key, data.origin),
  });
  return { ...rendered, to: recipient?.email ?? null };
}

/**
 * "Send a test": the announcement as the audience's first recipient will receive it, to the
 * admin's own address. Its key is `campaign-test:`, never `campaign:{id}:`, so it is no part of
 * any campaign; the same form and fields send one test however often the button is pressed.
 */
export async function sendTestAnnouncement(
  ctx: CampaignContext & { waitUntil?: (promise: Promise<unknown>) => void },
  input: { origin: string; scope: AdminScope; recipient: Recipient | null; draft: Draft; to: string; formKey: string },
): Promise<QueuedMail> {
  const target = input.recipient?.scope ?? scopeVariants(input.scope)[0];
  let data: EmailData;
  if (input.recipient) {
    const standing = (await standingsOfMany(ctx, target.table, [input.recipient], nowOf(ctx)))[input.recipient.id];
    data = await recipientData(ctx, input.origin, target, input.recipient, standing, input.draft);
  } else {
    const links = linkContext(ctx, input.origin, target.variant);
    data = { ...sampleEmailData(target.key, links.origin, links.origin), announcement: { ...input.draft } };
  }
  const fields = await sha256Hex(JSON.stringify([scopeKey(input.scope), input.draft, input.to.toLowerCase()]));
  return queueTemplateMail(ctx, {
    dedupeKey: `campaign-test:${input.formKey}:${fields.slice(0, 32)}`,
    template: "announcement",
    variant: target.variant,
    to: input.to,
    data,
  });
}

// ---------------------------------------------------------------- creating a campaign

/** The same announcement to the same audience is one campaign, whoever presses send (the content key). */
async function contentKeyOf(scope: AdminScope, draft: Draft): Promise<string> {
  return sha256Hex(JSON.stringify(["announcement", scopeKey(scope), draft.date, draft.message, draft.ctaLabel, draft.ctaUrl]));
}

/**
 * Records the campaign once: a resubmitted form (its key) or a second admin sending the same
 * announcement (its content) finds the first one (`created: false`).
 */
export async function createCampaign(
  ctx: CampaignContext,
  input: { scope: AdminScope; draft: Draft; formKey: string; origin: string; by: string; sendAt: Date | null; audience?: number },
): Promise<{ created: boolean; campaign: Campaign }> {
  const now = nowOf(ctx);
  const campaign: NewCampaign = {
    id: crypto.randomUUID(),
    form_key: input.formKey,
    content_key: await contentKeyOf(input.scope, input.draft),
    scope: scopeKey(input.scope),
    early_access_date: input.draft.date,
    message: input.draft.message,
    cta_label: input.draft.ctaLabel,
    cta_url: input.draft.ctaUrl,
    origin: input.origin,
    created_by: input.by,
    created_at: now.toISOString(),
    send_at: (input.sendAt ?? now).toISOString(),
    audience: input.audience ?? 0,
  };
  const result = await getBackend(ctx).campaigns.createOnce(campaign);
  // Who pressed send stays in the row (created_by), not in the log: it is an address.
  if (result.created)
    log.info("campaign.created", { campaign: campaign.id, scope: campaign.scope, audience: campaign.audience, sendAt: campaign.send_at });
  return result;
}

/**
 * Starts a campaign that is due now: with a mail queue, one message moves it on step by step; without one
 * (Vite dev) a step runs here. The admin's request only hands it on.
 */
export async function kickCampaign(ctx: CampaignContext, id: string): Promise<void> {
  const queue = mailQueueOf(ctx.bindings);
  if (queue) await (queue as unknown as Queue<CampaignMessage>).send({ campaign: id }, { contentType: "json" });
  else await stepCampaign(ctx, id);
}

// ---------------------------------------------------------------- writing the rows, a chunk at a time

type Cursor = { t: number; seq: number };

function parseCursor(raw: string | null): Cursor {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<Cursor>) : {};
    return { t: Number(value.t) || 0, seq: Number(value.seq) || 0 };
  } catch {
    return { t: 0, seq: 0 };
  }
}

type StepOutcome =
  /** Not due yet, gone, or already written. */
  | "idle"
  /** Another step holds it. */
  | "busy"
  /** This step lost its lease mid-way (it ran past it): the holder goes on. */
  | "lost"
  /** Part written; the next step goes on. */
  | "more"
  /** Every recipient has a row. */
  | "written";

/**
 * One step of a campaign: takes its lease (starting it if it is scheduled and due, with the
 * audience's count), writes up to `maxRecipients` rows a chunk at a time from its cursor, and
 * records each chunk with the cursor under the lease. A step killed between a chunk's rows and its
 * record leaves the cursor before that chunk: the next step writes it again, the dedupe keys find
 * the rows already there, and none is sent twice.
 */
export async function stepCampaign(ctx: CampaignContext, id: string, options: { maxRecipients?: number } = {}): Promise<StepOutcome> {
  const tally = { started: false, written: 0, excluded: 0 };
  const outcome = await writeStep(ctx, id, options, tally);
  // One line per step, whoever ran it (a queue message, the cron, an admin's start without a queue).
  log.info("campaign.step", { campaign: id, outcome, ...tally });
  return outcome;
}

/** stepCampaign's work; `tally` counts what it wrote, for the step's log line. */
async function writeStep(
  ctx: CampaignContext,
  id: string,
  options: { maxRecipients?: number },
  tally: { started: boolean; written: number; excluded: number },
): Promise<StepOutcome> {
  const store = getBackend(ctx).campaigns;
  const found = await store.get(id);
  if (!found || found.status === "written") return "idle";
  const now = nowOf(ctx);
  if (found.status === "scheduled" && Date.parse(found.send_at) > now.getTime()) return "idle";
  const scope = scopeOfKey(found.scope);
  const audience = found.status === "scheduled" ? (await audienceOf(ctx, scope)).count : found.audience;
  let lease = new Date(nowOf(ctx).getTime() + STEP_LEASE_MS).toISOString();
  const campaign = await store.acquire(id, nowOf(ctx).toISOString(), lease, audience);
  if (!campaign) return "busy";
  tally.started = found.status === "scheduled";
  const variants = scopeVariants(scope);
  const draft = draftOf(campaign);
  let cursor = parseCursor(campaign.cursor);
  let written = 0;
  const max = options.maxRecipients ?? STEP_RECIPIENTS;
  while (cursor.t < variants.length && written < max) {
    const target = variants[cursor.t];
    const page = await store.audiencePage(target.table, cursor.seq, CHUNK);
    const next: Cursor = page.length ? { t: cursor.t, seq: page[page.length - 1].confirm_seq } : { t: cursor.t + 1, seq: 0 };
    const verdict = await verdicts(
      ctx,
      page.map((lead) => lead.email),
    );
    const recipients = page.filter((_, i) => verdict[i] === "send");
    // Each recipient's standing in four reads for the chunk: a place only for those still in line.
    const standings = await standingsOfMany(ctx, target.table, recipients, nowOf(ctx));
    const mails: TemplateMailInput[] = await Promise.all(
      recipients.map(async (lead) => ({
        dedupeKey: campaignDedupeKey(campaign.id, lead.id),
        template: "announcement" as const,
        variant: target.variant,
        to: lead.email,
        data: await recipientData(ctx, campaign.origin, target, lead, standings[lead.id], draft),
      })),
    );
    await writeTemplateMails(ctx, mails);
    written += page.length;
    tally.written += mails.length;
    tally.excluded += page.length - recipients.length;
    cursor = next;
    const nextLease = new Date(nowOf(ctx).getTime() + STEP_LEASE_MS).toISOString();
    const finished = cursor.t >= variants.length;
    const kept = await store.advance(campaign.id, lease, {
      cursor: JSON.stringify(cursor),
      // A chunk is recorded once: a step killed before this record never counted it.
      written: mails.length,
      excluded: page.length - recipients.length,
      done: finished,
      leaseUntil: finished ? null : nextLease,
      now: nowOf(ctx).toISOString(),
    });
    if (!kept) return "lost";
    if (finished) return "written";
    lease = nextLease;
  }
  // The step's share is done: let the lease go so the next message (or the cron) goes on at once.
  const released = await store.advance(campaign.id, lease, {
    cursor: JSON.stringify(cursor),
    written: 0,
    excluded: 0,
    done: false,
    leaseUntil: null,
    now: nowOf(ctx).toISOString(),
  });
  return released ? "more" : "lost";
}

/**
 * The mail queue's campaign messages: one step each (a campaign named twice in a batch steps once);
 * a campaign with more to write is handed on in a new message. Errors are logged: the campaign's
 * lease runs out and the cron resumes it.
 */
export async function consumeCampaignMessages(ctx: CampaignContext, messages: readonly Message<unknown>[]): Promise<void> {
  const ids = new Set<string>();
  for (const message of messages) {
    const id = (message.body as Partial<CampaignMessage> | null)?.campaign;
    if (typeof id === "string" && id.length <= 100) ids.add(id);
    message.ack();
  }
  for (const id of ids) {
    try {
      const outcome = await stepCampaign(ctx, id);
      if (outcome === "more") await kickCampaign(ctx, id);
    } catch (error) {
      // The cron resumes it once its lease is free.
      log.error("campaign.step_failed", { campaign: id, via: "queue" }, error);
    }
  }
}

type CampaignSweep = { started: number; steps: number; requeued: number };

/**
 * The cron's part: scheduled campaigns whose time has come start (once: the lease and the status
 * decide), a campaign whose step died is resumed, and a campaign's rows whose queue message was lost
 * are enqueued again. With a queue each campaign gets one step here and goes on by messages; without
 * one this run writes up to `budgetRecipients`.
 */
export async function sweepCampaigns(ctx: CampaignContext, options: { budgetRecipients?: number } = {}): Promise<CampaignSweep> {
  const store = getBackend(ctx).campaigns;
  const queue = mailQueueOf(ctx.bindings);
  const sweep: CampaignSweep = { started: 0, steps: 0, requeued: 0 };
  const now = nowOf(ctx);
  for (const campaign of await store.due(now.toISOString(), 20)) {
    try {
      if (campaign.status === "scheduled") sweep.started += 1;
      let budget = queue ? STEP_RECIPIENTS : (options.budgetRecipients ?? 5_000);
      let outcome: StepOutcome = "more";
      while (outcome === "more" && budget > 0) {
        outcome = await stepCampaign(ctx, campaign.id, { maxRecipients: Math.min(budget, STEP_RECIPIENTS) });
        sweep.steps += 1;
        budget -= STEP_RECIPIENTS;
        if (queue) break;
      }
      if (queue && outcome === "more") await kickCampaign(ctx, campaign.id);
    } catch (error) {
      log.error("campaign.step_failed", { campaign: campaign.id, via: "cron" }, error);
    }
  }
  if (queue) {
    const since = now.getTime() - 2 * DAY_MS;
    for (const campaign of await store.list(20)) {
      if (campaign.status === "scheduled" || Date.parse(campaign.created_at) < since) continue;
      const newestSent = await store.newestSentWrittenAt(campaign.id);
      const passedOver = newestSent ? Date.parse(newestSent) - PASSED_OVER_MS : 0;
      const leaseBefore = new Date(Math.max(now.getTime() - REQUEUE_AFTER_MINUTES * 60_000, passedOver)).toISOString();
      const ids = await store.restampStale(campaign.id, now.toISOString(), leaseBefore, 1000);
      if (ids.length) {
        await enqueueRows(
          queue,
          getBackend(ctx).outbox,
          ids.map((id) => ({ id })),
        );
        sweep.requeued += ids.length;
      }
    }
  }
  log.info("cron.run", { job: "campaigns", ...sweep });
  return sweep;
}

// ---------------------------------------------------------------- progress and the ledger

export type CampaignProgress = {
  /** Waiting for the queue or a retry (pending, failed). */
  queued: number;
  sent: number;
  /** Given up on (dead). */
  failed: number;
  /** Not sent: suppressed or erased at send time, or gone from the audience when their chunk was written. */
  skipped: number;
  /** Every row written and none left to send. */
  done: boolean;
};

function progressFrom(campaign: Campaign, rows: Record<OutboxStatus, number>): CampaignProgress {
  const queued = rows.pending + rows.failed;
  const written = campaign.status === "written";
  // Parents of the audience who were gone or suppressed by the time their chunk was written (an
  // erasure, an unsubscribe) have no row at all: the audience counted them when it started.
  const gone = written ? Math.max(0, campaign.audience - campaign.written) : 0;
  return {
    queued,
    sent: rows.sent,
    failed: rows.dead,
    skipped: rows.skipped + gone,
    done: written && queued === 0,
  };
}

export async function campaignProgress(ctx: CampaignContext, campaign: Campaign): Promise<CampaignProgress> {
  return progressFrom(campaign, await getBackend(ctx).campaigns.progress(campaign.id));
}

/** The progress of each of several campaigns, in their order, from one read of their outbox rows (the ledger's). */
export async function campaignsProgress(ctx: CampaignContext, campaigns: readonly Campaign[]): Promise<CampaignProgress[]> {
  const rows = await getBackend(ctx).campaigns.progressOf(campaigns.map((c) => c.id));
  return campaigns.map((c) => progressFrom(c, rows[c.id]));
}

/** The ledger of a scope: a variant's page lists that variant's campaigns and those to all variants. */
export async function ledgerOf(ctx: CampaignContext, scope: AdminScope, limit = 50): Promise<Campaign[]> {
  const all = await getBackend(ctx).campaigns.list(limit);
  if (scope.kind === "all") return all;
  const own = variantKey(scope.variant);
  return all.filter((c) => c.scope === own || c.scope === "all");
}
