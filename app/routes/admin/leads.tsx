import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
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
import { viralCoefficient, type ConsoleCards } from "~/admin/cards";
import { ADMIN_COLUMNS, CONSOLE_COLUMNS, consoleCellText, formatUtc, type ConsoleLead } from "~/admin/columns";
import { BULK_INTENTS, bulkAction, consoleCards, consoleFrame, type BulkActionData, type BulkIntent } from "~/admin/console.server";
import {
  LIST_PAGE_SIZE,
  backValue,
  clampPage,
  filterParams,
  lastPage,
  listOptions,
  listQueryParams,
  parseListQuery,
  type ListQuery,
} from "~/admin/list-query";
import { adminScope } from "~/admin/scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell, FormError } from "~/components/admin/AdminShell";
import { LeadEditForm } from "~/components/admin/LeadEditForm";
import { getBackend } from "~/data/backend.server";
import { LEAD_SOURCES } from "~/data/lead-model";
import type { Lead, LeadStats } from "~/data/ports/lead-store";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo as variantLink } from "~/utils/links";
import { ADMIN_VARIANTS } from "~/admin/scope";
import { contentKeyOf, variantKey } from "~/utils/variant";
import { useLinkTo } from "~/utils/root-data";
import { takeToasts } from "~/utils/session.server";

export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const copy = getPage(ctx.contentKey, "admin");
  const scope = adminScope(ctx.url, ctx.variant);
  let query = parseListQuery(ctx.url.searchParams);
  const plans = getPage(ctx.contentKey, "plans").plans.map((plan) => ({ id: plan.id, name: plan.name }));
  let list: { rows: ConsoleLead[]; total: number } | null = null;
  let stats: LeadStats | null = null;
  let cards: ConsoleCards;
  try {
    const store = getBackend(ctx).leads;
    const wanted = scope.kind === "variant" ? store.list(ctx.leadTable, listOptions(query)) : null;
    const [found, summed] = await Promise.all([wanted, consoleCards(ctx, scope)]);
    cards = summed.cards;
    // A variant's SPEC stat cards come from the same read as its waitlist cards.
    stats = scope.kind === "variant" ? summed.stats[0] : null;
    if (found) {
      let page = found;
      const clamped = clampPage(query, found.total);
      if (clamped.page !== query.page) {
        query = clamped;
        page = await store.list(ctx.leadTable, listOptions(query));
      }
      // The places of the whole page in one query.
      const places = await getBackend(ctx).referrals.placesOf(
        ctx.leadTable,
        page.rows.map((lead) => lead.id),
      );
      list = { total: page.total, rows: page.rows.map((lead) => ({ ...lead, place: places[lead.id] ?? null })) };
    }
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
  return data(
    {
      copy,
      query,
      list,
      stats,
      cards,
      plans,
      toasts,
      all: scope.kind === "all",
      frame: consoleFrame(access),
      table: ctx.leadTable,
      dataLink: getPage(ctx.contentKey, "myData").admin.rowLink,
    },
    { headers: await adminHeaders(access, ctx) },
  );
}

/** Direct actions of the list (the JS delete after confirm() posts here): intent=delete|update, id. */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if ((BULK_INTENTS as readonly unknown[]).includes(intent)) return bulkAction(access, ctx, form);
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
  const actionData = useActionData<AdminActionData | BulkActionData>();
  return (
    <LeadList
      data={loaderData}
      actionError={actionData?.formError}
      bulk={actionData && "bulk" in actionData ? actionData.bulk : undefined}
    />
  );
}

type ListData = ReturnType<typeof useLoaderData<typeof loader>>;

