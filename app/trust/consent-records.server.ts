import type { RequestContext } from "~/utils/context.server";
import type { HeldData } from "./trust-store";

/**
 * The consent records (issue 12 section 3) of a parent, for their download. The consent_records
 * table comes with that part of the issue; until then there are none to show. As specified, a
 * record holds the variant, the choice, the policy version, the time and a daily-salted IP hash:
 * nothing ties it to an e-mail address, so there is nothing to erase either (docs/decisions/014-erasure.md).
 * Should records gain a lead or session link, read them here (and erase them in the trust store).
 */
export async function consentRecordsOf(_ctx: Pick<RequestContext, "env" | "bindings">, _held: HeldData): Promise<Record<string, unknown>[]> {
  return [];
}
