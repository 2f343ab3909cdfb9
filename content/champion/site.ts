import { site as genius } from "../genius/site";
import { mergeLayers, type Layer } from "../layers";
import type { SiteContent } from "../schemas/site";

/** The genius header and footer under the champion brand; name, letter and address come from the sport's brand.ts. */
export const site = mergeLayers<SiteContent>(genius, {
  brand: "champion",
  title: "{sportTitle}",
  wordmark: "{sportTitle}",
  logoLetter: "{brandLetter}",
  shareImage: "/images/share-{sportSlug}.png",
  contactEmail: "{brandContact}",
  social: {
    handle: "@ChampionCoachAI",
    url: "https://www.facebook.com/ChampionCoachAI",
  },
  footer: { copyright: "© {year} {sportTitle}. All rights reserved." },
} satisfies Layer<SiteContent>);
