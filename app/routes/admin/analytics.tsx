import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminDocumentHeaders } from "~/admin/headers";
import { adminRoute } from "~/admin/admin-route.server";
import { adminScope } from "~/utils/admin-scope";
import { loadDashboard, parseFilters, type Dashboard } from "~/analytics/dashboard.server";
import { EVENT_NAMES } from "~/analytics/events";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { FormError } from "~/components/admin/AdminShell";
import { AnalyticsFilters } from "~/components/admin/AnalyticsFilters";
import { TooFastTable } from "~/components/admin/TooFastTable";
import { TopReferrers } from "~/components/admin/TopReferrers";
import { BarChart } from "~/components/admin/BarChart";
import { FunnelTable, percent } from "~/components/admin/FunnelTable";
import { LaunchFunnel } from "~/components/admin/LaunchFunnel";
import { launchFunnel, type LaunchFunnelRow } from "~/waves/launch-funnel.server";
import { log } from "~/platform/log.server";
import { counted, type Counted } from "#content/plural";

/**
 * /admin/analytics: the funnel, the forms sent too fast, signups per day, top referrers and time to
 * a first credit.
 */
export const headers: HeadersFunction = (args) => {
  const timing = args.loaderHeaders.get("Server-Timing");
  return { ...(adminDocumentHeaders(args) as Record<string, string>), ...(timing ? { "Server-Timing": timing } : {}) };
};
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy: adminCopy } = admin;
  const copy = adminCopy.analytics;
  const scope = adminScope(ctx.url, ctx.variant);
  const { filters, error } = parseFilters(ctx.url);
  const page = {
    copy,
    filters,
    all: scope.kind === "all",
    variant: ctx.variant,
    minFillSeconds: ctx.env.FORM_MIN_FILL_MS / 1000,
  };
  if (error) return admin.respond({ ...page, error: copy.filters.errors[error], dashboard: null }, { status: 400 });
  const started = performance.now();
  let dashboard: Dashboard;
  try {
    dashboard = await loadDashboard(ctx, scope, filters);
  } catch (failure) {
    log.error("admin.read_failed", { what: "analytics" }, failure);
    return admin.respond({ ...page, error: copy.fetchFailed, dashboard: null }, { status: 503 });
  }
  const timing = { "Server-Timing": `db;dur=${(performance.now() - started).toFixed(1)}` };
  // The launch funnel per variant and wave (ADR 025); its failure leaves the rest of the page.
  const launch = await launchFunnel(ctx, scope).catch((failure: unknown): LaunchFunnelRow[] | null => {
    log.error("admin.read_failed", { what: "launch-funnel" }, failure);
    return null;
  });
  return admin.respond(
    { ...page, error: null, dashboard, launch: { copy: adminCopy.launchFunnel, variants: adminCopy.console.variants, rows: launch } },
    { headers: timing },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.metaTitle ?? "Funnel analytics" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminAnalytics() {
  const loaded = useLoaderData<typeof loader>();
  const { copy, filters, all, variant, error, dashboard, minFillSeconds } = loaded;
  const range = { from: filters.from, to: filters.to };
  const fill = (text: string, values: Record<string, string | number>) =>
    Object.entries(values).reduce((out, [key, value]) => out.replaceAll(`{${key}}`, String(value)), text);
  return (
    <AdminPage title={copy.title} intro={copy.intro}>
      <AnalyticsFilters copy={copy.filters} filters={filters} all={all} variant={variant} />
      <div className="mt-4">
        <FormError message={error} />
      </div>
      {dashboard ? (
        <>
          <p className="mt-4 text-sm text-slate-600" data-testid="analytics-range">
            {fill(copy.showing, range)}
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="analytics-left-out">
            {fill(copy.leftOut, { count: dashboard.leftOut.toLocaleString("en-GB") })}
          </p>
          <section className="mt-6" aria-labelledby="funnel-heading">
            <h2 id="funnel-heading" className="text-xl font-bold text-slate-900">
              {copy.funnel.heading}
            </h2>
            <BarChart
              horizontal
              testId="funnel-chart"
              title={copy.funnel.heading}
              desc={fill(copy.funnel.desc, range)}
              tableLabel={copy.tableLabel}
              columns={[copy.funnel.step, copy.funnel.count, copy.funnel.conversion]}
              rows={dashboard.funnel.map((row) => ({
                label: copy.events.labels[row.step] ?? row.step,
                value: row.count,
                note: percent(row.conversion) ?? undefined,
              }))}
            />
            <FunnelTable
              copy={copy.funnel}
              labels={copy.events.labels}
              caption={copy.funnel.heading}
              rows={dashboard.funnel}
              testId="funnel"
            />
          </section>

          <section className="mt-8" aria-labelledby="lead-magnets-heading">
            <h2 id="lead-magnets-heading" className="text-xl font-bold text-slate-900">
              {copy.leadMagnets.heading}
            </h2>
            <p className="text-sm text-slate-600">{copy.leadMagnets.intro}</p>
            <div className="flex flex-wrap gap-x-12">
              {dashboard.leadMagnets.map((funnel) => (
                <div key={funnel.kind} className="mt-4">
                  <h3 className="font-semibold text-slate-900">{copy.leadMagnets.titles[funnel.kind]}</h3>
                  <FunnelTable
                    copy={copy.funnel}
                    labels={copy.events.labels}
                    caption={copy.leadMagnets.titles[funnel.kind]}
                    rows={funnel.steps}
                    testId="lead-magnet-funnel"
                    kind={funnel.kind}
                  />
                </div>
              ))}
            </div>
          </section>

          <TooFastTable copy={copy.tooFast} rows={dashboard.tooFast} minFillSeconds={minFillSeconds} />

          <section className="mt-8" aria-labelledby="signups-heading">
            <h2 id="signups-heading" className="text-xl font-bold text-slate-900">
              {copy.signups.heading}
            </h2>
            <BarChart
              testId="signups-chart"
              title={copy.signups.heading}
              desc={fill(copy.signups.desc, { total: dashboard.signups.reduce((sum, row) => sum + row.count, 0) })}
              tableLabel={copy.tableLabel}
              columns={[copy.signups.day, copy.signups.count]}
              rows={dashboard.signups.map((row) => ({ label: row.day, value: row.count }))}
            />
          </section>

          <section className="mt-8" aria-labelledby="referrers-heading">
            <h2 id="referrers-heading" className="text-xl font-bold text-slate-900">
              {copy.referrers.heading}
            </h2>
            <p className="text-sm text-slate-600">{copy.referrers.note}</p>
            <TopReferrers copy={copy} rows={dashboard.referrers} />
          </section>

          <section className="mt-8" aria-labelledby="credit-heading">
            <h2 id="credit-heading" className="text-xl font-bold text-slate-900">
              {copy.timeToCredit.heading}
            </h2>
            {dashboard.timeToCredit.referrers === 0 ? (
              <p className="mt-2">{copy.timeToCredit.none}</p>
            ) : (
              <>
                <dl className="mt-2 flex gap-8" data-testid="time-to-credit">
                  <div>
                    <dt className="text-sm text-slate-600">{copy.timeToCredit.median}</dt>
                    <dd className="text-2xl font-bold">{formatDuration(dashboard.timeToCredit.medianHours ?? 0, copy.timeToCredit)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600">{copy.timeToCredit.referrers}</dt>
                    <dd className="text-2xl font-bold">{dashboard.timeToCredit.referrers}</dd>
                  </div>
                </dl>
                <BarChart
                  horizontal
                  title={copy.timeToCredit.heading}
                  desc={copy.timeToCredit.desc}
                  tableLabel={copy.tableLabel}
                  columns={[copy.timeToCredit.bucket, copy.timeToCredit.count]}
                  rows={dashboard.timeToCredit.buckets.map((bucket) => ({
                    label: copy.timeToCredit.buckets[bucket.key],
                    value: bucket.count,
                  }))}
                />
              </>
            )}
          </section>

          <section className="mt-8" aria-labelledby="events-heading">
            <h2 id="events-heading" className="text-xl font-bold text-slate-900">
              {copy.events.heading}
            </h2>
            <table className="mt-2 text-left text-sm" data-testid="all-events">
              <caption className="sr-only">{copy.events.heading}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="px-3 py-1">
                    {copy.events.name}
                  </th>
                  <th scope="col" className="px-3 py-1">
                    {copy.events.count}
                  </th>
                </tr>
              </thead>
              <tbody>
                {EVENT_NAMES.map((name) => (
                  <tr key={name} className="border-b border-slate-200" data-event={name}>
                    <th scope="row" className="px-3 py-1 font-normal">
                      {copy.events.labels[name] ?? name}
                    </th>
                    <td className="px-3 py-1 tabular-nums">{dashboard.events[name]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      ) : null}
      {"launch" in loaded && loaded.launch.rows ? <LaunchFunnel {...loaded.launch} rows={loaded.launch.rows} /> : null}
    </AdminPage>
  );
}

function formatDuration(hours: number, copy: { hours: Counted; days: Counted }) {
  const days = hours / 24;
  return hours < 48 ? counted(copy.hours, Math.round(hours)) : counted(copy.days, days, { count: days.toFixed(1) });
}
