import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { RequestContext } from "~/utils/context.server";
import { log } from "~/platform/log.server";

/** What a shared referral link unfurls into: the site and the referrer's child's age stage. */
export type ShareCard = { image: string; imageAlt: string; title: string; description: string };

const REF_CODE = /^[A-Z0-9]{8}$/;

/**
 * The preview of `/?r={code}`: the stage of the referring parent's youngest child, from the
 * roadmap's stages, with that stage's image. It names the variant's site and the age band only:
 * never the parent's e-mail or a child's name, which we do not ask for. Null (the site's own
 * preview) for an unknown code, a lead without ages, or a failed read: a preview is never worth
 * an error page.
 */
export async function shareCardFor(
  ctx: Pick<RequestContext, "env" | "bindings" | "leadTable" | "contentKey">,
  refCode: string,
): Promise<ShareCard | null> {
  if (!REF_CODE.test(refCode)) return null;
  const lead = await getBackend(ctx)
    .leads.getByRefCode(ctx.leadTable, refCode)
    .catch((error: unknown) => {
      log.error("lead.read_failed", { page: "share-card" }, error);
      return null;
    });
  if (!lead) return null;
  const copy = getPage(ctx.contentKey, "roadmapPlan");
  const stage = copy.stages.find((item) => item.bands.some((band) => lead.age_bands.includes(band)));
  if (!stage) return null;
  const options = getPage(ctx.contentKey, "options").ageBands;
  const ages = stage.bands
    .filter((band) => lead.age_bands.includes(band))
    .map((band) => options.find((option) => option.value === band)?.label ?? band)
    .join(", ");
  const fill = (text: string) => text.replace("{stage}", stage.label).replace("{ages}", ages);
  return {
    image: `/images/share-${ctx.contentKey}-${stage.id}.png`,
    imageAlt: fill(copy.share.imageAlt),
    title: fill(copy.share.title),
    description: fill(copy.share.description),
  };
}
