import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getPage } from "#content/index";
import type { AdminContent } from "#content/schemas/admin";
import { adminHeaders, requireAdmin } from "~/admin/admin.server";
import { formatUtc } from "~/admin/columns";
import { consoleFrame } from "~/admin/console.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminScope, ALL_VARIANTS_PARAM, type AdminScope } from "~/admin/scope";
import {
  audienceOf,
  campaignProgress,
  createCampaign,
  kickCampaign,
  ledgerOf,
  previewAnnouncement,
  scopeOfKey,
  sendTestAnnouncement,
  type CampaignProgress,
} from "~/campaigns/campaigns.server";
import { DRAFT_LIMITS, draftValues, longDate, parseDraft, parseWhen, type DraftErrors, type DraftValues } from "~/campaigns/draft";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell } from "~/components/admin/AdminShell";
import { VariantInputs } from "~/components/admin/VariantInputs";
import { getBackend } from "~/data/backend.server";
import type { Campaign } from "~/data/ports/campaign-store";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { useHydrated } from "~/utils/use-hydrated";
import { addToast, takeToasts } from "~/utils/session.server";
import { contentKeyOf } from "~/utils/variant";
import { Address } from "~/components/admin/Address";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";

/**
 * /admin/launch: the launch-day announcement (docs/decisions/026-announcements.md). Compose (the
 * early-access date, a short message, a call to action), see who will receive it, preview it as a
 * real recipient will (phone and desktop width), send a test to yourself, then send now or
 * schedule after one confirmation that names the audience's count, the variant and the dates
 * (docs/decisions/028-admin-confirmations.md). A campaign is made once per form (its key) and once
 * per announcement (its content); its progress comes from its outbox rows, and the ledger lists
 * every campaign. Works without JavaScript: Preview is a GET of the same form; Send is a POST
 * answered with the confirmation, whose own POST (confirm=yes) sends and redirects; Test redirects.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;
export const handle: RouteHandle = { hydrate: true };

/** "review" (and a "send" without confirm=yes) answers the confirmation; only a confirmed "send" sends. */
const INTENTS = ["test", "review", "send"] as const;
const KEY = /^[A-Za-z0-9-]{8,64}$/;
/** How often the progress refreshes itself with JavaScript. */
const REFRESH_MS = 2_000;

const validKey = (value: unknown) => (typeof value === "string" && KEY.test(value) ? value : null);
const scopeParams = (scope: AdminScope): Record<string, string> => (scope.kind === "all" ? { ...ALL_VARIANTS_PARAM } : {});

/** The page's own address in this scope, with extra parameters. */
function pageHref(ctx: RequestContext, params: Record<string, string> = {}): string {
  return linkTo(ctx.variant, "admin/launch", { ...scopeParams(adminScope(ctx.url, ctx.variant)), ...params });
}

type LedgerRow = {
  id: string;
  createdAt: string;
  by: string;
  scope: string;
  date: string;
  message: string;
  status: Campaign["status"];
  audience: number;
  sent: number;
  done: boolean;
};

type CampaignView = {
  id: string;
  createdAt: string;
  sendAt: string;
  by: string;
  status: Campaign["status"];
  audience: number;
  progress: CampaignProgress;
};

