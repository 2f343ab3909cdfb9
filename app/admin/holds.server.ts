import { getBackend } from "~/data/backend.server";
import { holdReasonsOf } from "~/data/referral-model";
import { referralsOf } from "~/referrals/referrals.server";
import type { RequestContext } from "~/utils/context.server";
import { ipInList, parseIpList, rangeBreadth } from "~/utils/ip-list";
import { MAX_BULK_IDS } from "./bulk";

/**
 * The review queue of held credits and the IP safelist (docs/decisions/036-holds-and-fairness.md):
 * what the admin pages read and do. Every decision goes through the referral engine's decideHeld()
 * and leaves an audit entry; so does every safelist change.
 */

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** The held credits of this variant, newest first, with their reasons as a list. */
export async function heldQueue(ctx: RequestContext) {
  const { rows, total } = await referralsOf(ctx).list({ page: 1, pageSize: MAX_BULK_IDS, status: "held" });
  return { rows: rows.map((row) => ({ ...row, reasons: holdReasonsOf(row) })), total };
}

export type HoldDecision = { approve: boolean; ids: string[]; confirmed: boolean } | { error: "none" | "unknown" };

/**
 * Reads a decision: one row's button (`decide` = "approve:ID" or "reject:ID", no question) or the
 * bulk buttons (`intent` approve|reject with the ticked `ids`, asked once: `confirmed=yes`).
 */
export function parseDecision(form: FormData): HoldDecision {
  const one = String(form.get("decide") ?? "");
  if (one) {
    const [verb, id] = one.split(":");
    if ((verb !== "approve" && verb !== "reject") || !ID.test(id ?? "")) return { error: "unknown" };
    return { approve: verb === "approve", ids: [id], confirmed: true };
  }
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "reject") return { error: "unknown" };
  const ids = [...new Set(form.getAll("ids").filter((id): id is string => typeof id === "string" && ID.test(id)))].slice(0, MAX_BULK_IDS);
  if (ids.length === 0) return { error: "none" };
  return { approve: intent === "approve", ids, confirmed: form.get("confirmed") === "yes" };
}

/** Approves or rejects these held credits (the engine's one decision) and audits it; how many changed. */
export async function decideHeld(ctx: RequestContext, actor: string, ids: string[], approve: boolean): Promise<number> {
  const changed = await referralsOf(ctx).decideHeld(ids, approve);
  if (changed.length) {
    await getBackend(ctx).ipSafelist.audit({
      action: approve ? "holds.approve" : "holds.reject",
      detail: `${changed.length} held credits (${ctx.leadTable})`,
      actor,
      at: new Date().toISOString(),
    });
  }
  return changed.length;
}

/**
 * One address or CIDR range, normalised for the list ("192.0.2.7", "192.0.2.0/24"), with how many
 * addresses it covers; "invalid" when it is not one, "too-broad" when it is wider than /16 (IPv4)
 * or /32 (IPv6): such a range would lift the per-IP limits for far more than one school.
 */
export function parseCidr(value: string): { cidr: string; addresses: bigint } | { error: "invalid" | "too-broad" } {
  const text = value.trim().toLowerCase();
  if (!text || text.includes(",")) return { error: "invalid" };
  let range;
  try {
    [range] = parseIpList(text);
  } catch {
    return { error: "invalid" };
  }
  // A range must still contain its own base address (it parsed), and an address must match itself.
  if (!range || !ipInList(text.split("/")[0], [range])) return { error: "invalid" };
  const { addresses, tooBroad } = rangeBreadth(range);
  return tooBroad ? { error: "too-broad" } : { cidr: text, addresses };
}

/** A count of addresses in figures, grouped by thousands ("65,536"; an IPv6 range's is 29 digits). */
export function formatAddresses(addresses: bigint): string {
  return addresses.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export async function safelistPage(ctx: RequestContext) {
  const store = getBackend(ctx).ipSafelist;
  const [entries, audit] = await Promise.all([store.list(), store.auditLog(20)]);
  return { entries, audit };
}
