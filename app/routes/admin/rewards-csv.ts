import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { adminRoute } from "~/admin/admin-route.server";
import { csvRow } from "~/admin/csv";
import { getBackend } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import { ledgerCsvRows } from "~/rewards/admin.server";

/** /admin/rewards.csv: this variant's ledger of earned rewards (ADR 035). Guarded like the pages. */
export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args, { refusalAs: "text" });
  const { ctx } = admin;
  const copy = getPage(ctx.contentKey, "rewards").admin;
  let rows;
  try {
    rows = await getBackend(ctx).rewards.ledger(ctx.leadTable, { limit: 100_000 });
  } catch (error) {
    log.error("admin.read_failed", { what: "rewards-csv" }, error);
    return admin.text(admin.copy.messages.fetchFailed, 503);
  }
  const headers = await admin.headers();
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="rewards-${ctx.contentKey}.csv"`);
  // BOM: spreadsheet apps then read the file as UTF-8.
  return new Response(`\uFEFF${ledgerCsvRows(rows, copy, copy.kinds).map(csvRow).join("")}`, { headers });
}
