import type { AdminContent } from "#content/schemas/admin";
import type { AdminRequest } from "~/admin/admin.server";
import { auditChange } from "~/admin/audit.server";
import { formatUtc } from "~/admin/columns";
import type { AdminScope } from "~/utils/admin-scope";
import { getBackend } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";
import { contentKeyOf } from "~/utils/variant";
import {
  audienceOf,
  campaignsProgress,
  createCampaign,
  kickCampaign,
  ledgerOf,
  previewAnnouncement,
  scopeOfKey,
  sendTestAnnouncement,
} from "./campaigns.server";
import { draftValues, longDate, parseDraft, parseWhen, type DraftErrors } from "./draft";
import type { CampaignView, LedgerRow, SendReview } from "./views";
import { counted } from "#content/plural";

function scopeLabel(copy: AdminContent, key: string): string {
  const scope = scopeOfKey(key);
  return scope.kind === "all" ? copy.console.allVariants : copy.console.variants[contentKeyOf(scope.variant)];
}

/**
 * What /admin/launch reads: the ledger with each campaign's progress, the campaign the page follows
 * (?campaign=), the audience (not while that campaign is sending) and, for ?intent=preview, the
 * announcement as its first recipient gets it. Throws when the database fails.
 */
export async function launchPageData(ctx: RequestContext, scope: AdminScope, params: URLSearchParams, copy: AdminContent) {
  let campaign: CampaignView | null = null;
  let preview: { subject: string; html: string; to: string | null } | null = null;
  let errors: DraftErrors = {};
  const id = params.get("campaign");
  const [campaigns, found] = await Promise.all([ledgerOf(ctx, scope), id && id.length <= 100 ? getBackend(ctx).campaigns.get(id) : null]);
  // Every row's progress and the followed campaign's in one read: the page refreshes every few seconds while one sends.
  const progress = await campaignsProgress(ctx, found ? [...campaigns, found] : campaigns);
  const ledger: LedgerRow[] = campaigns.map((c, i) => ({
    id: c.id,
    createdAt: c.created_at,
    by: c.created_by,
    scope: scopeLabel(copy, c.scope),
    date: c.early_access_date,
    message: c.message.length > 80 ? `${c.message.slice(0, 79)}…` : c.message,
    status: c.status,
    audience: c.audience,
    sent: progress[i].sent,
    done: progress[i].done,
  }));
  if (found) {
    campaign = {
      id: found.id,
      createdAt: found.created_at,
      sendAt: found.send_at,
      by: found.created_by,
      status: found.status,
      audience: found.audience,
      progress: progress[campaigns.length],
    };
  }
  // While a campaign is being sent the page refreshes every few seconds: the audience (a read of
  // every confirmed parent) is counted again once it is done, not on every refresh.
  const audience = campaign && !campaign.progress.done ? null : await audienceOf(ctx, scope);
  if (params.get("intent") === "preview") {
    const parsed = parseDraft(params, copy.launch.errors);
    if ("errors" in parsed) errors = parsed.errors;
    else {
      const first = audience ? audience.first : (await audienceOf(ctx, scope)).first;
      const rendered = await previewAnnouncement(ctx, ctx.url.origin, scope, first, parsed.draft);
      preview = { subject: rendered.subject, html: rendered.html, to: rendered.to };
    }
  }
  return { audience, ledger, campaign, preview, errors };
}

/** "review" (and a "send" without confirm=yes) answers the confirmation; only a confirmed "send" sends. */
const INTENTS = ["test", "review", "send"] as const;
const KEY = /^[A-Za-z0-9-]{8,64}$/;

/** The form's key (one campaign per form), or null when it is missing or not one of ours. */
export const formKeyOf = (value: unknown) => (typeof value === "string" && KEY.test(value) ? value : null);

/**
 * What a POST to /admin/launch comes to: a refusal (status, message, field errors), the
 * confirmation to show (`review`), or a toast and the page's parameters to redirect to (`go`).
 */
export type LaunchAnswer =
  | { refuse: { status: number; formError: string; errors: DraftErrors } }
  | { review: SendReview }
  | { toast: string; go: Record<string, string> };

