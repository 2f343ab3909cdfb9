import type { ContentKey } from "#content/index";
import { getPage } from "#content/index";
import { normalizeEmail, PENDING_EMAIL } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import { emailHash, suppress } from "~/mail/suppression.server";
import type { RequestContext } from "~/utils/context.server";
import { consentRecordsOf } from "./consent-records.server";
import type { ErasureCounts, ErasureSource, HeldData } from "~/data/ports/trust-store";
import type { EarnedReward } from "~/data/ports/reward-store";
import { getBackend } from "~/data/backend.server";
import { dispatchFacts } from "~/facts/facts.server";
import { log } from "~/platform/log.server";
import { cardsToForget } from "~/card/card.server";
import { LEAD_TABLES } from "~/utils/variant";

/**
 * Self-serve access and erasure (GDPR Art. 15, 17, 20; docs/decisions/014-erasure.md).
 * Everything is keyed by the e-mail address: a parent on two waitlists is one person. The parent's
 * page (/my-data) and the admin's lead page both call these, so both run the same code.
 */

type Ctx = Pick<RequestContext, "env" | "bindings"> & { waitUntil?: RequestContext["waitUntil"] };

const CONTENT_OF_TABLE: Record<LeadTable, ContentKey> = { leads: "genius", leads_icehockey: "icehockey", leads_tennis: "tennis" };

/** An address an export or erasure may be keyed by: not empty, not the placeholder of a lead without one. */
export function erasableAddress(email: string): string | null {
  const address = normalizeEmail(email);
  return address && address !== PENDING_EMAIL && address.includes("@") ? address : null;
}

/** The download: everything held about the address, as the parent receives it. */
export type ParentExport = {
  exported_at: string;
  email: string;
  about: string;
  leads: { waitlist: string; table: LeadTable; row: Record<string, unknown> }[];
  referrals: { as_referrer: HeldData["referralsAsReferrer"]; as_referred: HeldData["referralsAsReferred"] };
  consent_records: Record<string, unknown>[];
  accounts: Record<string, unknown>[];
  users: Record<string, unknown>[];
  emails_sent: HeldData["mails"];
  waves: HeldData["waves"];
  rewards: ExportedReward[];
  /** Club pools (ADR 039): the clubs the parent's entries are members of, and the clubs this address is a contact of. */
  clubs: { memberships: ClubMembership[]; contact_of: ClubContactRole[] };
};

/** A milestone reward the address earned; a code appears once the parent has been shown it. */
type ExportedReward = Pick<EarnedReward, "kind" | "places" | "earned_at" | "delivered_at" | "withdrawn_at"> & {
  waitlist: string;
  title: string;
  code: string | null;
};

type ClubMembership = { table: LeadTable; lead_id: string; club: string; city: string; joined_at: string };
type ClubContactRole = { club: string; city: string; status: string; confirmed_at: string | null; since: string };

/** The address's club memberships (through its sport entries) and contact roles. */
async function clubsHeld(ctx: Ctx, address: string, leads: HeldData["leads"]) {
  const store = getBackend(ctx).clubs;
  const memberships: ClubMembership[] = [];
  for (const { table, row } of leads) {
    if (table === "leads" || typeof row.id !== "string") continue;
    const found = await store.membershipOf(table, row.id);
    if (found) memberships.push({ table, lead_id: row.id, club: found.club.name, city: found.club.city, joined_at: found.joined_at });
  }
  const contacts = await store.contactOf(address);
  return { memberships, contacts };
}

export async function exportParentData(ctx: Ctx, email: string, now: Date = new Date()): Promise<ParentExport> {
  const address = erasableAddress(email);
  if (!address) throw new TypeError("No e-mail address to export");
  const held = await getBackend(ctx).trust.collect(address);
  return {
    exported_at: now.toISOString(),
    email: address,
    about:
      "Everything this site holds about this e-mail address: waitlist entries in every edition, referrals (other parents appear only as ids, statuses and dates), consent records, account records, the e-mails sent to it, and the early-access waves it was admitted in (its place in line then and its invite's dates).",
    leads: held.leads.map(({ table, row }) => ({ waitlist: getPage(CONTENT_OF_TABLE[table], "site").title, table, row })),
    referrals: { as_referrer: held.referralsAsReferrer, as_referred: held.referralsAsReferred },
    consent_records: await consentRecordsOf(ctx, held),
    accounts: held.accounts,
    users: held.users,
    emails_sent: held.mails,
    waves: held.waves,
    rewards: await rewardsOf(ctx, held.leads),
    clubs: await clubsHeld(ctx, address, held.leads).then(({ memberships, contacts }) => ({
      memberships,
      contact_of: contacts.map(({ club, contact }) => ({
        club: club.name,
        city: club.city,
        status: club.status,
        confirmed_at: contact.confirmed_at,
        since: contact.created_at,
      })),
    })),
  };
}

