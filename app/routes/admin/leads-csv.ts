import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminRoute, type AdminRoute } from "~/admin/admin-route.server";
import { CSV_COLUMNS, columnLabel, consoleCellText, type ConsoleLead } from "~/admin/columns";
import { bulkRefusal, parseBulk } from "~/admin/bulk";
import { csvRow } from "~/admin/csv";
import { listOptions, parseListQuery, type ListQuery } from "~/admin/list-query";
import { leadRows } from "~/admin/lead-rows.server";
import { MAX_PAGE_SIZE } from "~/data/lead-model";
import { variantKey } from "~/utils/variant";
import { log } from "~/platform/log.server";

/**
 * /admin/leads.csv: every field of every lead matching the list's current filter
 * (?q=&source=&step=&order=), streamed page by page through the store so 100,000 rows never sit
 * in memory at once; a POST (the bulk "export selected", confirmed) exports just those rows.
 * Guarded like the pages (adminRoute); the refusal is the plain-text message with its 401/403.
 */
export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args, { refusalAs: "text" });
  return exportCsv(admin, parseListQuery(admin.ctx.url.searchParams));
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args, { refusalAs: "text" });
  const bulk = parseBulk(await args.request.formData());
  if ("error" in bulk || bulk.intent !== "bulk-export") {
    return admin.text(bulkRefusal(admin.copy, "error" in bulk ? bulk.error : "unknown"), 400);
  }
  return exportCsv(admin, parseListQuery(new URLSearchParams()), bulk.ids);
}

async function exportCsv(admin: AdminRoute, query: ListQuery, ids?: string[]) {
  const { ctx, copy } = admin;
  const reader = leadRows(ctx, { wholeLine: !ids });
  const variantName = copy.console.variants[ctx.contentKey];
  const options = (page: number) => {
    const base = listOptions({ ...query, page }, MAX_PAGE_SIZE);
    return { ...base, filters: { ...base.filters, ids } };
  };
  const rowsText = (rows: ConsoleLead[]) =>
    rows.map((row) => csvRow(CSV_COLUMNS.map((column) => consoleCellText(row, column, reader.labels, variantName)))).join("");

  // The first page is read before answering, so a store failure is a clear 503 and not a cut-off file.
  let first, firstText;
  try {
    first = await reader.page(options(1));
    firstText = rowsText(first.rows);
  } catch (error) {
    log.error("admin.read_failed", { what: "csv-export" }, error);
    return admin.text(copy.messages.fetchFailed, 503);
  }
  const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
  const encoder = new TextEncoder();
  let page = 1;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // BOM: spreadsheet apps then read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_COLUMNS.map((column) => columnLabel(copy, column)))}${firstText}`));
    },
    // One page per pull: the next is read only when the client has taken the last one.
    async pull(controller) {
      page += 1;
      if (page > pages) return controller.close();
      try {
        const { rows } = await reader.page({ ...options(page), countTotal: false });
        if (rows.length === 0) return controller.close();
        controller.enqueue(encoder.encode(rowsText(rows)));
      } catch (error) {
        log.error("admin.read_failed", { what: "csv-export", page }, error);
        controller.error(error);
      }
    },
  });

  const headers = await admin.headers();
  const date = new Date().toISOString().slice(0, 10);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${ctx.leadTable}-${variantKey(ctx.variant)}-${date}.csv"`);
  return new Response(stream, { headers });
}
