import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { adminRoute } from "~/admin/admin-route.server";
import { AUDIT_KINDS } from "~/admin/audit-kinds";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { AdminTable } from "~/components/admin/AdminTable";
import { VariantInputs } from "~/components/admin/VariantInputs";
import { getBackend } from "~/data/backend.server";
import { ADMIN_VARIANTS, ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import { linkTo } from "~/utils/links";
import { contentKeyOf, variantKey } from "~/utils/variant";

/**
 * /admin/audit: every change an admin made in the console (the admin_audit rows), newest first,
 * a page at a time, with a GET filter by kind that works without JavaScript. One log for all
 * variants: each row names the variant it was made in.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

const PAGE_SIZE = 50;

type Kind = (typeof AUDIT_KINDS)[number];

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const asked = ctx.url.searchParams.get("kind") ?? "";
  const kind = (AUDIT_KINDS as readonly string[]).includes(asked) ? (asked as Kind) : null;
  const page = Math.min(10_000, Math.max(1, Number.parseInt(ctx.url.searchParams.get("page") ?? "", 10) || 1));
  const { rows, total } = await admin.read("audit", () => getBackend(ctx).adminAudit.page({ kind, page, pageSize: PAGE_SIZE }));
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The switcher's "All variants" stays on while the admin pages and filters.
  const scope: Record<string, string> =
    ctx.url.searchParams.get("variants") === ALL_VARIANTS_PARAM.variants ? { ...ALL_VARIANTS_PARAM } : {};
  const href = (n: number) =>
    linkTo(ctx.variant, "admin/audit", { ...scope, ...(kind ? { kind } : {}), ...(n > 1 ? { page: String(n) } : {}) });
  return admin.respond({
    copy: admin.copy,
    rows,
    kind,
    page,
    pages,
    scope,
    previous: page > 1 ? href(Math.min(page - 1, pages)) : null,
    next: page < pages ? href(page + 1) : null,
    here: linkTo(ctx.variant, "admin/audit"),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.audit.metaTitle ?? "Admin audit" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The switcher's name of a stored variant key; "" is a change of every variant, an unknown key as stored. */
function variantLabel(copy: AdminContent, key: string): string {
  if (!key) return copy.audit.everyVariant;
  const known = ADMIN_VARIANTS.find((v) => variantKey(v) === key);
  return known ? copy.console.variants[contentKeyOf(known)] : key;
}

export default function AdminAudit() {
  const { copy, rows, kind, page, pages, scope, previous, next, here } = useLoaderData<typeof loader>();
  const text = copy.audit;
  const link = "rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-brand-strong hover:bg-brand-soft";
  return (
    <AdminPage title={text.title} intro={text.intro}>
      <form method="get" action={here} className="mb-4 flex flex-wrap items-end gap-3 text-sm" data-testid="audit-filter">
        <VariantInputs />
        {Object.entries(scope).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex flex-col gap-1 font-semibold text-slate-900">
          {text.filterLabel}
          <select name="kind" defaultValue={kind ?? ""} className="rounded-md border border-slate-400 px-2 py-1.5 font-normal">
            <option value="">{text.allKinds}</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {text.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-slate-900 px-4 py-1.5 font-semibold text-white hover:bg-slate-700">
          {text.filter}
        </button>
      </form>
      {rows.length === 0 ? (
        <p data-testid="audit-none">{text.none}</p>
      ) : (
        <AdminTable columns={text.columns} caption={text.tableLabel} testId="admin-audit-log">
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200 align-top" data-action={row.action}>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={row.at}>{formatUtc(row.at)}</time>
              </td>
              <td className="px-3 py-2 wrap-anywhere">{row.actor}</td>
              <td className="px-3 py-2">{text.actions[row.action] ?? row.action}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{row.target || "—"}</td>
              <td className="px-3 py-2 break-words">{row.detail || "—"}</td>
              <td className="px-3 py-2">{variantLabel(copy, row.variant)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {pages > 1 ? (
        <nav aria-label={copy.paging.label} className="mt-4 flex items-center gap-4 text-sm">
          {previous ? (
            <a href={previous} className={link} rel="prev">
              {copy.paging.previous}
            </a>
          ) : null}
          <span>{copy.paging.position.replace("{page}", String(page)).replace("{pages}", String(pages))}</span>
          {next ? (
            <a href={next} className={link} rel="next">
              {copy.paging.next}
            </a>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
