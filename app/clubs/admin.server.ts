import { getBackend } from "~/data/backend.server";
import type { Club, ClubSummary } from "~/data/ports/club-store";
import type { RequestContext } from "~/utils/context.server";
import { checkClubMilestone, clubsCopy, clubsOf, clubTableOf } from "./clubs.server";
import { counted } from "#content/plural";

/**
 * What /admin/clubs reads and does (docs/decisions/039-clubs.md): every club of the variant with its
 * contacts and funnel (joined, confirmed and counted, not confirmed, held), approve or reject a
 * pending club, the milestone, and merging a duplicate into the club that stays. Irreversible
 * changes (reject, merge) ask once: the first post answers what it will do, the second carries confirmed=yes.
 */

export type AdminClub = ClubSummary & {
  held: number;
  contacts: { email: string; confirmed: boolean }[];
  /** A pending registration's club of the same name (after its merges), for the review. */
  sameNameAs: { id: string; name: string; city: string } | null;
};

export async function clubsAdminPage(ctx: RequestContext): Promise<{ clubs: AdminClub[] } | null> {
  const table = clubTableOf(ctx);
  if (!table) return null;
  const store = clubsOf(ctx);
  const summaries = await store.summaries(table);
  const contacts = await Promise.all(summaries.map((club) => store.contacts(club.id)));
  const byId = new Map(summaries.map((club) => [club.id, club]));
  const sameNameAs = (club: ClubSummary): AdminClub["sameNameAs"] => {
    let named = club.status === "pending" && club.duplicate_of ? byId.get(club.duplicate_of) : undefined;
    // Merges point at the club that stays, so one hop reaches it.
    if (named?.status === "merged" && named.merged_into) named = byId.get(named.merged_into);
    return named && named.id !== club.id ? { id: named.id, name: named.name, city: named.city } : null;
  };
  return {
    clubs: summaries.map((club, i) => ({
      ...club,
      held: Math.max(0, club.members - club.families - club.unconfirmed),
      contacts: (contacts[i] ?? []).map((c) => ({ email: c.email, confirmed: c.confirmed_at !== null })),
      sameNameAs: sameNameAs(club),
    })),
  };
}

/** The most families one club's list shows. */
const FAMILIES_SHOWN = 200;

export type ClubFamily = { id: string; email: string; joined_at: string; state: "counted" | "unconfirmed" | "held" };

/**
 * One club of the variant with its families, oldest join first: each with whether the club counts
 * it (confirmed and no held credit) or why not. Null for an unknown club or another variant's.
 */
export async function clubFamilies(
  ctx: RequestContext,
  clubId: string,
): Promise<{ club: Club; families: ClubFamily[]; total: number } | null> {
  const table = clubTableOf(ctx);
  if (!table || !/^[0-9a-f-]{36}$/i.test(clubId)) return null;
  const store = clubsOf(ctx);
  const club = await store.get(clubId);
  if (!club || club.lead_table !== table) return null;
  const [members, counted] = await Promise.all([store.members(club.id, FAMILIES_SHOWN), store.countedMembers(club.id)]);
  const ids = members.map((member) => member.lead_id);
  const { rows } = ids.length
    ? await getBackend(ctx).leads.list(table, { filters: { ids }, pageSize: ids.length, countTotal: false })
    : { rows: [] };
  const leads = new Map(rows.map((lead) => [lead.id, lead]));
  const countedIds = new Set(counted);
  const families = members.flatMap((member): ClubFamily[] => {
    const lead = leads.get(member.lead_id);
    if (!lead) return [];
    const state = countedIds.has(lead.id) ? "counted" : lead.confirmed_at ? "held" : "unconfirmed";
    return [{ id: lead.id, email: lead.email, joined_at: member.joined_at, state }];
  });
  // The whole count is read only when the list was cut at its limit.
  const total =
    members.length < FAMILIES_SHOWN
      ? families.length
      : ((await store.summaries(table)).find((summary) => summary.id === club.id)?.members ?? families.length);
  return { club, families, total };
}

/** A milestone: empty for none, else a whole number of families from 1 to 10000; undefined when invalid. */
function parseMilestone(raw: unknown): number | null | undefined {
  if (typeof raw !== "string") return undefined;
  const value = raw.trim();
  if (value === "") return null;
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 10_000 ? n : undefined;
}

/** The audit row of a change that changed something (a repeat has none). */
type ClubAudit = { action: `clubs.${string}`; target: string; detail: string };

