import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { adminRoute } from "~/admin/admin-route.server";
import { csvRow } from "~/admin/csv";
import { clubsCsvRows } from "~/clubs/admin.server";
import { log } from "~/platform/log.server";

/** /admin/clubs.csv: this variant's clubs with their counts and contacts (ADR 039). Guarded like the pages. */
export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args, { refusalAs: "text" });
  const { ctx } = admin;
  let rows;
  try {
    rows = await clubsCsvRows(ctx);
  } catch (error) {
    log.error("admin.read_failed", { what: "clubs-csv" }, error);
    return admin.text(admin.copy.messages.fetchFailed, 503);
  }
  const headers = await admin.headers();
  headers.set("Content-Type", "text/csv; charset=utf-8");
  headers.set("Content-Disposition", `attachment; filename="clubs-${ctx.contentKey}.csv"`);
  // BOM: spreadsheet apps then read the file as UTF-8.
  return new Response(`\uFEFF${rows.map(csvRow).join("")}`, { headers });
}
