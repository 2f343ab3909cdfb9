import type { SiteContent } from "../schemas/site";
import type { Layer } from "../layers";

/** Only what the hockey edition says differently from content/champion on this page. */
export const site = {
  tagline: "Off-ice training that turns young players into confident champions.",
  metaDescription:
    "Hockey Champion: daily personalised off-ice drills and a season roadmap for young hockey players, built by an AI coach for parents. Join the early-access list.",
} satisfies Layer<SiteContent>;
