import { data } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { ClubStore, ClubTable } from "~/data/ports/club-store";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";

/**
 * What every club page needs (docs/decisions/039-clubs.md): the edition's club table (the sport
 * editions only: genius has no clubs, so its club pages are the site's 404), and a club's slug.
 */

export function clubTableOf(ctx: RequestContext): ClubTable | null {
  return ctx.leadTable === "leads" ? null : ctx.leadTable;
}

/** The club table, or the 404 a genius request (or an unknown sport) gets. */
export function requireClubTable(ctx: RequestContext): ClubTable {
  const table = clubTableOf(ctx);
  if (!table) throw data(null, { status: 404 });
  return table;
}

/** What the club store and the milestone need of a request (the referral engine's context is enough). */
type StoreContext = Pick<RequestContext, "env" | "bindings"> & { waitUntil?: RequestContext["waitUntil"] };

export const clubsOf = (ctx: StoreContext): ClubStore => getBackend(ctx).clubs;

export function clubsCopy(ctx: RequestContext, vars: Record<string, string> = {}) {
  return getPage(ctx.contentKey, "clubs", vars);
}

/** Paths under /clubs/ that are pages, not clubs. */
const RESERVED = new Set(["new", "confirm"]);

const SLUG_MAX = 56;

/** A short, stable fingerprint of a whole name (FNV-1a), so long names that share their start keep apart. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36).padStart(7, "0");
}

/**
 * "HC Sparta Praha" -> "hc-sparta-praha": letters without accents, digits, single hyphens; at most
 * 56. A longer name keeps its start and ends in a fingerprint of the whole, so two names share a
 * slug only when they are the same name (the same letters and digits).
 */
export function slugOf(name: string): string {
  const full = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const slug = full.length <= SLUG_MAX ? full : `${full.slice(0, SLUG_MAX - 8).replace(/-+$/, "")}-${fingerprint(full)}`;
  return RESERVED.has(slug) ? `${slug}-club` : slug;
}

/**
 * The slugs a registration tries in turn: the name's, then (when a club has it) the name with the
 * city ("hc-sparta-brno"), then numbered. Only the first is the name's own.
 */
export function slugsFor(name: string, city: string): string[] {
  const withCity = slugOf(`${name} ${city}`);
  return [slugOf(name), withCity, ...[2, 3, 4, 5].map((n) => slugOf(`${withCity} ${n}`))];
}

/**
 * Marks a club's milestone reached when its count of families first reaches it, and logs
 * `club.milestone`. The mark writes its fact (ADR 039's `club.milestone` webhook follows from it);
 * the fact's id is answered for the caller to dispatch (the facts' reactions import this module), or
 * null when nothing was marked. Failures are logged: a page never fails for it.
 */
export async function checkClubMilestone(ctx: StoreContext, clubId: string): Promise<string | null> {
  try {
    const store = clubsOf(ctx);
    const club = await store.get(clubId);
    if (!club || club.status !== "approved" || club.milestone === null || club.milestone_reached_at) return null;
    const summary = (await store.summaries(club.lead_table)).find((row) => row.id === club.id);
    if (!summary || summary.families < club.milestone) return null;
    if (!(await store.markMilestoneReached(club.id, new Date().toISOString(), summary.families))) return null;
    log.info("club.milestone", { club: club.id, variant: club.variant, milestone: club.milestone, families: summary.families });
    return `club.milestone:${club.lead_table}:${club.id}`;
  } catch (error) {
    log.error("club.milestone_failed", { club: clubId }, error);
    return null;
  }
}

/** After a parent's confirmation or an approved hold: their club's milestone may be reached now (its fact's id, or null). */
export async function checkMemberClubMilestone(
  ctx: StoreContext & Pick<RequestContext, "leadTable">,
  leadId: string,
): Promise<string | null> {
  if (ctx.leadTable === "leads") return null;
  try {
    const membership = await clubsOf(ctx).membershipOf(ctx.leadTable, leadId);
    return membership ? await checkClubMilestone(ctx, membership.club.id) : null;
  } catch (error) {
    log.error("club.milestone_failed", { variant: ctx.leadTable }, error);
    return null;
  }
}
