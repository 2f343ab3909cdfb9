import { GENIUS, type Variant } from "./variant";

type Params = Record<string, string | number | undefined | null>;

/**
 * The one link builder (SPEC 2.1). A page name becomes a path: lower-cased, spaces to hyphens,
 * a leading slash ("Guide Form" -> "/guide-form", "" or "home" -> "/"). Champion links carry
 * domain=champion&sport={sport} so a visitor never falls out of their variant.
 * Extra params are appended after the variant's; empty values are left out.
 */
export function linkTo(variant: Variant, page: string, params: Params = {}): string {
  const name = page.trim().toLowerCase().replace(/^\/+/, "").replace(/\s+/g, "-");
  const path = name === "" || name === "home" || name === "index" ? "/" : `/${name}`;
  const search = new URLSearchParams();
  if (variant.domain === "champion") {
    search.set("domain", "champion");
    search.set("sport", variant.sport);
  }
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** An absolute link for e-mails and share messages: `{origin}` + the variant's link. */
export function absoluteLinkTo(origin: string, variant: Variant, page: string, params: Params = {}) {
  return `${origin.replace(/\/+$/, "")}${linkTo(variant, page, params)}`;
}

/** The sport editions whose landing page has a path of its own on the champion site. */
const SPORT_LANDINGS: readonly string[] = ["icehockey", "tennis"];

/** An edition's landing path (/tennis), or null for genius and sports without an edition. */
export function sportLandingPath(variant: Variant): string | null {
  return variant.domain === "champion" && SPORT_LANDINGS.includes(variant.sport) ? `/${variant.sport}` : null;
}

/**
 * The address a page is published under (canonical tag, sitemap). On the champion site
 * (`sportPaths`) an edition's home is its sport path, which names the edition by itself; every
 * other page, and every other host, uses linkTo's form, which works from either.
 */
export function publishedLinkTo(origin: string, variant: Variant, page: string, sportPaths: boolean): string {
  const landing = sportPaths && linkTo(GENIUS, page) === "/" ? sportLandingPath(variant) : null;
  return landing ? `${origin.replace(/\/+$/, "")}${landing}` : absoluteLinkTo(origin, variant, page);
}

/** The channels a share link is tagged with (`?c=`): one-tap links on the status and confirm pages. */
const SHARE_CHANNELS = ["wa", "fb", "x", "email", "sms", "copy"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** The channel of a `c=` value, or null for anything else (unknown values are dropped). */
export function shareChannel(value: string | null | undefined): ShareChannel | null {
  const channel = value?.trim().toLowerCase();
  return (SHARE_CHANNELS as readonly string[]).includes(channel ?? "") ? (channel as ShareChannel) : null;
}

/**
 * A referral link (built by absoluteLinkTo) tagged with the channel it is shared through:
 * `?r=CODE&c=wa`. Any `c` already on the link is replaced.
 */
export function tagShareLink(link: string, channel: ShareChannel): string {
  // Anything but an absolute link (none yet) is left as it is.
  if (!URL.canParse(link)) return link;
  const url = new URL(link);
  url.searchParams.set("c", channel);
  return url.toString();
}

/** The share message's copy: '{link}' in `message` and `body` is replaced by the channel's tagged link. */
type ShareText = { message: string; subject: string };

/** The one-tap share targets, each with the referral link tagged by its channel (`copy` is the text to copy). */
export function shareLinks(refLink: string, text: ShareText): Record<ShareChannel, string> {
  const link = (channel: ShareChannel) => tagShareLink(refLink, channel);
  const message = (channel: ShareChannel) => text.message.replace("{link}", link(channel));
  // The message without its link, for the targets that take the link apart (X).
  const bare = text.message.replace("{link}", "").replace(/\s+$/, "");
  const enc = encodeURIComponent;
  return {
    wa: `https://wa.me/?text=${enc(message("wa"))}`,
    fb: `https://www.facebook.com/sharer/sharer.php?u=${enc(link("fb"))}`,
    x: `https://x.com/intent/post?text=${enc(bare)}&url=${enc(link("x"))}`,
    email: `mailto:?subject=${enc(text.subject)}&body=${enc(message("email"))}`,
    sms: `sms:?&body=${enc(message("sms"))}`,
    copy: message("copy"),
  };
}

/**
 * A parent's share card image (docs/decisions/037-share-card.md): `/card/{code}/{hash}.png` with the
 * variant's parameters. The hash is of what the card draws, so a new answer, brand or layout is a new URL.
 */
export function cardImageLink(variant: Variant, refCode: string, hash: string): string {
  const query = linkTo(variant, "home").split("?")[1];
  return `/card/${encodeURIComponent(refCode)}/${hash}.png${query ? `?${query}` : ""}`;
}

/** A club's link (`/c/{slug}`, docs/decisions/039-clubs.md): it remembers the club and opens the edition's home. */
export function clubLink(variant: Variant, slug: string): string {
  return linkTo(variant, `c/${encodeURIComponent(slug)}`);
}

/** The club link as a coach shares it: absolute. */
export function absoluteClubLink(origin: string, variant: Variant, slug: string): string {
  return `${origin.replace(/\/+$/, "")}${clubLink(variant, slug)}`;
}

/** A club's public page (`/clubs/{slug}`). */
export function clubPageLink(variant: Variant, slug: string): string {
  return linkTo(variant, `clubs/${encodeURIComponent(slug)}`);
}
