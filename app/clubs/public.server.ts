import { followMerge } from "~/data/club-merge";
import { counted } from "#content/plural";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { log } from "~/platform/log.server";
import { getRequestContext } from "~/utils/context.server";
import { absoluteClubLink, clubLink, clubPageLink, linkTo } from "~/utils/links";
import { getSession, sessionHeaders, setVariantValues } from "~/utils/session.server";
import type { RequestContext } from "~/utils/context.server";
import { clubsCopy, clubsOf, clubTableOf, requireClubTable } from "./clubs.server";

/**
 * The public club pages (docs/decisions/039-clubs.md): the club link (/c/SLUG), the club page
 * (/clubs/SLUG) and the sport's leaderboard (/clubs). Only approved clubs are public; what they
 * show is the club's name, city and counts, never a family. Not edge-cached (not on the edge's
 * allow-list) and `no-cache` for browsers: the counts are one query and always current.
 */

const SLUG = /^[a-z0-9-]{1,60}$/;

/** The club link: remembers the club in the visitor's session (like ?r=) and opens the edition's home, naming a public club. */
export async function clubLinkLoader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const home = linkTo(ctx.variant, "home");
  const slug = String(params.slug ?? "").toLowerCase();
  if (!SLUG.test(slug)) throw redirect(home);
  const store = clubsOf(ctx);
  const club = await followMerge(store, await store.bySlug(table, slug));
  if (!club || club.status === "rejected" || club.status === "merged") throw redirect(home);
  const session = await getSession(request, ctx);
  setVariantValues(session, ctx.variant, { clubSlug: club.slug });
  log.info("club.link_opened", { club: club.id, variant: table });
  // A public club's page names it; a club not yet approved opens the plain landing page.
  const landing = club.status === "approved" ? linkTo(ctx.variant, "home", { club: club.slug }) : home;
  throw redirect(landing, { headers: await sessionHeaders(session, ctx) });
}

export async function clubPageLoader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const slug = String(params.slug ?? "").toLowerCase();
  if (!SLUG.test(slug)) throw data(null, { status: 404 });
  const store = clubsOf(ctx);
  const found = await store.bySlug(table, slug);
  const club = await followMerge(store, found);
  if (!club || club.status !== "approved") throw data(null, { status: 404 });
  if (club.id !== found?.id) throw redirect(clubPageLink(ctx.variant, club.slug), { status: 301 });
  const summary = (await store.summaries(table)).find((row) => row.id === club.id);
  const families = summary?.families ?? 0;
  const vars = { clubName: club.name, city: club.city, count: String(families), milestone: String(club.milestone ?? "") };
  const copy = clubsCopy(ctx, vars);
  return {
    copy: { ...copy.page, families: counted(copy.page.families, families) },
    club: { name: club.name, city: club.city, families, milestone: club.milestone, reached: club.milestone_reached_at !== null },
    clubLink: absoluteClubLink(ctx.origin, ctx.variant, club.slug),
    joinHref: clubLink(ctx.variant, club.slug),
    leaderboardHref: linkTo(ctx.variant, "clubs"),
  };
}

/**
 * The parent's club on their status page: name, confirmed families and milestone, worded as the
 * club page words them. Null on genius, without a membership, or while the club is not public.
 */
export async function clubOfParent(ctx: RequestContext, leadId: string) {
  const table = clubTableOf(ctx);
  if (!table) return null;
  const store = clubsOf(ctx);
  const club = await followMerge(store, (await store.membershipOf(table, leadId))?.club ?? null);
  if (!club || club.status !== "approved") return null;
  // This club's counted families only (the figure the club page shows), not every club's summary.
  const families = (await store.countedMembers(club.id)).length;
  const vars = { clubName: club.name, city: club.city, count: String(families), milestone: String(club.milestone ?? "") };
  const copy = clubsCopy(ctx, vars);
  return {
    copy: {
      ...copy.status,
      families: counted(copy.page.families, families),
      milestone: copy.page.milestone,
      milestoneReached: copy.page.milestoneReached,
    },
    families,
    milestone: club.milestone,
    reached: club.milestone_reached_at !== null,
    pageHref: clubPageLink(ctx.variant, club.slug),
  };
}

export async function leaderboardLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const table = requireClubTable(ctx);
  const clubs = (await clubsOf(ctx).summaries(table))
    .filter((club) => club.status === "approved")
    .sort((a, b) => b.families - a.families || a.name.localeCompare(b.name))
    .map((club, index) => ({
      rank: index + 1,
      name: club.name,
      city: club.city,
      families: club.families,
      href: clubPageLink(ctx.variant, club.slug),
    }));
  return { copy: clubsCopy(ctx).leaderboard, clubs, registerHref: linkTo(ctx.variant, "clubs/new") };
}