function scopeLabel(copy: AdminContent, key: string): string {
  const scope = scopeOfKey(key);
  return scope.kind === "all" ? copy.console.allVariants : copy.console.variants[contentKeyOf(scope.variant)];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const copy = getPage(ctx.contentKey, "admin");
  const scope = adminScope(ctx.url, ctx.variant);
  const params = ctx.url.searchParams;
  const key = validKey(params.get("key")) ?? crypto.randomUUID();
  const values = draftValues(params);
  let audience;
  let ledger: LedgerRow[];
  let campaign: CampaignView | null = null;
  let preview: { subject: string; html: string; to: string | null } | null = null;
  let errors: DraftErrors = {};
  try {
    const campaigns = await ledgerOf(ctx, scope);
    ledger = await Promise.all(
      campaigns.map(async (c) => {
        const progress = await campaignProgress(ctx, c);
        return {
          id: c.id,
          createdAt: c.created_at,
          by: c.created_by,
          scope: scopeLabel(copy, c.scope),
          date: c.early_access_date,
          message: c.message.length > 80 ? `${c.message.slice(0, 79)}…` : c.message,
          status: c.status,
          audience: c.audience,
          sent: progress.sent,
          done: progress.done,
        };
      }),
    );
    const id = params.get("campaign");
    const found = id && id.length <= 100 ? await getBackend(ctx).campaigns.get(id) : null;
    if (found) {
      campaign = {
        id: found.id,
        createdAt: found.created_at,
        sendAt: found.send_at,
        by: found.created_by,
        status: found.status,
        audience: found.audience,
        progress: await campaignProgress(ctx, found),
      };
    }
    // While a campaign is being sent the page refreshes every few seconds: the audience (a read of
    // every confirmed parent) is counted again once it is done, not on every refresh.
    audience = campaign && !campaign.progress.done ? null : await audienceOf(ctx, scope);
    if (params.get("intent") === "preview") {
      const parsed = parseDraft(params, copy.launch.errors);
      if ("errors" in parsed) errors = parsed.errors;
      else {
        const first = audience ? audience.first : (await audienceOf(ctx, scope)).first;
        const rendered = await previewAnnouncement(ctx, ctx.url.origin, scope, first, parsed.draft);
        preview = { subject: rendered.subject, html: rendered.html, to: rendered.to };
      }
    }
  } catch (error) {
    console.error("admin launch: reading the audience or the campaigns failed", error);
    throw data({ message: copy.launch.errors.failed }, { status: 503, headers: await adminHeaders(access, ctx) });
  }
  const toasts = takeToasts(access.session);
  return data(
    {
      copy,
      all: scope.kind === "all",
      scopeName: scope.kind === "all" ? null : copy.console.variants[scope.key],
      audience: audience
        ? { count: audience.count, unsubscribed: audience.unsubscribed, bounced: audience.bounced, unconfirmed: audience.unconfirmed }
        : null,
      key,
      values,
      errors,
      preview,
      campaign,
      ledger,
      toasts,
      here: pageHref(ctx),
      frame: consoleFrame(access),
    },
    { headers: await adminHeaders(access, ctx) },
  );
}

/** What the confirmation shows before anything is sent, and the fields its own form posts again. */
type SendReview = {
  count: number;
  /** The variant's name, or "All variants". */
  scope: string;
  all: boolean;
  /** The early-access date, written out. */
  date: string;
  /** The send time (UTC) of a scheduled announcement; null: now. */
  at: string | null;
  fields: Record<string, string>;
};