async function rewardsOf(ctx: Ctx, leads: HeldData["leads"]): Promise<ExportedReward[]> {
  const store = getBackend(ctx).rewards;
  const rewards: ExportedReward[] = [];
  for (const { table, row } of leads) {
    const earned = await store.earnedBy(table, String(row.id));
    if (earned.length === 0) continue;
    const titles = new Map((await store.steps(table)).map((step) => [step.id, step.title]));
    for (const reward of earned)
      rewards.push({
        waitlist: getPage(CONTENT_OF_TABLE[table], "site").title,
        title: titles.get(reward.step_id) ?? "",
        kind: reward.kind,
        places: reward.places,
        code: reward.delivered_at ? reward.code : null,
        earned_at: reward.earned_at,
        delivered_at: reward.delivered_at,
        withdrawn_at: reward.withdrawn_at,
      });
  }
  return rewards;
}

/** What the page tells the parent in plain words. */
export type HeldSummary = {
  waitlists: string[];
  referrals: { credited: number; pending: number };
  referred: boolean;
  mailsSent: number;
  account: boolean;
};

export function summaryOf(data: ParentExport): HeldSummary {
  return {
    waitlists: [...new Set(data.leads.map((lead) => lead.waitlist))],
    referrals: {
      credited: data.referrals.as_referrer.filter((r) => r.status === "credited").length,
      pending: data.referrals.as_referrer.filter((r) => r.status === "pending").length,
    },
    referred: data.referrals.as_referred.length > 0,
    mailsSent: data.emails_sent.filter((mail) => mail.status === "sent").length,
    account: data.accounts.length > 0 || data.users.length > 0,
  };
}

/** The download as a response: a JSON attachment that no cache keeps. */
export function exportResponse(data: ParentExport): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${data.exported_at.slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * Erases everything held about the address: the address goes on the suppression list first (so
 * no mail reaches it even if the erasure fails half-way and is retried), then one transaction
 * deletes and anonymises (see TrustStore.erase). Null when nothing was held (a repeat).
 */
export async function eraseParentData(
  ctx: Ctx,
  email: string,
  source: ErasureSource,
  now: Date = new Date(),
): Promise<ErasureCounts | null> {
  const address = erasableAddress(email);
  if (!address) throw new TypeError("No e-mail address to erase");
  await suppress({ ...ctx, now: () => now }, address, "all", "erasure");
  // The address's lead in each table, read once while the rows exist: their share cards' cached
  // copies go with them (ADR 037), and the lead.erased events name them (ADR 038).
  const leads = await leadsOfAddress(ctx, address);
  const forgetCards = await cardsToForget(ctx, leads);
  await eraseClubTies(ctx, address);
  const counts = await getBackend(ctx).trust.erase(address, {
    recipientHash: `erased:${await emailHash(address)}`,
    source,
    at: now.toISOString(),
  });
  await forgetCards().catch((error: unknown) => log.error("trust.card_forget_failed", {}, error));
  // The erasure wrote a lead.erased fact per entry it deleted: their webhook events follow from them.
  if (counts)
    dispatchFacts(
      ctx,
      leads.map(({ table, lead }) => `lead.erased:${table}:${lead.id}`),
    );
  return counts;
}

/**
 * Erasure and clubs (ADR 039): the parent's entries leave their clubs; as a club's contact, the
 * address is removed, and the club is kept only while another confirmed contact remains, else it
 * is removed too (its members simply lose the membership). Runs before the entries are erased (it
 * reads them) and again does nothing on a retry.
 */
async function eraseClubTies(ctx: Ctx, address: string): Promise<void> {
  const store = getBackend(ctx).clubs;
  const held = await getBackend(ctx).trust.collect(address);
  const { memberships, contacts } = await clubsHeld(ctx, address, held.leads);
  for (const membership of memberships) {
    if (membership.table !== "leads") await store.leave(membership.table, membership.lead_id);
  }
  for (const { club } of contacts) {
    await store.removeContact(club.id, address);
    const others = (await store.contacts(club.id)).filter((contact) => contact.confirmed_at !== null);
    if (others.length === 0) await store.remove(club.id);
  }
}

/** The address's lead in each table; a failed read leaves the cards and the events out, never the erasure. */
async function leadsOfAddress(ctx: Ctx, address: string) {
  const found = await Promise.all(
    LEAD_TABLES.map(async (table) => {
      const lead = await getBackend(ctx).leads.getByEmail(table, address);
      return lead ? [{ table, lead }] : [];
    }),
  ).catch((error: unknown) => (log.error("lead.read_failed", { page: "erasure" }, error), []));
  return found.flat();
}
