import { redirect } from "@remix-run/cloudflare";
import { getModePage } from "#content/index";
import { shareCardFor } from "~/card/card.server";
import { clubsOf, clubTableOf } from "~/clubs/clubs.server";
import { looksLikeReferralCode } from "~/referrals/code-shape";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { screenshotForRequest } from "./screenshot.server";

/**
 * What the landing page shows: its copy, the variant's screenshot and the sharing card. Also the
 * answer of the pages that stand in for it (a QA page while QA pages are off).
 */
export async function landingPage(ctx: RequestContext) {
  // A parent's shared link (?r=) unfurls into their share card (ADR 037); other links into the brand's picture.
  const refCode = ctx.url.searchParams.get("r");
  const [screenshot, shareCard, clubName] = await Promise.all([
    screenshotForRequest(ctx.contentKey, ctx.bindings),
    refCode ? shareCardFor(ctx, refCode) : null,
    publicClubName(ctx),
  ]);
  // Rendered with the edge's request (no ?r=), the friend's line is in the page hidden; the edge shows it per response.
  const arrival = { friend: looksLikeReferralCode(refCode), clubName };
  return { landing: getModePage(ctx.contentKey, ctx.env.LAUNCH_MODE, "landing"), screenshot, shareCard, arrival };
}

/**
 * The approved club a club link (/c/SLUG) opened the page with (?club=SLUG): its public name. The
 * page is cached per club, so only a public club has a page of its own; any other value is sent
 * to the plain landing page (a redirect, which the edge never stores).
 */
async function publicClubName(ctx: RequestContext): Promise<string | null> {
  const slug = ctx.url.searchParams.get("club");
  if (slug === null) return null;
  const table = clubTableOf(ctx);
  const club = table && /^[a-z0-9-]{1,60}$/.test(slug) ? await clubsOf(ctx).bySlug(table, slug) : null;
  if (club?.status !== "approved") throw redirect(linkTo(ctx.variant, "home"));
  return club.name;
}
