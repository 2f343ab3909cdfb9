import { getLeadStore } from "~/data/lead-store.server";
import type { Lead, LeadPatch, NewLead } from "~/data/lead-store";
import { hashedEmail, withUniqueRefCode } from "~/data/lead-codes.server";
import type { RequestContext } from "~/utils/context.server";

/** The lead store for this request's variant table, with the funnel's few operations. */
export function funnelLeads(ctx: RequestContext) {
  const store = getLeadStore(ctx);
  const table = ctx.leadTable;
  return {
    table,
    get: (id: string) => store.getById(table, id),
    create: (lead: NewLead) => store.create(table, lead),
    update: (id: string, patch: LeadPatch) => store.update(table, id, patch),
    /** Writes the e-mail, its hash and (once) an 8-character referral code, retrying on a collision. */
    async completeWithEmail(lead: Lead, email: string, patch: LeadPatch = {}): Promise<Lead | null> {
      const hashed = await hashedEmail(email);
      if (lead.ref_code) {
        return store.update(table, lead.id, { ...patch, email, hashed_email: hashed });
      }
      return withUniqueRefCode(email, (ref_code) =>
        store.update(table, lead.id, { ...patch, email, hashed_email: hashed, ref_code }),
      );
    },
  };
}

/** A message for 'Error submitting form: {message}' that never leaks internals. */
export function failureMessage(error: unknown): string {
  console.error("lead write failed", error);
  return "we could not save your answers right now. Please try again in a moment.";
}
