import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { Lead, ListOptions } from "~/data/ports/lead-store";
import type { RequestContext } from "~/utils/context.server";
import type { CellLabels, ConsoleLead } from "./columns";

/** The labels the list's and the CSV's cells are written with: the variant's admin copy and plan names. */
function cellLabels(ctx: Pick<RequestContext, "contentKey">): CellLabels {
  const copy = getPage(ctx.contentKey, "admin");
  const plans = getPage(ctx.contentKey, "plans").plans;
  return {
    leadSources: copy.leadSources,
    billingCycles: copy.billingCycles,
    table: { yes: copy.table.yes, no: copy.table.no },
    planNames: Object.fromEntries(plans.map((plan) => [plan.id, plan.name])),
    flags: copy.referrals.flags,
  };
}

/**
 * The lead list's rows as the admin page and the CSV export show them: a page of the variant's
 * leads from the store, each with its place in line, and the labels their cells are written with.
 * `wholeLine` reads the line once and looks each page's places up in it, for an export that reads
 * every page (ranking the line for each of 500 pages of a 100,000-row export took most of two
 * minutes); otherwise a page's places come in one query.
 */
export function leadRows(ctx: RequestContext, { wholeLine = false }: { wholeLine?: boolean } = {}) {
  const { leads: store, referrals } = getBackend(ctx);
  let line: Map<string, number> | null = null;

  async function placesOf(rows: Lead[]): Promise<Record<string, number | null>> {
    if (!wholeLine) {
      return referrals.placesOf(
        ctx.leadTable,
        rows.map((lead) => lead.id),
      );
    }
    line ??= new Map((await referrals.line(ctx.leadTable)).map((id, index) => [id, index + 1]));
    return Object.fromEntries(rows.map((lead) => [lead.id, line!.get(lead.id) ?? null]));
  }

  return {
    labels: cellLabels(ctx),
    /** One page of the list with the rows' places; `total` is 0 when `countTotal` is false. */
    async page(options: ListOptions): Promise<{ rows: ConsoleLead[]; total: number }> {
      const found = await store.list(ctx.leadTable, options);
      if (found.rows.length === 0) return { rows: [], total: found.total };
      const places = await placesOf(found.rows);
      return { total: found.total, rows: found.rows.map((lead) => ({ ...lead, place: places[lead.id] ?? null })) };
    },
  };
}