type ActionData = { formError: string; errors: DraftErrors; values: DraftValues; review?: SendReview };

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const text = getPage(ctx.contentKey, "admin").launch;
  const scope = adminScope(ctx.url, ctx.variant);
  const form = await request.formData();
  const values = draftValues(form);
  const refuse = async (status: number, formError: string, errors: DraftErrors = {}) =>
    data<ActionData>({ formError, errors, values }, { status, headers: await adminHeaders(access, ctx) });
  const intent = form.get("intent");
  const key = validKey(form.get("key"));
  if (!key || !(INTENTS as readonly unknown[]).includes(intent)) return refuse(400, text.errors.unknownAction);
  const parsed = parseDraft(form, text.errors);
  if ("errors" in parsed) return refuse(400, text.errors.summary, parsed.errors);
  const draft = parsed.draft;
  const admin = access.user.email ?? "";

  if (intent === "test") {
    let queued;
    try {
      const audience = await audienceOf(ctx, scope);
      queued = await sendTestAnnouncement(ctx, {
        origin: ctx.url.origin,
        scope,
        recipient: audience.first,
        draft,
        to: admin,
        formKey: key,
      });
    } catch (error) {
      console.error("admin launch: the test could not be queued", error);
      return refuse(503, text.toasts.testFailed);
    }
    if (!queued.queued) return refuse(503, text.toasts.testFailed);
    addToast(access.session, { type: "success", message: text.toasts.testSent.replace("{email}", admin) });
    const back = { intent: "preview", key, date: draft.date, message: draft.message, ctaLabel: draft.ctaLabel, ctaUrl: draft.ctaUrl };
    return redirect(pageHref(ctx, back), { status: 303, headers: await adminHeaders(access, ctx) });
  }

  const when = parseWhen(form, text.errors, new Date());
  if ("errors" in when) return refuse(400, text.errors.summary, when.errors);

  // One confirmation before anything is written: the audience as it is now, the variant, the dates.
  if (intent === "review" || form.get("confirm") !== "yes") {
    let count;
    try {
      count = (await audienceOf(ctx, scope)).count;
    } catch (error) {
      console.error("admin launch: the audience could not be counted", error);
      return refuse(503, text.errors.failed);
    }
    if (count === 0) return refuse(400, text.errors.noAudience);
    const copy = getPage(ctx.contentKey, "admin");
    const review: SendReview = {
      count,
      scope: scope.kind === "all" ? copy.console.allVariants : copy.console.variants[scope.key],
      all: scope.kind === "all",
      date: longDate(draft.date),
      at: when.at ? formatUtc(when.at.toISOString()) : null,
      fields: { key, ...draft, when: values.when, sendAt: values.sendAt },
    };
    return data<ActionData>({ formError: "", errors: {}, values, review }, { headers: await adminHeaders(access, ctx) });
  }

  let created;
  let count = 0;
  try {
    // A resubmitted form finds its campaign before anything else is read.
    const earlier = await getBackend(ctx).campaigns.list(50);
    const same = earlier.find((c) => c.form_key === key);
    if (same) created = { created: false, campaign: same };
    else {
      count = (await audienceOf(ctx, scope)).count;
      if (count === 0) return refuse(400, text.errors.noAudience);
      created = await createCampaign(ctx, {
        scope,
        draft,
        formKey: key,
        origin: ctx.url.origin,
        by: admin,
        sendAt: when.at,
        audience: count,
      });
    }
  } catch (error) {
    console.error("admin launch: the campaign could not be saved", error);
    return refuse(503, text.errors.failed);
  }
  const { campaign } = created;
  if (created.created && !when.at) ctx.waitUntil(kickCampaign(ctx, campaign.id));
  const message = !created.created
    ? text.toasts.already
    : when.at
      ? text.toasts.scheduled.replace("{at}", formatUtc(campaign.send_at))
      : text.toasts.started.replace("{count}", count.toLocaleString("en-GB"));
  addToast(access.session, { type: "success", message });
  return redirect(pageHref(ctx, { campaign: campaign.id }), { status: 303, headers: await adminHeaders(access, ctx) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.launch.metaTitle ?? "Announce the launch" },
  { name: "robots", content: "noindex, nofollow" },
];

const n = (value: number) => value.toLocaleString("en-GB");

export default function AdminLaunch() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { copy, toasts, here, frame, campaign } = loaded;
  const text = copy.launch;
  const values = failed?.values ?? loaded.values;
  const errors: DraftErrors = failed?.errors ?? loaded.errors;
  return (
    <AdminShell
      nav={{ copy: copy.console, email: frame.email }}
      title={text.title}
      intro={text.intro}
      toasts={toasts}
      toastCopy={copy.toasts}
      dismissHref={here}
    >
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
                .replace("{count}", n(loaded.audience.count))
                .replace("{unsubscribed}", n(loaded.audience.unsubscribed))
                .replace("{bounced}", n(loaded.audience.bounced))
                .replace("{unconfirmed}", n(loaded.audience.unconfirmed))
            : text.audience.whileSending}
        </p>
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
    </AdminShell>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-900">
      {message}
    </p>
  );
}

