import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { AdminContent } from "#content/schemas/admin";
import { adminHeaders, refusalAsText, requireAdmin, type AdminAccess } from "~/admin/admin.server";
import { CSV_COLUMNS, consoleCellText, type ConsoleLead, type CsvColumn } from "~/admin/columns";
import { parseBulk, MAX_BULK_IDS } from "~/admin/console.server";
import { csvRow } from "~/admin/csv";
import { listOptions, parseListQuery, type ListQuery } from "~/admin/list-query";
import { getBackend } from "~/data/backend.server";
import { MAX_PAGE_SIZE } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import { variantKey } from "~/utils/variant";

/**
 * /admin/leads.csv: every field of every lead matching the list's current filter
 * (?q=&source=&step=&order=), streamed page by page through the store so 100,000 rows never sit
 * in memory at once; a POST (the bulk "export selected", confirmed) exports just those rows.
 * Guarded like the pages (requireAdmin); the refusal is the plain-text message with its 401/403.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx).catch(refusalAsText);
  return exportCsv(access, ctx, parseListQuery(ctx.url.searchParams));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const access = await requireAdmin(request, ctx).catch(refusalAsText);
  const copy = getPage(ctx.contentKey, "admin");
  const bulk = parseBulk(await request.formData());
  if ("error" in bulk || bulk.intent !== "bulk-export") {
    const error = "error" in bulk ? bulk.error : "unknown";
    const message =
      error === "none"
        ? copy.bulk.none
        : error === "tooMany"
          ? copy.bulk.tooMany.replace("{max}", String(MAX_BULK_IDS))
          : copy.bulk.unknown;
    return text(access, ctx, message, 400);
  }
  return exportCsv(access, ctx, parseListQuery(new URLSearchParams()), bulk.ids);
}

async function text(access: AdminAccess, ctx: RequestContext, message: string, status: number) {
  const headers = await adminHeaders(access, ctx);
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(message, { status, headers });
}

function headerRow(copy: AdminContent): string {
  const label = (column: CsvColumn) =>
    (copy.table.columns as Record<string, string>)[column] ??
    (copy.extraColumns as Record<string, string>)[column] ??
    copy.csvColumns[column] ??
    column;
  return csvRow(CSV_COLUMNS.map(label));
}

async function exportCsv(access: AdminAccess, ctx: RequestContext, query: ListQuery, ids?: string[]) {
  const copy = getPage(ctx.contentKey, "admin");
  const store = getBackend(ctx).leads;
  const referrals = getBackend(ctx).referrals;
  const plans = getPage(ctx.contentKey, "plans").plans;
  const labels = { ...copy, planNames: Object.fromEntries(plans.map((plan) => [plan.id, plan.name])), flags: copy.referrals.flags };
  const variantName = copy.console.variants[ctx.contentKey];
  const options = (page: number) => {
    const base = listOptions({ ...query, page }, MAX_PAGE_SIZE);
    return { ...base, filters: { ...base.filters, ids } };
  };
  // Places: the selected rows' in one query; for a whole export the line is read once (ranking it
  // for each of 500 pages of a 100,000-row export took most of two minutes).
  let line: Map<string, number> | null = null;
  async function placesOf(rows: Lead[]): Promise<Record<string, number | null>> {
    if (ids)
      return referrals.placesOf(
        ctx.leadTable,
        rows.map((lead) => lead.id),
      );
    line ??= new Map((await referrals.line(ctx.leadTable)).map((id, index) => [id, index + 1]));
    return Object.fromEntries(rows.map((lead) => [lead.id, line!.get(lead.id) ?? null]));
  }
  /** A page of rows as CSV text, with their places. */
  async function rowsText(rows: Lead[]): Promise<string> {
    if (rows.length === 0) return "";
    const places = await placesOf(rows);
    return rows
      .map((lead) => {
        const row: ConsoleLead = { ...lead, place: places[lead.id] ?? null };
        return csvRow(CSV_COLUMNS.map((column) => consoleCellText(row, column, labels, variantName)));
      })
      .join("");
  }

  // The first page is read before answering, so a store failure is a clear 503 and not a cut-off file.
  let first, firstText;
  try {
    first = await store.list(ctx.leadTable, options(1));
    firstText = await rowsText(first.rows);
  } catch (error) {
    console.error("admin: CSV export failed", error);
    return text(access, ctx, copy.messages.fetchFailed, 503);
  }
  const pages = Math.ceil(first.total / MAX_PAGE_SIZE);
  const encoder = new TextEncoder();
  let page = 1;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // BOM: spreadsheet apps then read the file as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${headerRow(copy)}${firstText}`));
    },
    // One page per pull: the next is read only when the client has taken the last one.
    async pull(controller) {
      page += 1;
      if (page > pages) return controller.close();
      try {
        const { rows } = await store.list(ctx.leadTable, { ...options(page), countTotal: false });
        if (rows.length === 0) return controller.close();
        controller.enqueue(encoder.encode(await rowsText(rows)));
      } catch (error) {
        console.error("admin: CSV export failed mid-stream", error);
        controller.error(error);
      }
    },
  });

  const headers = await adminHeaders(access, ctx);
  const date = new Date().toISOString().slice(0, 10);
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="${ctx.leadTable}-${variantKey(ctx.variant)}-${date}.csv"`);
  return new Response(stream, { headers });
}
