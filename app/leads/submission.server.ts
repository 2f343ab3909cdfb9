import type { AppSession, VariantValueKey } from "~/utils/session.server";
import { getVariantValue, setVariantValues } from "~/utils/session.server";
import type { Variant } from "~/utils/variant";

/**
 * Once per submission. Each flow's form page issues, in the visitor's session, the id its next lead
 * will get; the lead is created under that id (`createOnce`), so a double click, a retry after a
 * lost response or a second tab (one cookie) finds the row the first request wrote. When the
 * confirm page has queued the flow's e-mail the id is spent: the next submission gets a new one,
 * and the confirmed lead is remembered so a reload shows the same page.
 */
export type Flow = "main" | "guide" | "tips";

const SUBMISSION: Record<Flow, VariantValueKey> = {
  main: "mainSubmission",
  guide: "guideSubmission",
  tips: "tipsSubmission",
};
const CONFIRMED: Record<Flow, VariantValueKey> = {
  main: "confirmedLeadId",
  guide: "guideConfirmedLeadId",
  tips: "tipsConfirmedLeadId",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id of this flow's next lead; `issued` when it was made now (the caller commits the session). */
export function submissionId(session: AppSession, variant: Variant, flow: Flow): { id: string; issued: boolean } {
  const current = getVariantValue(session, variant, SUBMISSION[flow]);
  if (current && UUID.test(current)) return { id: current, issued: false };
  const id = crypto.randomUUID();
  setVariantValues(session, variant, { [SUBMISSION[flow]]: id });
  return { id, issued: true };
}

/** The flow's e-mail is queued for this lead: spend the submission id and remember what was shown. */
export function endSubmission(session: AppSession, variant: Variant, flow: Flow, leadId: string): void {
  setVariantValues(session, variant, { [SUBMISSION[flow]]: null, [CONFIRMED[flow]]: leadId });
}

/** The lead this flow's confirm page showed last, if any. */
export function confirmedLeadId(session: AppSession, variant: Variant, flow: Flow): string | undefined {
  return getVariantValue(session, variant, CONFIRMED[flow]);
}