function Compose({
  copy,
  values,
  errors,
  formKey,
  formError,
  action,
  all,
}: {
  copy: AdminContent;
  values: DraftValues;
  errors: DraftErrors;
  formKey: string;
  formError: string | null;
  action: string;
  all: boolean;
}) {
  const text = copy.launch;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const input = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900";
  const label = "block font-semibold text-slate-900";
  const described = (field: keyof DraftErrors, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <section aria-labelledby="compose-heading" className="mb-8 max-w-2xl">
      <h2 id="compose-heading" className="text-lg font-semibold text-slate-900">
        {text.compose.heading}
      </h2>
      {formError ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {formError}
        </p>
      ) : null}
      <Form method="post" action={action} className="mt-4 space-y-5" data-testid="launch-form">
        <VariantInputs />
        {all ? <input type="hidden" name="variants" value={ALL_VARIANTS_PARAM.variants} /> : null}
        <input type="hidden" name="key" value={formKey} />
        <div>
          <label htmlFor="launch-date" className={label}>
            {text.compose.date}
          </label>
          <p id="launch-date-hint" className="text-sm text-slate-600">
            {text.compose.dateHint}
          </p>
          <input
            id="launch-date"
            name="date"
            type="date"
            defaultValue={values.date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={described("date", "launch-date-hint")}
            className={input}
          />
          <FieldError id="date-error" message={errors.date} />
        </div>
        <div>
          <label htmlFor="launch-message" className={label}>
            {text.compose.message}
          </label>
          <p id="launch-message-hint" className="text-sm text-slate-600">
            {text.compose.messageHint.replace("{max}", String(DRAFT_LIMITS.message))}
          </p>
          <textarea
            id="launch-message"
            name="message"
            rows={4}
            defaultValue={values.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={described("message", "launch-message-hint")}
            className={input}
          />
          <FieldError id="message-error" message={errors.message} />
        </div>
        <div>
          <label htmlFor="launch-cta-label" className={label}>
            {text.compose.ctaLabel}
          </label>
          <input
            id="launch-cta-label"
            name="ctaLabel"
            type="text"
            defaultValue={values.ctaLabel}
            aria-invalid={errors.ctaLabel ? true : undefined}
            aria-describedby={described("ctaLabel")}
            className={input}
          />
          <FieldError id="ctaLabel-error" message={errors.ctaLabel} />
        </div>
        <div>
          <label htmlFor="launch-cta-url" className={label}>
            {text.compose.ctaUrl}
          </label>
          <p id="launch-cta-url-hint" className="text-sm text-slate-600">
            {text.compose.ctaUrlHint}
          </p>
          <input
            id="launch-cta-url"
            name="ctaUrl"
            type="text"
            inputMode="url"
            defaultValue={values.ctaUrl}
            aria-invalid={errors.ctaUrl ? true : undefined}
            aria-describedby={described("ctaUrl", "launch-cta-url-hint")}
            className={input}
          />
          <FieldError id="ctaUrl-error" message={errors.ctaUrl} />
        </div>
        <fieldset>
          <legend className={label}>{text.compose.when}</legend>
          <div className="mt-1 flex flex-wrap items-center gap-4">
            <label className="flex items-center gap-2">
              <input type="radio" name="when" value="now" defaultChecked={values.when !== "later"} />
              {text.compose.now}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="when" value="later" defaultChecked={values.when === "later"} />
              {text.compose.later}
            </label>
          </div>
          <label htmlFor="launch-send-at" className="mt-2 block text-sm font-semibold text-slate-900">
            {text.compose.sendAt}
          </label>
          <p id="launch-send-at-hint" className="text-sm text-slate-600">
            {text.compose.sendAtHint}
          </p>
          <input
            id="launch-send-at"
            name="sendAt"
            type="datetime-local"
            defaultValue={values.sendAt}
            aria-invalid={errors.sendAt ? true : undefined}
            aria-describedby={described("sendAt", "launch-send-at-hint")}
            className={input}
          />
          <FieldError id="sendAt-error" message={errors.sendAt} />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            formMethod="get"
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
          >
            {text.buttons.preview}
          </button>
          <button
            type="submit"
            name="intent"
            value="test"
            disabled={busy}
            className="rounded-md border border-slate-400 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-50"
          >
            {text.buttons.test}
          </button>
          {/* Asks for the confirmation first (SendConfirm): nothing is sent from here. */}
          <button
            type="submit"
            name="intent"
            value="review"
            disabled={busy}
            className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
          >
            {text.buttons.send}
          </button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The one confirmation before a send or a schedule: who (count and variant), the early-access date,
 * when it goes out, and the button that sends exactly the fields shown (the same form key, so a
 * second press finds the campaign the first made). With JavaScript it takes the focus.
 */
function SendConfirm({ copy, review, action }: { copy: AdminContent; review: SendReview; action: string }) {
  const text = copy.launch.confirm;
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => heading.current?.focus(), [review]);
  const count = n(review.count);
  return (
    <section aria-labelledby="send-confirm-heading" className="mb-8 rounded-lg border-2 border-slate-900 p-4" data-testid="send-confirm">
      <h2 id="send-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {review.at ? text.headingLater : text.heading}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        <li className="font-semibold">
          {review.all
            ? text.audienceAll.replace("{count}", count)
            : text.audienceOne.replace("{count}", count).replace("{variant}", review.scope)}
        </li>
        <li>{text.date.replace("{date}", review.date)}</li>
        <li>{review.at ? text.later.replace("{at}", review.at) : text.now}</li>
      </ul>
      <p className="mt-2 text-sm text-slate-700">{text.note}</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        {Object.entries(review.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <button
          type="submit"
          name="intent"
          value="send"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
        >
          {(review.at ? text.schedule : text.send).replace("{count}", count)}
        </button>
        <a href="#compose-heading" className="font-semibold text-brand-strong underline">
          {text.back}
        </a>
      </Form>
    </section>
  );
}

function Preview({ copy, preview }: { copy: AdminContent; preview: { subject: string; html: string; to: string | null } | null }) {
  const text = copy.launch.preview;
  return (
    <section aria-labelledby="preview-heading" className="mb-8">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      {preview ? (
        <>
          <p className="text-slate-600" data-testid="preview-recipient">
            {preview.to ? text.recipient.replace("{email}", preview.to) : text.sample}
          </p>
          <p className="mt-1">
            <span className="font-semibold">{text.subject}: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <div className="mt-4 flex flex-wrap items-start gap-6">
            <figure>
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.phone}</figcaption>
              <iframe
                title={`${text.heading}: ${text.phone}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-[375px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-phone"
              />
            </figure>
            <figure className="min-w-0 flex-1">
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.desktop}</figcaption>
              <iframe
                title={`${text.heading}: ${text.desktop}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-full max-w-[800px] min-w-[320px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-desktop"
              />
            </figure>
          </div>
        </>
      ) : (
        <p className="text-slate-600">{text.empty}</p>
      )}
    </section>
  );
}

function Progress({ copy, campaign }: { copy: AdminContent; campaign: CampaignView }) {
  const text = copy.launch.progress;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const live = !campaign.progress.done;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, revalidator]);
  const status = campaign.progress.done ? "done" : campaign.status;
  const figures = [
    ["audience", campaign.audience],
    ["queued", campaign.progress.queued],
    ["sent", campaign.progress.sent],
    ["failed", campaign.progress.failed],
    ["skipped", campaign.progress.skipped],
  ] as const;
  return (
    <section aria-labelledby="progress-heading" className="mb-8 rounded-lg border border-slate-300 p-4" data-campaign-id={campaign.id}>
      <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}: <span data-testid="campaign-status">{text.statuses[status]}</span>
      </h2>
      <p className="text-sm text-slate-600">
        {text.meta
          .replace("{by}", campaign.by)
          .replace("{at}", formatUtc(campaign.status === "scheduled" ? campaign.sendAt : campaign.createdAt))}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-live="polite">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-sm text-slate-700">{text[name]}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid={`progress-${name}`}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      {campaign.progress.done ? (
        <p className="mt-3 font-semibold text-slate-900" data-testid="campaign-report">
          {text.report
            .replace("{sent}", n(campaign.progress.sent))
            .replace("{failed}", n(campaign.progress.failed))
            .replace("{skipped}", n(campaign.progress.skipped))
            .replace("{audience}", n(campaign.audience))}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{hydrated ? text.live : text.reloadHint}</p>
      )}
    </section>
  );
}

