import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { getPage } from "#content/index";
import { adminHeaders, adminRefusal, deleteLead, requireAdmin, unknownAction, updateLead } from "~/admin/admin.server";
import { BULK_INTENTS, type BulkActionData } from "~/admin/bulk";
import type { ConsoleCards } from "~/admin/cards";
import type { CellLabels, ConsoleLead } from "~/admin/columns";
import { bulkAction, consoleCards, consoleFrame } from "~/admin/console.server";
import type { AdminActionData } from "~/admin/edit-schema";
import { adminDocumentHeaders } from "~/admin/headers";
import { leadRows } from "~/admin/lead-rows.server";
import { clampPage, listOptions, listQueryParams, parseListQuery } from "~/admin/list-query";
import { adminScope } from "~/utils/admin-scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminShell, FormError } from "~/components/admin/AdminShell";
import { PickVariant } from "~/components/admin/PickVariant";
import { VariantLeadList } from "~/components/admin/VariantLeadList";
import { WaitlistCards } from "~/components/admin/WaitlistCards";
import type { LeadStats } from "~/data/ports/lead-store";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo as variantLink } from "~/utils/links";
import { useLinkTo } from "~/utils/root-data";
import { takeToasts } from "~/utils/session.server";

/** /admin/leads: the waitlist cards and one variant's lead list (app/admin/lead-rows.server.ts reads its rows, as the CSV export does). */
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
  let labels: CellLabels;
  try {
    const rows = leadRows(ctx);
    const wanted = scope.kind === "variant" ? rows.page(listOptions(query)) : null;
    const [found, summed] = await Promise.all([wanted, consoleCards(ctx, scope)]);
    cards = summed.cards;
    // A variant's SPEC stat cards come from the same read as its waitlist cards.
    stats = scope.kind === "variant" ? summed.stats[0] : null;
    labels = rows.labels;
    if (found) {
      list = found;
      const clamped = clampPage(query, found.total);
      if (clamped.page !== query.page) {
        query = clamped;
        list = await rows.page(listOptions(query));
      }
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
      labels,
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
  const { copy, query, list, stats, cards, plans, labels, toasts, all, frame, dataLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminActionData | BulkActionData>();
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", all ? { variants: "all" } : listQueryParams(query));
  const nav = { copy: copy.console, email: frame.email };
  return (
    <AdminShell nav={nav} title={copy.title} intro={copy.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      <FormError message={actionData?.formError} />
      <WaitlistCards copy={copy} cards={cards} all={all} />
      {list && stats ? (
        <VariantLeadList
          key={location.key}
          copy={copy}
          query={query}
          list={list}
          stats={stats}
          plans={plans}
          labels={labels}
          dataLink={dataLink}
          bulk={actionData && "bulk" in actionData ? actionData.bulk : undefined}
        />
      ) : (
        <PickVariant copy={copy} />
      )}
    </AdminShell>
  );
}
