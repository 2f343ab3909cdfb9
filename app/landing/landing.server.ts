import { getModePage } from "#content/index";
import { shareCardFor } from "~/card/card.server";
import type { RequestContext } from "~/utils/context.server";
import { screenshotForRequest } from "./screenshot.server";

/**
 * What the landing page shows: its copy, the variant's screenshot and the sharing card. Also the
 * answer of the pages that stand in for it (a QA page while QA pages are off).
 */
export async function landingPage(ctx: RequestContext) {
  // A parent's shared link (?r=) unfurls into their share card (ADR 037); other links into the brand's picture.
  const refCode = ctx.url.searchParams.get("r");
  const [screenshot, shareCard] = await Promise.all([
    screenshotForRequest(ctx.contentKey, ctx.bindings),
    refCode ? shareCardFor(ctx, refCode) : null,
  ]);
  return { landing: getModePage(ctx.contentKey, ctx.env.LAUNCH_MODE, "landing"), screenshot, shareCard };
}