/**
 * A POST to /admin/launch: "test" mails the draft to the admin; "review", or a "send" without
 * confirm=yes, counts the audience as it is now (by standing) for one confirmation and writes
 * nothing; a confirmed "send" creates the campaign once per form key, audits it and starts it
 * after the response, or schedules it.
 */
export async function launchAction(admin: AdminRequest, scope: AdminScope, copy: AdminContent, form: FormData): Promise<LaunchAnswer> {
  const { ctx, access } = admin;
  const text = copy.launch;
  const refuse = (status: number, formError: string, errors: DraftErrors = {}): LaunchAnswer => ({ refuse: { status, formError, errors } });
  const intent = form.get("intent");
  const key = formKeyOf(form.get("key"));
  if (!key || !(INTENTS as readonly unknown[]).includes(intent)) return refuse(400, text.errors.unknownAction);
  const parsed = parseDraft(form, text.errors);
  if ("errors" in parsed) return refuse(400, text.errors.summary, parsed.errors);
  const draft = parsed.draft;
  const adminEmail = access.user.email ?? "";

  if (intent === "test") {
    let queued;
    try {
      const audience = await audienceOf(ctx, scope);
      queued = await sendTestAnnouncement(ctx, {
        origin: ctx.url.origin,
        scope,
        recipient: audience.first,
        draft,
        to: adminEmail,
        formKey: key,
      });
    } catch (error) {
      log.error("admin.action_failed", { action: "campaign-test" }, error);
      return refuse(503, text.toasts.testFailed);
    }
    if (!queued.queued) return refuse(503, text.toasts.testFailed);
    return {
      toast: text.toasts.testSent.replace("{email}", adminEmail),
      go: { intent: "preview", key, date: draft.date, message: draft.message, ctaLabel: draft.ctaLabel, ctaUrl: draft.ctaUrl },
    };
  }

  const when = parseWhen(form, text.errors, new Date());
  if ("errors" in when) return refuse(400, text.errors.summary, when.errors);

  // One confirmation before anything is written: the audience as it is now, the variant, the dates.
  if (intent === "review" || form.get("confirm") !== "yes") {
    let count;
    let standings;
    try {
      const audience = await audienceOf(ctx, scope);
      count = audience.count;
      standings = { waiting: audience.waiting, admitted: audience.admitted, accounts: audience.accounts };
    } catch (error) {
      log.error("admin.read_failed", { what: "audience" }, error);
      return refuse(503, text.errors.failed);
    }
    if (count === 0) return refuse(400, text.errors.noAudience);
    const values = draftValues(form);
    return {
      review: {
        count,
        standings,
        scope: scope.kind === "all" ? copy.console.allVariants : copy.console.variants[scope.key],
        all: scope.kind === "all",
        date: longDate(draft.date),
        at: when.at ? formatUtc(when.at.toISOString()) : null,
        fields: { key, ...draft, when: values.when, sendAt: values.sendAt },
      },
    };
  }

  let created;
  let count = 0;
  try {
    // A resubmitted form finds its campaign before anything else is read.
    const same = await getBackend(ctx).campaigns.byFormKey(key);
    if (same) created = { created: false, campaign: same };
    else {
      count = (await audienceOf(ctx, scope)).count;
      if (count === 0) return refuse(400, text.errors.noAudience);
      created = await createCampaign(ctx, {
        scope,
        draft,
        formKey: key,
        origin: ctx.url.origin,
        by: adminEmail,
        sendAt: when.at,
        audience: count,
      });
    }
  } catch (error) {
    log.error("admin.action_failed", { action: "campaign-create" }, error);
    return refuse(503, text.errors.failed);
  }
  const { campaign } = created;
  if (created.created) await auditChange(admin, "campaigns.create", campaign.id, String(count));
  if (created.created && !when.at) {
    // After the response: a failure is only logged, and the cron's sweep starts the campaign instead.
    ctx.waitUntil(kickCampaign(ctx, campaign.id).catch((error) => log.error("campaign.start_failed", { campaign: campaign.id }, error)));
  }
  const toast = !created.created
    ? text.toasts.already
    : when.at
      ? text.toasts.scheduled.replace("{at}", formatUtc(campaign.send_at))
      : counted(text.toasts.started, count, { count: count.toLocaleString("en-GB") });
  return { toast, go: { campaign: campaign.id } };
}
