// The card Worker (docs/decisions/047-card-worker.md): draws share cards for the site's Worker,
// which asks it through the CARD service binding on a cache miss. It holds the renderer (resvg's
// and yoga's wasm, satori, the fonts) so the site's Worker does not, and reads no data: what it
// draws comes in the request, checked to be the card's inputs only.
import { renderCardPng } from "../../app/card/card-image.server";
import { CARD_HEIGHT, CARD_WIDTH } from "../../app/card/card-size";
import { parseCardInputs } from "./inputs";

const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain" } });

export default {
  async fetch(request) {
    if (request.method !== "POST") return text(405, "POST the card's inputs as JSON");
    const inputs = parseCardInputs(await request.json().catch(() => null));
    if (!inputs) return text(400, "not a card's inputs");
    const png = await renderCardPng(inputs, { width: CARD_WIDTH, height: CARD_HEIGHT });
    return new Response(png, { headers: { "Content-Type": "image/png" } });
  },
} satisfies ExportedHandler;
