import { getPage, type ContentKey } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { Lead } from "~/data/ports/lead-store";
import { log } from "~/platform/log.server";
import type { RequestContext } from "~/utils/context.server";
import { cardImageLink } from "~/utils/links";
import type { LeadTable } from "~/utils/variant";
import { CARD_HEIGHT, CARD_WIDTH, cardHash, cardInputs, cardText, type CardInputs } from "./card-inputs";

/**
 * A parent's share card (docs/decisions/037-share-card.md): a PNG drawn on the Worker from their
 * answers, at a URL that names their code and the hash of what it draws. Same answers, same URL
 * and image; a new answer, brand or layout, a new URL. Erased parents have none.
 */

type Ctx = Pick<RequestContext, "env" | "bindings" | "leadTable" | "contentKey" | "variant">;

/** A card as pages link it: the image's path (relative to the site) and the words that go with it. */
export type ShareCard = {
  image: string;
  width: number;
  height: number;
  imageAlt: string;
  title: string;
  description: string;
  inputs: CardInputs;
};

const REF_CODE = /^[A-Z0-9]{8}$/;
const CARD_FILE = /^([0-9a-f]{16})\.png$/;
/** The cached PNGs' own origin: a key, never fetched. */
const KEY_ORIGIN = "https://share-card.invalid";
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The card of a lead of the context's variant. */
async function cardOfLead(ctx: Pick<Ctx, "contentKey" | "variant">, lead: Pick<Lead, "ref_code" | "age_bands" | "focus_areas">) {
  if (!lead.ref_code) return null;
  const inputs = cardInputs(lead, ctx.contentKey);
  const hash = await cardHash(inputs);
  return {
    image: cardImageLink(ctx.variant, lead.ref_code, hash),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    ...cardText(inputs, ctx.contentKey),
    inputs,
  } satisfies ShareCard;
}

async function leadOfCode(ctx: Ctx, refCode: string): Promise<Lead | null> {
  return getBackend(ctx).leads.getByRefCode(ctx.leadTable, refCode);
}

/**
 * The preview of `/?r={code}`: the referring parent's card. Null (the brand's own picture) for an
 * unknown or erased code or a failed read: a preview is never worth an error page.
 */
export async function shareCardFor(ctx: Ctx, refCode: string): Promise<ShareCard | null> {
  if (!REF_CODE.test(refCode)) return null;
  const lead = await leadOfCode(ctx, refCode).catch((error: unknown) => {
    log.error("lead.read_failed", { page: "share-card" }, error);
    return null;
  });
  return lead ? cardOfLead(ctx, { ...lead, ref_code: refCode }) : null;
}

/** How the card route draws and keeps PNGs; tests hand in their own. */
export type CardDeps = {
  render: (inputs: CardInputs) => Promise<Uint8Array<ArrayBuffer>>;
  cache: Pick<Cache, "match" | "put" | "delete"> | null;
};

/**
 * The card Worker (workers/card) draws behind the CARD service binding: the renderer's wasm and
 * fonts stay out of this Worker, and a render that fails or runs out of memory fails there. It is
 * sent the card's inputs only.
 */
