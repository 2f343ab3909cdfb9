import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { Lead } from "~/data/ports/lead-store";
import { leadsOf } from "~/leads/leads.server";
import { checkLeadLink } from "~/platform/lead-links.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { erasableAddress, eraseParentData, exportParentData, exportResponse, summaryOf, type HeldSummary } from "./my-data.server";
import { log } from "~/platform/log.server";

/**
 * /my-data?t=…: the parent's data from the signed "Manage my data" link (purpose "manage", no
 * sign-in). A GET never changes anything; the download and the erasure are POSTs of plain forms
 * (the page ships no JavaScript). The link names a lead; everything is then found by its e-mail
 * address, in every variant's table. A link of another variant works too: the data is the same.
 */

type Found = { state: "invalid" | "expired" | "gone" } | { state: "valid"; lead: Lead; email: string };

async function leadOfLink(ctx: RequestContext, token: string | null): Promise<Found> {
  const link = await checkLeadLink(ctx.env, ctx.isLocal, token, "manage");
  if (!link.ok) return { state: link.reason };
  let lead: Lead | null;
  try {
    lead = await leadsOf({ ...ctx, leadTable: link.table }).get(link.leadId);
  } catch (error) {
    log.error("lead.read_failed", { page: "my-data", leadId: link.leadId }, error);
    throw unavailable(ctx);
  }
  const email = lead ? erasableAddress(lead.email) : null;
  if (!lead || !email) return { state: "gone" };
  return { state: "valid", lead, email };
}

const STATUS = { invalid: 400, expired: 410, gone: 404 } as const;

function unavailable(ctx: RequestContext) {
  return data({ copy: getPage(ctx.contentKey, "myData"), view: { state: "unavailable" as const } }, { status: 503 });
}

type View =
  | { state: "invalid" | "expired" | "gone" | "done" | "unavailable" }
  | { state: "summary" | "confirm"; token: string; email: string; held: HeldSummary };

export async function myDataPage(ctx: RequestContext, url: URL) {
  const copy = getPage(ctx.contentKey, "myData");
  const reply = (view: View, status = 200) => data({ copy, view }, { status });
  if (url.searchParams.get("done") === "1" && !url.searchParams.has("t")) return reply({ state: "done" });
  const token = url.searchParams.get("t");
  const found = await leadOfLink(ctx, token);
  if (found.state !== "valid") return reply({ state: found.state }, STATUS[found.state]);
  let held: HeldSummary;
  try {
    held = summaryOf(await exportParentData(ctx, found.email));
  } catch (error) {
    log.error("trust.export_failed", { page: "my-data" }, error);
    throw unavailable(ctx);
  }
  const state = url.searchParams.get("step") === "erase" ? "confirm" : "summary";
  return reply({ state, token: token as string, email: found.email, held });
}

/** intent=erase erases and redirects to the done page (the download is /my-data/download: a file, not a page). */
export async function myDataAction(ctx: RequestContext, form: FormData) {
  const copy = getPage(ctx.contentKey, "myData");
  const reply = (view: View, status: number) => data({ copy, view }, { status });
  const token = typeof form.get("t") === "string" ? (form.get("t") as string) : null;
  if (form.get("intent") !== "erase") return reply({ state: "invalid" }, 400);
  const found = await leadOfLink(ctx, token);
  const done = linkTo(ctx.variant, "my-data", { done: "1" });
  // A second press of the erase button (or a second tab) finds nothing left: it was done.
  if (found.state === "gone") throw redirect(done, { status: 303 });
  if (found.state !== "valid") return reply({ state: found.state }, STATUS[found.state]);
  try {
    await eraseParentData(ctx, found.email, "self");
  } catch (error) {
    log.error("trust.erase_failed", { source: "self" }, error);
    return unavailable(ctx);
  }
  throw redirect(done, { status: 303 });
}

/**
 * POST /my-data/download: the JSON file. A link that is not (or no longer) good goes back to the
 * page, which says why with its status (400, 410, 404).
 */
export async function myDataDownload(ctx: RequestContext, form: FormData): Promise<Response> {
  const token = typeof form.get("t") === "string" ? (form.get("t") as string) : null;
  const found = await leadOfLink(ctx, token);
  if (found.state !== "valid") return redirect(linkTo(ctx.variant, "my-data", { t: token }), { status: 303 });
  try {
    return exportResponse(await exportParentData(ctx, found.email));
  } catch (error) {
    log.error("trust.export_failed", { page: "my-data", download: true }, error);
    return new Response(getPage(ctx.contentKey, "myData").unavailableText, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
