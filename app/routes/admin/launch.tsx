import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminScope, ALL_VARIANTS_PARAM, type AdminScope } from "~/utils/admin-scope";
import { audienceOf, createCampaign, kickCampaign, sendTestAnnouncement } from "~/campaigns/campaigns.server";
import { draftValues, longDate, parseDraft, parseWhen, type DraftErrors, type DraftValues } from "~/campaigns/draft";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { getBackend } from "~/data/backend.server";
import type { RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { Compose } from "~/components/admin/launch/Compose";
import { Ledger } from "~/components/admin/launch/Ledger";
import { Preview } from "~/components/admin/launch/Preview";
import { Progress } from "~/components/admin/launch/Progress";
import { SendConfirm } from "~/components/admin/launch/SendConfirm";
import { formatCount, standingsText, type SendReview } from "~/campaigns/views";
import { launchPageData } from "~/campaigns/launch-page.server";
import { log } from "~/platform/log.server";
import { counted } from "~/utils/plural";

/**
 * /admin/launch: the launch-day announcement (ADR 026): compose, see who receives it, preview it,
 * send a test, then send or schedule after one confirmation naming the audience, variant and dates
 * (ADR 028). A campaign is made once per form (its key) and per announcement (its content); its
 * progress comes from its outbox rows. Without JavaScript: Preview is a GET of the same form; Send
 * is a POST answered with the confirmation, whose own POST (confirm=yes) sends; Test redirects.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;
export const handle: RouteHandle = { hydrate: true };

/** "review" (and a "send" without confirm=yes) answers the confirmation; only a confirmed "send" sends. */
const INTENTS = ["test", "review", "send"] as const;
const KEY = /^[A-Za-z0-9-]{8,64}$/;
/** How often the progress refreshes itself with JavaScript. */

const validKey = (value: unknown) => (typeof value === "string" && KEY.test(value) ? value : null);
const scopeParams = (scope: AdminScope): Record<string, string> => (scope.kind === "all" ? { ...ALL_VARIANTS_PARAM } : {});

/** The page's own address in this scope, with extra parameters. */
function pageHref(ctx: RequestContext, params: Record<string, string> = {}): string {
  return linkTo(ctx.variant, "admin/launch", { ...scopeParams(adminScope(ctx.url, ctx.variant)), ...params });
}

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const scope = adminScope(ctx.url, ctx.variant);
  const params = ctx.url.searchParams;
  const key = validKey(params.get("key")) ?? crypto.randomUUID();
  const values = draftValues(params);
  const { audience, ledger, campaign, preview, errors } = await admin.read("launch", () => launchPageData(ctx, scope, params, copy), {
    message: copy.launch.errors.failed,
  });
  const toasts = admin.takeToasts();
  return admin.respond({
    copy,
    all: scope.kind === "all",
    scopeName: scope.kind === "all" ? null : copy.console.variants[scope.key],
    audience: audience
      ? {
          count: audience.count,
          unsubscribed: audience.unsubscribed,
          bounced: audience.bounced,
          unconfirmed: audience.unconfirmed,
          waiting: audience.waiting,
          admitted: audience.admitted,
          accounts: audience.accounts,
        }
      : null,
    key,
    values,
    errors,
    preview,
    campaign,
    ledger,
    toasts,
    here: pageHref(ctx),
  });
}

type ActionData = { formError: string; errors: DraftErrors; values: DraftValues; review?: SendReview };

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, access, copy } = admin;
  const text = copy.launch;
  const scope = adminScope(ctx.url, ctx.variant);
  const form = await args.request.formData();
  const values = draftValues(form);
  const refuse = (status: number, formError: string, errors: DraftErrors = {}) =>
    admin.respond<ActionData>({ formError, errors, values }, { status });
  const intent = form.get("intent");
  const key = validKey(form.get("key"));
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
    admin.toast(text.toasts.testSent.replace("{email}", adminEmail));
    const back = { intent: "preview", key, date: draft.date, message: draft.message, ctaLabel: draft.ctaLabel, ctaUrl: draft.ctaUrl };
    return admin.redirect(pageHref(ctx, back), 303);
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
    const review: SendReview = {
      count,
      standings,
      scope: scope.kind === "all" ? copy.console.allVariants : copy.console.variants[scope.key],
      all: scope.kind === "all",
      date: longDate(draft.date),
      at: when.at ? formatUtc(when.at.toISOString()) : null,
      fields: { key, ...draft, when: values.when, sendAt: values.sendAt },
    };
    return admin.respond<ActionData>({ formError: "", errors: {}, values, review });
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
  const message = !created.created
    ? text.toasts.already
    : when.at
      ? text.toasts.scheduled.replace("{at}", formatUtc(campaign.send_at))
      : counted(text.toasts.started, count, { count: count.toLocaleString("en-GB") });
  admin.toast(message);
  return admin.redirect(pageHref(ctx, { campaign: campaign.id }), 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.launch.metaTitle ?? "Announce the launch" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLaunch() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { copy, toasts, here, campaign } = loaded;
  const text = copy.launch;
  const values = failed?.values ?? loaded.values;
  const errors: DraftErrors = failed?.errors ?? loaded.errors;
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {failed?.review ? <SendConfirm copy={copy} review={failed.review} action={here} /> : null}
      {campaign ? <Progress copy={copy} campaign={campaign} /> : null}

      <section aria-labelledby="audience-heading" className="mb-8">
        <h2 id="audience-heading" className="text-lg font-semibold text-slate-900">
          {text.audience.heading}
        </h2>
        <p className="text-slate-600">
          {loaded.scopeName ? text.audience.scopeOne.replace("{variant}", loaded.scopeName) : text.audience.scopeAll}
        </p>
        <p className="mt-1 font-semibold text-slate-900" data-testid="audience-summary">
          {loaded.audience
            ? text.audience.summary
                .replace("{count}", formatCount(loaded.audience.count))
                .replace("{unsubscribed}", formatCount(loaded.audience.unsubscribed))
                .replace("{bounced}", formatCount(loaded.audience.bounced))
                .replace("{unconfirmed}", formatCount(loaded.audience.unconfirmed))
            : text.audience.whileSending}
        </p>
        {loaded.audience ? (
          <p className="text-slate-700" data-testid="audience-standings">
            {standingsText(text.audience.standings, loaded.audience)}
          </p>
        ) : null}
      </section>

      <Compose
        copy={copy}
        values={values}
        errors={errors}
        formKey={loaded.key}
        formError={failed?.formError ?? null}
        action={here}
        all={loaded.all}
      />

      <Preview copy={copy} preview={loaded.preview} />

      <Ledger copy={copy} rows={loaded.ledger} here={here} />
    </AdminPage>
  );
}
