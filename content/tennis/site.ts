import type { SiteContent } from "../schemas/site";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const site = {
  tagline: "Daily drills and a clear roadmap for ambitious tennis families.",
  metaDescription:
    "Tennis Champion: daily personalised tennis drills and a roadmap for ages 0-12, built by an AI coach for ambitious tennis parents. Join the early-access list.",
} satisfies Layer<SiteContent>;