type Answer =
  // `facts`: a milestone reached, for the route to hand to its reactions.
  | { ok: true; message: string; audit?: ClubAudit; facts?: string[] }
  | { ok: false; status: number; error: string }
  | { confirm: { intent: "reject" | "merge"; club: string; into?: string; text: string } };

const factsOf = (fact: string | null) => (fact ? [fact] : []);

/** One admin action on the clubs of the request's variant. */
export async function clubsAdminAction(ctx: RequestContext, form: FormData): Promise<Answer> {
  const table = clubTableOf(ctx);
  const copy = clubsCopy(ctx).admin;
  const refuse = (status: number, error: string): Answer => ({ ok: false, status, error });
  if (!table) return refuse(400, copy.genius);
  const store = clubsOf(ctx);
  const intent = form.get("intent");
  const id = String(form.get("club") ?? "");
  const club = /^[0-9a-f-]{36}$/i.test(id) ? await store.get(id) : null;
  if (!club || club.lead_table !== table) return refuse(404, copy.unknownAction);
  const confirmed = form.get("confirmed") === "yes";

  if (intent === "approve") {
    if (!(await store.setStatus(club.id, "approved", ["pending"]))) return { ok: true, message: copy.approved };
    const facts = factsOf(await checkClubMilestone(ctx, club.id));
    return { ok: true, message: copy.approved, audit: { action: "clubs.approve", target: club.id, detail: club.name }, facts };
  }
  if (intent === "reject") {
    if (!confirmed) return { confirm: { intent: "reject", club: club.id, text: copy.confirmReject.replace("{from}", club.name) } };
    const rejected = await store.setStatus(club.id, "rejected", ["pending", "approved"]);
    return { ok: true, message: copy.rejected, ...(rejected && { audit: { action: "clubs.reject", target: club.id, detail: club.name } }) };
  }
  if (intent === "milestone") {
    const milestone = parseMilestone(form.get("milestone"));
    if (milestone === undefined) return refuse(400, copy.milestoneInvalid);
    // The same value again keeps a reached mark; a new one is reached anew.
    const changed = milestone !== club.milestone;
    if (changed) await store.setMilestone(club.id, milestone);
    const facts = factsOf(await checkClubMilestone(ctx, club.id));
    const audit: ClubAudit = { action: "clubs.milestone", target: club.id, detail: `${club.name}: ${milestone ?? "—"}` };
    return { ok: true, message: copy.milestoneSaved, ...(changed && { audit }), facts };
  }
  if (intent === "merge") {
    const intoId = String(form.get("into") ?? "");
    const into: Club | null = /^[0-9a-f-]{36}$/i.test(intoId) ? await store.get(intoId) : null;
    if (!into || into.id === club.id || into.lead_table !== table || into.status === "merged") return refuse(400, copy.mergeInvalid);
    if (!confirmed) {
      const members = (await store.summaries(table)).find((row) => row.id === club.id)?.members ?? 0;
      const text = counted(copy.confirmMerge, members, { from: club.name, into: into.name });
      return { confirm: { intent: "merge", club: club.id, into: into.id, text } };
    }
    // A repeat (double click, second tab) finds it merged: nothing moves again, the same answer.
    const merged = await store.merge(club.id, into.id);
    const facts = factsOf(await checkClubMilestone(ctx, into.id));
    const audit: ClubAudit = { action: "clubs.merge", target: club.id, detail: `${club.name} → ${into.name} (${into.id})` };
    return { ok: true, message: copy.merged, ...(merged && { audit }), facts };
  }
  return refuse(400, copy.unknownAction);
}

/** The CSV of the variant's clubs: no family, only counts and the contacts (admins only). */
export async function clubsCsvRows(ctx: RequestContext): Promise<string[][]> {
  const page = await clubsAdminPage(ctx);
  const c = clubsCopy(ctx).admin.columns;
  const header = [
    "slug",
    c.club,
    c.city,
    c.status,
    c.contact,
    c.joined,
    c.families,
    c.unconfirmed,
    c.held,
    c.milestone,
    "milestone_reached_at",
    "created_at",
  ];
  return [
    header,
    ...(page?.clubs ?? []).map((club) => [
      club.slug,
      club.name,
      club.city,
      club.status,
      club.contacts.map((contact) => contact.email).join(" "),
      String(club.members),
      String(club.families),
      String(club.unconfirmed),
      String(club.held),
      club.milestone === null ? "" : String(club.milestone),
      club.milestone_reached_at ?? "",
      club.created_at,
    ]),
  ];
}