function LeadList({ data, actionError, bulk }: { data: ListData; actionError?: string; bulk?: { intent: BulkIntent; ids: string[] } }) {
  const { copy, query, list, stats, cards, plans, toasts, all, frame } = data;
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", all ? { variants: "all" } : listQueryParams(query));
  const nav = { copy: copy.console, email: frame.email };
  return (
    <AdminShell nav={nav} title={copy.title} intro={copy.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      <FormError message={actionError} />
      <CardsView copy={copy} cards={cards} all={all} />
      {list && stats ? (
        <VariantList key={location.key} data={data} list={list} stats={stats} plans={plans} bulk={bulk} />
      ) : (
        <PickVariant copy={copy} />
      )}
    </AdminShell>
  );
}

/** The all-variants view lists no combined table: a row's edit, delete and bulk actions belong to one variant. */
function PickVariant({ copy }: { copy: AdminContent }) {
  return (
    <section className="mt-8">
      <p className="text-slate-700">{copy.cards.pickVariant}</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {ADMIN_VARIANTS.map((v) => (
          <li key={variantKey(v)}>
            <a href={variantLink(v, "admin/leads")} className="font-semibold text-brand-strong underline">
              {copy.cards.openVariant.replace("{variant}", copy.console.variants[contentKeyOf(v)])}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardsView({ copy, cards, all }: { copy: AdminContent; cards: ConsoleCards; all: boolean }) {
  const c = copy.cards;
  const card = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  const firstWave = cards.variants.map((v) =>
    c.firstWaveOf.replace("{left}", String(v.firstWave.left)).replace("{spots}", String(v.firstWave.spots)),
  );
  const figures: [string, string, React.ReactNode][] = [
    ["card-confirmed", c.confirmed, cards.confirmed],
    [
      "card-first-wave",
      c.firstWaveLeft,
      all ? (
        <ul className="text-base">
          {cards.variants.map((v, i) => (
            <li key={v.key} className="flex justify-between gap-2">
              <span>{copy.console.variants[v.key]}</span>
              <span>{firstWave[i]}</span>
            </li>
          ))}
        </ul>
      ) : (
        firstWave[0]
      ),
    ],
    ["card-credited", c.credited, cards.credited],
    ["card-viral", c.viral, cards.viral],
    ["card-today", c.today, cards.today],
    ["card-week", c.week, cards.week],
  ];
  return (
    <section aria-labelledby="admin-cards">
      <h2 id="admin-cards" className="text-lg font-semibold text-slate-900">
        {all ? c.allHeading : c.heading}
      </h2>
      <dl className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {figures.map(([id, label, value]) => (
          <div key={id} className={card} data-testid={id}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-600" data-testid="card-incomplete">
        {c.incomplete}: <strong>{cards.incomplete}</strong> — {c.incompleteHint}. {c.viral}: {c.viralHint}.
      </p>
      {all ? (
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm" data-testid="per-variant">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900">{c.perVariant}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {copy.console.switcherLabel}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.confirmed}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.firstWaveLeft}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.credited}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.viral}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.today}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.week}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.incomplete}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {cards.variants.map((v, i) => (
                <tr key={v.key} data-variant={v.key}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {copy.console.variants[v.key]}
                  </th>
                  <td className="px-3 py-2">{v.confirmed}</td>
                  <td className="px-3 py-2">{firstWave[i]}</td>
                  <td className="px-3 py-2">{v.credited}</td>
                  <td className="px-3 py-2">{viralCoefficient(v.credited, v.confirmed)}</td>
                  <td className="px-3 py-2">{v.today}</td>
                  <td className="px-3 py-2">{v.week}</td>
                  <td className="px-3 py-2">{v.incomplete}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

type PlanName = { id: string; name: string };

function VariantList({
  data,
  list,
  stats,
  plans,
  bulk,
}: {
  data: ListData;
  list: { rows: ConsoleLead[]; total: number };
  stats: LeadStats;
  plans: PlanName[];
  bulk?: { intent: BulkIntent; ids: string[] };
}) {
  const { copy, query, dataLink } = data;
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", listQueryParams(query));
  const back = backValue(query);
  const deleter = useFetcher<AdminActionData>();
  const [editing, setEditing] = useState<Lead | null>(null);
  const [asking, setAsking] = useState<{ intent: BulkIntent; ids: string[] } | null>(null);
  const tableForm = useRef<HTMLFormElement>(null);
  const pages = lastPage(list.total);
  const from = list.rows.length ? (query.page - 1) * LIST_PAGE_SIZE + 1 : 0;
  const to = from ? from + list.rows.length - 1 : 0;
  const labels = { ...copy, planNames: Object.fromEntries(plans.map((plan) => [plan.id, plan.name])), flags: copy.referrals.flags };
  const columns = [...ADMIN_COLUMNS, ...CONSOLE_COLUMNS] as const;
  const columnLabel = (column: (typeof columns)[number]) =>
    column in copy.table.columns
      ? copy.table.columns[column as keyof typeof copy.table.columns]
      : copy.extraColumns[column as keyof typeof copy.extraColumns];

  // A successful save or delete redirects to the list: close the dialog on every new location.
  useEffect(() => setEditing(null), [location.key]);

  function confirmDelete(event: React.MouseEvent, lead: Lead) {
    event.preventDefault();
    if (!window.confirm(copy.messages.confirmDelete)) return;
    deleter.submit({ intent: "delete", id: lead.id, back }, { method: "post", action: here });
  }

  /** With JavaScript a bulk button asks in a <dialog>; without, the POST answers a confirmation step. */
  function askBulk(event: React.MouseEvent<HTMLButtonElement>) {
    const form = tableForm.current;
    if (!form) return;
    event.preventDefault();
    const ids = new FormData(form).getAll("ids").map(String);
    setAsking({ intent: event.currentTarget.value as BulkIntent, ids });
  }

  function toggleAll(event: React.ChangeEvent<HTMLInputElement>) {
    for (const box of tableForm.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) box.checked = event.target.checked;
  }

  function rowToggled(event: React.ChangeEvent<HTMLInputElement>) {
    const all = tableForm.current?.querySelector<HTMLInputElement>('input[name="all"]');
    if (all && !event.target.checked) all.checked = false;
  }

  const bulkButton = "rounded-md border px-3 py-1.5 text-sm font-semibold";
  return (
    <>
      <FormError message={deleter.data?.formError} />
      <StatCards copy={copy} stats={stats} plans={plans} />
      <Filters copy={copy} query={query} />
      {bulk ? <BulkConfirm copy={copy} request={bulk} back={back} cancelHref={here} /> : null}
      <p className="mt-6 text-sm text-slate-600" data-testid="list-summary">
        {copy.table.summary.replace("{from}", String(from)).replace("{to}", String(to)).replace("{total}", String(list.total))}
      </p>
      <Form method="post" action={here} ref={tableForm} id="bulk-form">
        <input type="hidden" name="back" value={back} />
        {list.rows.map((lead) => (
          <input key={lead.id} type="hidden" name="page_ids" value={lead.id} />
        ))}
        <fieldset className="mt-2 flex flex-wrap items-center gap-2">
          <legend className="sr-only">{copy.bulk.legend}</legend>
          <span className="text-sm text-slate-700" aria-hidden="true">
            {copy.bulk.legend}:
          </span>
          <button
            type="submit"
            name="intent"
            value="bulk-delete"
            onClick={askBulk}
            className={`${bulkButton} border-red-700 text-red-800 hover:bg-red-50`}
          >
            {copy.bulk.delete}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-export"
            onClick={askBulk}
            className={`${bulkButton} border-brand text-brand-strong hover:bg-brand-soft`}
          >
            {copy.bulk.export}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-revoke"
            onClick={askBulk}
            className={`${bulkButton} border-slate-500 text-slate-800 hover:bg-slate-100`}
          >
            {copy.bulk.revoke}
          </button>
        </fieldset>
        {/* relative: the screen-reader-only labels inside cells are absolutely placed and must stay inside this box. */}
        <div className="relative mt-2 max-w-full overflow-x-auto rounded-lg border border-slate-200" data-testid="lead-table-scroll">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">{copy.table.caption}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <input type="checkbox" name="all" aria-label={copy.bulk.selectAll} onChange={toggleAll} className="size-4" />
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-slate-900">
                    {columnLabel(column)}
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
                  <td colSpan={columns.length + 2} className="px-3 py-6 text-center text-slate-600">
                    {copy.table.empty}
                  </td>
                </tr>
              ) : (
                list.rows.map((lead) => (
                  <tr key={lead.id} data-lead-id={lead.id}>
                    <td className="px-3 py-2 align-top">
                      <input
                        type="checkbox"
                        name="ids"
                        value={lead.id}
                        onChange={rowToggled}
                        aria-label={copy.bulk.select.replace("{email}", lead.email)}
                        className="size-4"
                      />
                    </td>
                    {columns.map((column) => (
                      <td key={column} className="max-w-64 px-3 py-2 align-top break-words text-slate-800" data-column={column}>
                        {column === "created_at" ? (
                          <time dateTime={lead.created_at} className="whitespace-nowrap">
                            {formatUtc(lead.created_at)}
                          </time>
                        ) : (
                          consoleCellText(lead, column, labels)
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
                      </a>{" "}
                      <a href={linkTo(`admin/leads/${lead.id}/data`, { back })} className="ml-2 font-semibold text-brand-strong underline">
                        {dataLink}
                        <span className="sr-only"> {lead.email}</span>
                      </a>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Form>
      <Paging copy={copy} query={query} pages={pages} />
      <EditDialog lead={editing} onClose={() => setEditing(null)} copy={copy} plans={plans} back={back} />
      <BulkDialog copy={copy} request={asking} back={back} onClose={() => setAsking(null)} />
    </>
  );
}

/** The confirmation of a bulk action: how many rows, and the one button that acts (the second POST). */
function BulkConfirmForm({
  copy,
  request,
  back,
  cancel,
}: {
  copy: AdminContent;
  request: { intent: BulkIntent; ids: string[] };
  back: string;
  cancel: React.ReactNode;
}) {
  const linkTo = useLinkTo();
  const count = String(request.ids.length);
  const question =
    request.intent === "bulk-delete"
      ? copy.bulk.confirmDelete
      : request.intent === "bulk-export"
        ? copy.bulk.confirmExport
        : copy.bulk.confirmRevoke;
  const fields = (
    <>
      <p className="text-slate-900" data-testid="bulk-question">
        {question.replace("{count}", count)}
      </p>
      <input type="hidden" name="intent" value={request.intent} />
      <input type="hidden" name="confirmed" value="yes" />
      <input type="hidden" name="back" value={back} />
      {request.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <div className="mt-4 flex items-center gap-3">
        <button type="submit" className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
          {copy.bulk.confirm}
        </button>
        {cancel}
      </div>
    </>
  );
  // The export answers a file: a plain POST, so the browser downloads it and the page stays.
  return request.intent === "bulk-export" ? (
    <form method="post" action={linkTo("admin/leads.csv")}>
      {fields}
    </form>
  ) : (
    <Form method="post" action={linkTo("admin/leads", parseBackParams(back))}>
      {fields}
    </Form>
  );
}

function parseBackParams(back: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(back));
}

function BulkConfirm({
  copy,
  request,
  back,
  cancelHref,
}: {
  copy: AdminContent;
  request: { intent: BulkIntent; ids: string[] };
  back: string;
  cancelHref: string;
}) {
  return (
    <section aria-labelledby="bulk-confirm" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="bulk-confirm">
      <h2 id="bulk-confirm" className="text-lg font-semibold text-slate-900">
        {copy.bulk.legend}
      </h2>
      <BulkConfirmForm
        copy={copy}
        request={request}
        back={back}
        cancel={
          <a href={cancelHref} className="px-3 py-2 font-semibold text-slate-700 underline">
            {copy.bulk.cancel}
          </a>
        }
      />
    </section>
  );
}

function BulkDialog({
  copy,
  request,
  back,
  onClose,
}: {
  copy: AdminContent;
  request: { intent: BulkIntent; ids: string[] } | null;
  back: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="bulk-dialog-title"
      className="m-auto w-full max-w-lg rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      {request ? (
        <>
          <h2 id="bulk-dialog-title" className="mb-2 text-xl font-bold text-slate-900">
            {copy.bulk.legend}
          </h2>
          {request.ids.length === 0 ? (
            <>
              <p role="alert">{copy.bulk.none}</p>
              <button type="button" onClick={onClose} className="mt-4 px-3 py-2 font-semibold text-slate-700 underline">
                {copy.bulk.cancel}
              </button>
            </>
          ) : (
            <div onSubmit={() => onClose()}>
              <BulkConfirmForm
                copy={copy}
                request={request}
                back={back}
                cancel={
                  <button type="button" onClick={onClose} className="px-3 py-2 font-semibold text-slate-700 underline">
                    {copy.bulk.cancel}
                  </button>
                }
              />
            </div>
          )}
        </>
      ) : null}
    </dialog>
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
