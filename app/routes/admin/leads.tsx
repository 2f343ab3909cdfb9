import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getPage } from "#content/index";
import { adminDocumentHeaders } from "~/admin/headers";
import type { AdminContent } from "#content/schemas/admin";
import {
  adminHeaders,
  adminRefusal,
  deleteLead,
  requireAdmin,
  unknownAction,
  updateLead,
  type AdminActionData,
} from "~/admin/admin.server";
import { ADMIN_COLUMNS, cellText } from "~/admin/columns";
import {
  LIST_PAGE_SIZE,
  backValue,
  filterParams,
  listOptions,
  listQueryParams,
  parseListQuery,
  type ListQuery,
} from "~/admin/list-query";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell, FormError } from "~/components/admin/AdminShell";
import { LeadEditForm } from "~/components/admin/LeadEditForm";
import { getLeadStore } from "~/data/lead-store.server";
import { LEAD_SOURCES, type Lead, type LeadStats } from "~/data/lead-store";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo as variantLink } from "~/utils/links";
import { useLinkTo } from "~/utils/root-data";
import { takeToasts } from "~/utils/session.server";

export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const copy = getPage(ctx.contentKey, "admin");
  const query = parseListQuery(ctx.url.searchParams);
  const plans = getPage(ctx.contentKey, "plans").plans.map((plan) => ({ id: plan.id, name: plan.name }));
  let list, stats;
  try {
    const store = getLeadStore(ctx);
    [list, stats] = await Promise.all([store.list(ctx.leadTable, listOptions(query)), store.stats(ctx.leadTable)]);
  } catch (error) {
    console.error("admin: listing leads failed", error);
    const here = variantLink(ctx.variant, "admin/leads", listQueryParams(query));
    throw adminRefusal(
      { status: 503, title: copy.title, message: copy.messages.fetchFailed, link: { href: here, label: copy.title } },
      await adminHeaders(access, ctx),
    );
  }
  // Taken only once the list is there: a failed read keeps them for the next visit.
  const toasts = takeToasts(access.session);
  return data({ copy, query, list, stats, plans, toasts, table: ctx.leadTable }, { headers: await adminHeaders(access, ctx) });
}