function Ledger({ copy, rows, here }: { copy: AdminContent; rows: LedgerRow[]; here: string }) {
  const text = copy.launch.ledger;
  const statuses = copy.launch.progress.statuses;
  const withCampaign = (id: string) => `${here}${here.includes("?") ? "&" : "?"}campaign=${encodeURIComponent(id)}`;
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      {rows.length === 0 ? (
        <p className="text-slate-600" data-testid="ledger-none">
          {text.none}
        </p>
      ) : (
        <AdminTable columns={text.columns} caption={text.caption} testId="campaign-ledger" className="mt-2" actions>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200" data-campaign-id={row.id}>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={row.createdAt}>{formatUtc(row.createdAt)}</time>
              </td>
              <td className="px-3 py-2">
                <Address value={row.by} />
              </td>
              <td className="px-3 py-2">{row.scope}</td>
              <td className="px-3 py-2 whitespace-nowrap">{row.date}</td>
              <td className="px-3 py-2">{row.message}</td>
              <td className="px-3 py-2">{statuses[row.done ? "done" : row.status]}</td>
              <td className="px-3 py-2 tabular-nums">{n(row.audience)}</td>
              <td className="px-3 py-2 tabular-nums">{n(row.sent)}</td>
              <td className={`px-3 py-2 ${ACTION_CELL}`}>
                <a href={withCampaign(row.id)} className="font-semibold text-brand-strong underline">
                  {text.open}
                </a>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
