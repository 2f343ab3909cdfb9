import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { adminRoute } from "~/admin/admin-route.server";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminScope, ALL_VARIANTS_PARAM, type AdminScope } from "~/utils/admin-scope";
import { draftValues, type DraftErrors, type DraftValues } from "~/campaigns/draft";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import type { RequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { Compose } from "~/components/admin/launch/Compose";
import { Ledger } from "~/components/admin/launch/Ledger";
import { Preview } from "~/components/admin/launch/Preview";
import { Progress } from "~/components/admin/launch/Progress";
import { SendConfirm } from "~/components/admin/launch/SendConfirm";
import { formatCount, standingsText, type SendReview } from "~/campaigns/views";
import { formKeyOf, launchAction, launchPageData } from "~/campaigns/launch-page.server";

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
  const key = formKeyOf(params.get("key")) ?? crypto.randomUUID();
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
  const { ctx } = admin;
  const form = await args.request.formData();
  const values = draftValues(form);
  const answer = await launchAction(admin, adminScope(ctx.url, ctx.variant), admin.copy, form);
  if ("refuse" in answer) {
    const { status, formError, errors } = answer.refuse;
    return admin.respond<ActionData>({ formError, errors, values }, { status });
  }
  if ("review" in answer) return admin.respond<ActionData>({ formError: "", errors: {}, values, review: answer.review });
  admin.toast(answer.toast);
  return admin.redirect(pageHref(ctx, answer.go), 303);
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