/** Direct actions of the list (the JS delete after confirm() posts here): intent=delete|update, id. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent === "delete" && id) return deleteLead(access, ctx, id, form);
  if (intent === "update" && id) return updateLead(access, ctx, id, form);
  return unknownAction(access, ctx, intent);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.metaTitle ?? "Lead management" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLeads() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminActionData>();
  return <LeadList data={loaderData} actionError={actionData?.formError} />;
}

type ListData = ReturnType<typeof useLoaderData<typeof loader>>;

function LeadList({ data, actionError }: { data: ListData; actionError?: string }) {
  const { copy, query, list, stats, plans, toasts } = data;
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", listQueryParams(query));
  const back = backValue(query);
  const deleter = useFetcher<AdminActionData>();
  const [editing, setEditing] = useState<Lead | null>(null);
  const pages = Math.max(1, Math.ceil(list.total / LIST_PAGE_SIZE));
  const from = list.rows.length ? (query.page - 1) * LIST_PAGE_SIZE + 1 : 0;
  const to = from ? from + list.rows.length - 1 : 0;

  // A successful save or delete redirects to the list: close the dialog on every new location.
  useEffect(() => setEditing(null), [location.key]);

  function confirmDelete(event: React.MouseEvent, lead: Lead) {
    event.preventDefault();
    if (!window.confirm(copy.messages.confirmDelete)) return;
    deleter.submit({ intent: "delete", id: lead.id, back }, { method: "post", action: here });
  }

  return (
    <AdminShell title={copy.title} intro={copy.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      <FormError message={deleter.data?.formError ?? actionError} />
      <StatCards copy={copy} stats={stats} plans={plans} />
      <p className="mt-4">
        <a href={linkTo("admin/referrals")} className="font-semibold text-brand-strong underline">
          {copy.referrals.link}
        </a>{" "}
        ·{" "}
        <a href={linkTo("admin/analytics")} className="font-semibold text-brand-strong underline">
          {copy.analytics.link}
        </a>
      </p>
      <Filters copy={copy} query={query} />
      <p className="mt-6 text-sm text-slate-600" data-testid="list-summary">
        {copy.table.summary
          .replace("{from}", String(from))
          .replace("{to}", String(to))
          .replace("{total}", String(list.total))}
      </p>
      <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{copy.table.caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {ADMIN_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
                  {copy.table.columns[column]}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-semibold text-slate-900">
                {copy.table.actions}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.rows.length === 0 ? (
              <tr>
                <td colSpan={ADMIN_COLUMNS.length + 1} className="px-3 py-6 text-center text-slate-600">
                  {copy.table.empty}
                </td>
              </tr>
            ) : (
              list.rows.map((lead) => (
                <tr key={lead.id} data-lead-id={lead.id}>
                  {ADMIN_COLUMNS.map((column) => (
                    <td key={column} className="max-w-64 px-3 py-2 align-top break-words text-slate-800">
                      {column === "created_at" ? (
                        <time dateTime={lead.created_at}>{lead.created_at.slice(0, 16).replace("T", " ")}</time>
                      ) : (
                        cellText(lead, column, copy)
                      )}
                    </td>
                  ))}
                  <td className="px-3 py-2 align-top whitespace-nowrap">
                    <a
                      href={linkTo(`admin/leads/${lead.id}/edit`, { back })}
                      onClick={(event) => {
                        event.preventDefault();
                        setEditing(lead);
                      }}
                      className="font-semibold text-brand-strong underline"
                    >
                      {copy.table.edit}
                      <span className="sr-only"> {lead.email}</span>
                    </a>{" "}
                    <a
                      href={linkTo(`admin/leads/${lead.id}/delete`, { back })}
                      onClick={(event) => confirmDelete(event, lead)}
                      className="ml-2 font-semibold text-red-700 underline"
                    >
                      {copy.table.delete}
                      <span className="sr-only"> {lead.email}</span>
                    </a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Paging copy={copy} query={query} pages={pages} />
      <EditDialog lead={editing} onClose={() => setEditing(null)} copy={copy} plans={plans} back={back} />
    </AdminShell>
  );
}

function StatCards({ copy, stats, plans }: { copy: AdminContent; stats: LeadStats; plans: { id: string; name: string }[] }) {
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? id;
  const sources = LEAD_SOURCES.map((source) => [copy.leadSources[source], stats.bySource[source] ?? 0] as const);
  const byPlan = Object.entries(stats.byPlan).map(([id, n]) => [planName(id), n] as const);
  const card = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  return (
    <section aria-labelledby="admin-stats">
      <h2 id="admin-stats" className="sr-only">
        {copy.stats.heading}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <div className={card} data-testid="stat-total">
          <dt className="text-sm text-slate-600">{copy.stats.total}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.total}</dd>
        </div>
        <div className={card} data-testid="stat-completed">
          <dt className="text-sm text-slate-600">{copy.stats.completed}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.completed}</dd>
        </div>
        <div className={card} data-testid="stat-sources">
          <dt className="text-sm text-slate-600">{copy.stats.bySource}</dt>
          <dd className="mt-1 text-sm">
            <ul>
              {sources.map(([label, n]) => (
                <li key={label} className="flex justify-between gap-2">
                  <span>{label}</span>
                  <span className="font-semibold">{n}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div className={card} data-testid="stat-plans">
          <dt className="text-sm text-slate-600">{copy.stats.byPlan}</dt>
          <dd className="mt-1 text-sm">
            {byPlan.length === 0 ? (
              <span className="text-slate-600">{copy.stats.none}</span>
            ) : (
              <ul>
                {byPlan.map(([label, n]) => (
                  <li key={label} className="flex justify-between gap-2">
                    <span>{label}</span>
                    <span className="font-semibold">{n}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className={card} data-testid="stat-referrals">
          <dt className="text-sm text-slate-600">{copy.stats.referrals}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900">{stats.referrals}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The variant's own query parameters (domain, sport), so a GET form stays in the variant. */
