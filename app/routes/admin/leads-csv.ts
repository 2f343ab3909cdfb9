import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { adminHeaders, refusalAsText, requireAdmin } from "~/admin/admin.server";
import { ADMIN_COLUMNS, cellText } from "~/admin/columns";
import { csvRow } from "~/admin/csv";
import { listOptions, parseListQuery } from "~/admin/list-query";
import { getLeadStore } from "~/data/lead-store.server";
import { MAX_PAGE_SIZE } from "~/data/lead-store";
import { getRequestContext } from "~/utils/context.server";

/**
 * /admin/leads.csv: every lead matching the list's current filter (?q=&source=&step=&order=),
 * streamed page by page through the store so 100,000 rows never sit in memory at once.
 * Guarded like the pages (requireAdmin); the refusal is the plain-text message with its 401/403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx).catch(refusalAsText);
  const copy = getPage(ctx.contentKey, "admin");
  const query = parseListQuery(ctx.url.searchParams);
  const store = getLeadStore(ctx);
  const pageOf = (page: number) => store.list(ctx.leadTable, listOptions({ ...query, page }, MAX_PAGE_SIZE));

  // The first page is read before answering, so a store failure is a clear 503 and not a cut-off file.
  let first;
  try {
    first = await pageOf(1);
  } catch (error) {
    console.error("admin: CSV export failed", error);
    const headers = await adminHeaders(access, ctx);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(copy.messages.fetchFailed, { status: 503, headers });
  }
  const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
  const encoder = new TextEncoder();
  let page = 1;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // BOM: spreadsheet apps then read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(ADMIN_COLUMNS.map((column) => copy.table.columns[column]))}`));
      controller.enqueue(encoder.encode(first.rows.map((lead) => csvRow(ADMIN_COLUMNS.map((c) => cellText(lead, c, copy)))).join("")));
    },
    async pull(controller) {
      page += 1;
      if (page > pages) return controller.close();
      try {
        const { rows } = await pageOf(page);
        if (rows.length === 0) return controller.close();
        controller.enqueue(encoder.encode(rows.map((lead) => csvRow(ADMIN_COLUMNS.map((c) => cellText(lead, c, copy)))).join("")));
      } catch (error) {
        console.error("admin: CSV export failed mid-stream", error);
        controller.error(error);
      }
    },
  });

  const headers = await adminHeaders(access, ctx);
  const date = new Date().toISOString().slice(0, 10);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${ctx.leadTable}-${date}.csv"`);
  return new Response(stream, { headers });
}
