import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { getPage } from "#content/index";
import { deleteLead, unknownAction, updateLead } from "~/admin/admin.server";
import { adminRoute, type ReadFailure } from "~/admin/admin-route.server";
import { BULK_INTENTS, type BulkActionData } from "~/admin/bulk";
import { bulkAction, consoleCards } from "~/admin/console.server";
import type { AdminActionData } from "~/admin/edit-schema";
import { adminDocumentHeaders } from "~/admin/headers";
import { leadRows } from "~/admin/lead-rows.server";
import { clampPage, listOptions, listQueryParams, parseListQuery, type ListQuery } from "~/admin/list-query";
import { adminScope } from "~/utils/admin-scope";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { FormError } from "~/components/admin/AdminShell";
import { PickVariant } from "~/components/admin/PickVariant";
import { VariantLeadList } from "~/components/admin/VariantLeadList";
import { WaitlistCards } from "~/components/admin/WaitlistCards";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo as variantLink } from "~/utils/links";
import { useLinkTo } from "~/utils/root-data";

/** /admin/leads: the waitlist cards and one variant's lead list (app/admin/lead-rows.server.ts reads its rows, as the CSV export does). */
export const handle: RouteHandle = { hydrate: true };
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx, copy } = admin;
  const scope = adminScope(ctx.url, ctx.variant);
  let query = parseListQuery(ctx.url.searchParams);
  const plans = getPage(ctx.contentKey, "plans").plans.map((plan) => ({ id: plan.id, name: plan.name }));
  // A failed read is the list's own page with the message and the way back to this view.
  const failure = (shown: ListQuery): ReadFailure => ({
    refusal: { title: copy.title, link: { href: variantLink(ctx.variant, "admin/leads", listQueryParams(shown)), label: copy.title } },
  });
  const { rows, found, summed } = await admin.read(
    "leads",
    async () => {
      const rows = leadRows(ctx);
      const wanted = scope.kind === "variant" ? rows.page(listOptions(query)) : null;
      const [found, summed] = await Promise.all([wanted, consoleCards(ctx, scope)]);
      return { rows, found, summed };
    },
    failure(query),
  );
  let list = found;
  if (found) {
    const clamped = clampPage(query, found.total);
    if (clamped.page !== query.page) {
      query = clamped;
      list = await admin.read("leads", () => rows.page(listOptions(clamped)), failure(clamped));
    }
  }
  return admin.respond({
    copy,
    query,
    list,
    // A variant's SPEC stat cards come from the same read as its waitlist cards.
    stats: scope.kind === "variant" ? summed.stats[0] : null,
    cards: summed.cards,
    plans,
    labels: rows.labels,
    // Taken only once the list is there: a failed read keeps them for the next visit.
    toasts: admin.takeToasts(),
    all: scope.kind === "all",
    table: ctx.leadTable,
    dataLink: getPage(ctx.contentKey, "myData").admin.rowLink,
  });
}

/** Direct actions of the list (the JS delete after confirm() posts here): intent=delete|update, id. */
export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const form = await args.request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if ((BULK_INTENTS as readonly unknown[]).includes(intent)) return bulkAction(admin, form);
  if (intent === "delete" && id) return deleteLead(admin, id, form);
  if (intent === "update" && id) return updateLead(admin, id, form);
  return unknownAction(admin, intent);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.metaTitle ?? "Lead management" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLeads() {
  const { copy, query, list, stats, cards, plans, labels, toasts, all, dataLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminActionData | BulkActionData>();
  const linkTo = useLinkTo();
  const location = useLocation();
  const here = linkTo("admin/leads", all ? { variants: "all" } : listQueryParams(query));
  return (
    <AdminPage title={copy.title} intro={copy.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
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
    </AdminPage>
  );
}