function VariantInputs() {
  const href = useLinkTo()("admin/leads");
  const params = new URLSearchParams(href.split("?")[1] ?? "");
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function Filters({ copy, query }: { copy: AdminContent; query: ListQuery }) {
  const linkTo = useLinkTo();
  const f = copy.filters;
  const field = "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900";
  return (
    <section aria-labelledby="admin-filters" className="mt-8">
      <h2 id="admin-filters" className="text-lg font-semibold text-slate-900">
        {f.heading}
      </h2>
      <Form method="get" action={linkTo("admin/leads").split("?")[0]} className="mt-2 grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <VariantInputs />
        <div className="lg:col-span-2">
          <label htmlFor="filter-q" className="text-sm font-medium">
            {f.email}
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q} placeholder={f.emailPlaceholder} className={field} />
        </div>
        <div>
          <label htmlFor="filter-source" className="text-sm font-medium">
            {f.source}
          </label>
          <select id="filter-source" name="source" defaultValue={query.source} className={field}>
            <option value="">{f.any}</option>
            {LEAD_SOURCES.map((source) => (
              <option key={source} value={source}>
                {copy.leadSources[source]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-step" className="text-sm font-medium">
            {f.step}
          </label>
          <select id="filter-step" name="step" defaultValue={query.step ? String(query.step) : ""} className={field}>
            <option value="">{f.any}</option>
            {[1, 2, 3].map((step) => (
              <option key={step} value={step}>
                {f.stepOption.replace("{step}", String(step))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-order" className="text-sm font-medium">
            {f.sort}
          </label>
          <select id="filter-order" name="order" defaultValue={query.order} className={field}>
            <option value="desc">{f.newest}</option>
            <option value="asc">{f.oldest}</option>
          </select>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-strong">
            {f.apply}
          </button>
          <a href={linkTo("admin/leads")} className="text-sm font-semibold text-brand-strong underline">
            {f.reset}
          </a>
        </div>
      </Form>
      <p className="mt-3">
        <a
          href={linkTo("admin/leads.csv", filterParams(query))}
          download
          className="inline-block rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand-strong hover:bg-brand-soft"
        >
          {f.exportCsv}
        </a>
      </p>
    </section>
  );
}

function Paging({ copy, query, pages }: { copy: AdminContent; query: ListQuery; pages: number }) {
  const linkTo = useLinkTo();
  const page = (n: number) => linkTo("admin/leads", listQueryParams(query, { page: n }));
  const link = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-brand-strong hover:bg-brand-soft";
  return (
    <nav aria-label={copy.paging.label} className="mt-4 flex items-center gap-4 text-sm">
      {query.page > 1 ? (
        <a href={page(Math.min(query.page - 1, pages))} className={link} rel="prev">
          {copy.paging.previous}
        </a>
      ) : null}
      <span>{copy.paging.position.replace("{page}", String(query.page)).replace("{pages}", String(pages))}</span>
      {query.page < pages ? (
        <a href={page(query.page + 1)} className={link} rel="next">
          {copy.paging.next}
        </a>
      ) : null}
    </nav>
  );
}

function EditDialog({
  lead,
  onClose,
  copy,
  plans,
  back,
}: {
  lead: Lead | null;
  onClose: () => void;
  copy: AdminContent;
  plans: { id: string; name: string }[];
  back: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<AdminActionData>({ key: lead ? `edit-${lead.id}` : undefined });
  const linkTo = useLinkTo();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (lead && !dialog.open) dialog.showModal();
    if (!lead && dialog.open) dialog.close();
  }, [lead]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="edit-lead-title"
      className="m-auto w-full max-w-xl rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      {lead ? (
        <>
          <h2 id="edit-lead-title" className="text-xl font-bold text-slate-900">
            {copy.edit.title}
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{copy.edit.intro}</p>
          <LeadEditForm
            key={lead.id}
            FormComponent={fetcher.Form}
            action={linkTo(`admin/leads/${lead.id}/edit`)}
            lead={lead}
            plans={plans}
            copy={copy}
            back={back}
            fieldErrors={fetcher.data?.fieldErrors}
            formError={fetcher.data?.formError}
            busy={fetcher.state !== "idle"}
            idPrefix="dialog"
            cancel={
              <button type="button" onClick={onClose} className="px-3 py-2 font-semibold text-slate-700 underline">
                {copy.edit.cancel}
              </button>
            }
          />
        </>
      ) : null}
    </dialog>
  );
}
