import { getLeadStore } from "~/data/lead-store.server";
import type { Lead, LeadPatch } from "~/data/lead-store";
import { withUniqueRefCode } from "~/data/lead-codes.server";
import type { RequestContext } from "~/utils/context.server";

/**
 * The lead module: every write to a lead row of any flow goes through here (routes never write
 * lead rows themselves). One instance per request, bound to the request's variant table.
 */
export function leadsOf(ctx: Pick<RequestContext, "env" | "bindings" | "leadTable">) {
  const store = getLeadStore(ctx);
  const table = ctx.leadTable;

  /** The lead's referral code, given one (unique, retried on a collision) when it has none. */
  async function ensureRefCode(lead: Lead): Promise<string> {
    if (lead.ref_code) return lead.ref_code;
    const updated = await withUniqueRefCode(lead.email, (ref_code) => store.update(table, lead.id, { ref_code }));
    if (!updated?.ref_code) throw new Error(`lead ${lead.id} not found in ${table}`);
    return updated.ref_code;
  }

  return {
    table,
    get: (id: string) => store.getById(table, id),
    ensureRefCode,
    /** An admin's edit: the validated fields of the edit form. Null when the lead is gone. */
    adminUpdate: (id: string, patch: LeadPatch) => store.update(table, id, patch),
    /** An admin's delete. False when the lead was already gone. */
    adminDelete: (id: string) => store.delete(table, id),
  };
}