function cardWorkerRender(card: Fetcher | undefined): CardDeps["render"] {
  return async (inputs) => {
    if (!card) throw new Error("no CARD binding: the card Worker is not bound");
    const response = await card.fetch("https://card.internal/card.png", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(inputs),
    });
    if (!response.ok || response.headers.get("Content-Type") !== "image/png")
      throw new Error(`the card Worker answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return new Uint8Array(await response.arrayBuffer());
  };
}

const workerCardDeps = (bindings: Partial<Pick<Env, "CARD">>): CardDeps => ({
  render: cardWorkerRender(bindings.CARD),
  cache: (globalThis as { caches?: { default?: Cache } }).caches?.default ?? null,
});

const cacheKey = (hash: string) => new Request(`${KEY_ORIGIN}/${hash}.png`);

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });

/**
 * GET /card/{code}/{hash}.png. The code is looked up first: an unknown or erased parent's card is a
 * 404 even where a copy is still cached. A hash that is no longer the parent's (they changed an
 * answer, or the brand or layout changed) redirects to the current card. Otherwise the PNG, from
 * caches.default when this data centre drew it before, with a year's immutable cache headers.
 */
export async function cardResponse(
  ctx: Ctx & Pick<RequestContext, "waitUntil">,
  refCode: string,
  file: string,
  given: Partial<CardDeps> = {},
): Promise<Response> {
  const deps = { ...workerCardDeps(ctx.bindings), ...given };
  const wanted = CARD_FILE.exec(file)?.[1];
  if (!REF_CODE.test(refCode) || !wanted) return notFound();
  const lead = await leadOfCode(ctx, refCode);
  if (!lead) return notFound();
  const inputs = cardInputs(lead, ctx.contentKey);
  const hash = await cardHash(inputs);
  if (hash !== wanted) {
    return new Response(null, {
      status: 302,
      headers: { Location: cardImageLink(ctx.variant, refCode, hash), "Cache-Control": "no-store" },
    });
  }
  const headers = { "Content-Type": "image/png", "Cache-Control": IMMUTABLE, "X-Robots-Tag": "noindex" };
  const cached = await deps.cache?.match(cacheKey(hash));
  if (cached) return new Response(cached.body, { headers: { ...headers, "X-Card-Cache": "hit" } });
  const started = Date.now();
  const png = await deps.render(inputs).catch((error: unknown) => {
    log.error("referral.card_failed", { variant: ctx.contentKey, ms: Date.now() - started }, error);
    return null;
  });
  // The brand's own picture (1200×630 too) stands in, uncached: the next request asks again.
  if (!png)
    return new Response(null, {
      status: 302,
      headers: { Location: getPage(ctx.contentKey, "site").shareImage, "Cache-Control": "no-store" },
    });
  log.info("referral.card_rendered", { variant: ctx.contentKey, ms: Date.now() - started, bytes: png.byteLength });
  if (deps.cache) {
    const copy = new Response(png, { headers });
    ctx.waitUntil(deps.cache.put(cacheKey(hash), copy).catch((error: unknown) => log.error("referral.card_cache_failed", {}, error)));
  }
  return new Response(png, { headers: { ...headers, "X-Card-Cache": "miss" } });
}

const CONTENT_OF_TABLE: Record<LeadTable, ContentKey> = { leads: "genius", leads_icehockey: "icehockey", leads_tennis: "tennis" };

/**
 * Before an erasure: the cached cards of the address's leads, in every waitlist. The returned
 * function deletes them once the leads are gone (the route already 404s for an erased code; this
 * leaves no copy of the picture behind in this data centre).
 */
export async function cardsToForget(
  ctx: Pick<RequestContext, "bindings">,
  leads: readonly { table: LeadTable; lead: Pick<Lead, "ref_code" | "age_bands" | "focus_areas"> }[],
  deps: Pick<CardDeps, "cache"> = workerCardDeps(ctx.bindings),
) {
  const hashes = await Promise.all(
    leads.flatMap(({ table, lead }) => (lead.ref_code ? [cardHash(cardInputs(lead, CONTENT_OF_TABLE[table]))] : [])),
  );
  return async () => {
    await Promise.all(hashes.map((hash) => deps.cache?.delete(cacheKey(hash))));
  };
}

/** The status page's block: the card the parent's link unfurls into, with its alt text; null without a code. */
export async function statusShareCard(
  ctx: Pick<Ctx, "contentKey" | "variant">,
  lead: Pick<Lead, "ref_code" | "age_bands" | "focus_areas">,
) {
  const card = await cardOfLead(ctx, lead);
  if (!card) return null;
  const { title, text } = getPage(ctx.contentKey, "shareCard").status;
  return { src: card.image, alt: card.imageAlt, width: card.width, height: card.height, title, text };
}
