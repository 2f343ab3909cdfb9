import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { getPage } from "../../content/index";
import {
  bothModesIn,
  confirmThroughButton,
  expect,
  joinWaitlist,
  pathIn,
  test,
  uniqueEmail,
  variants,
  waitlistLinks,
  type VariantCase,
} from "./fixtures";

/**
 * The share card (issue 34 section 3, docs/decisions/037-share-card.md): a parent who finished the
 * funnel shares a link whose preview is their own card, a PNG drawn from their answers. A link-preview
 * bot reads the landing's og tags; the tags and the picture's alt text carry the age band and focus,
 * never the e-mail. The status page shows the card.
 */

test.beforeEach(() => test.slow());

const PREVIEW_BOT = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

/** The og and twitter tags of a page as a link-preview bot reads them (no script runs). */
async function previewTags(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { "User-Agent": PREVIEW_BOT } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags.set(key, content.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'"));
  return { tags, head: html.slice(0, html.indexOf("</head>")) };
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function shareCardOf(v: VariantCase, page: import("@playwright/test").Page, jsEnabled: boolean) {
  const options = getPage(v.key, "options");
  const copy = getPage(v.key, "shareCard");
  // The first band, as the card words it (a phrase where the option's label would not read).
  const age = copy.agePhrases?.[options.ageBands[0].value] ?? options.ageBands[0].label;
  const focus = options.focus[0].label;
  const email = uniqueEmail(`card-${v.key}`);
  await joinWaitlist(page, v, email);
  const links = await waitlistLinks(page, email);
  await confirmThroughButton(page, v, links.verify);
  await page.goto(links.status);
  const refCode = new URL(await page.locator("#ref-link").inputValue()).searchParams.get("r")!;
  expect(refCode).toMatch(/^[A-Z0-9]{8}$/);

  // The status page shows the card the parent is sharing, its alt text from the answers.
  const block = page.getByTestId("share-card");
  await expect(block.getByRole("heading", { name: copy.status.title })).toBeVisible();
  const picture = block.getByRole("img");
  await expect(picture).toHaveAttribute("alt", new RegExp(`${age}.*${focus.replace(/[&]/g, ".")}`));
  await expect(picture).toHaveAttribute("src", new RegExp(`^/card/${refCode}/[0-9a-f]{16}\\.png`));
  // axe runs its script in the page: with JavaScript on only.
  if (jsEnabled) {
    const { violations } = await new AxeBuilder({ page }).include("[data-testid='share-card']").analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
  }

  // A link-preview bot on the shared link: the parent's card in every tag, absolute, 1200×630.
  const { tags, head } = await previewTags(page.request, pathIn(v, "home", { r: refCode }));
  const image = tags.get("og:image")!;
  expect(image).toMatch(new RegExp(`^https?://[^/]+/card/${refCode}/[0-9a-f]{16}\\.png`));
  expect(tags.get("og:image:width")).toBe("1200");
  expect(tags.get("og:image:height")).toBe("630");
  expect(tags.get("twitter:card")).toBe("summary_large_image");
  expect(tags.get("twitter:image")).toBe(image);
  expect(tags.get("og:url")).toMatch(/^https?:\/\//);
  expect(tags.get("og:title")).toContain(age);
  expect(tags.get("og:description")).toContain(age);
  expect(tags.get("og:image:alt")).toContain(focus);
  expect(head).not.toContain(email);
  expect(head).not.toContain(email.split("@")[0]);
  const png = await page.request.get(new URL(image).pathname + new URL(image).search);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(pngSize(await png.body())).toEqual({ width: 1200, height: 630 });

  // The short link leads to the same landing, and so to the same card.
  const short = await page.request.get(`/r/${refCode}${pathIn(v, "home").replace(/^\//, "")}`, { maxRedirects: 0 });
  expect(short.status()).toBe(302);
  expect(new URL(short.headers()["location"], "http://x").searchParams.get("r")).toBe(refCode);
  // A code that is nobody's unfurls into the brand's own picture.
  const none = await previewTags(page.request, pathIn(v, "home", { r: "NOSUCH00" }));
  expect(none.tags.get("og:image")).toMatch(new RegExp(`/images/share-${v.key}\\.png$`));

  // Once the parent erases their data, their card is gone and their link unfurls into the brand's picture.
  const myData = getPage(v.key, "myData");
  await page.goto(links.manage);
  await page.getByRole("link", { name: myData.eraseButton }).click();
  await page.getByRole("button", { name: myData.confirmButton }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(myData.doneTitle);
  const erased = await page.request.get(new URL(image).pathname + new URL(image).search);
  expect(erased.status()).toBe(404);
  const after = await previewTags(page.request, pathIn(v, "home", { r: refCode }));
  expect(after.tags.get("og:image")).toMatch(new RegExp(`/images/share-${v.key}\\.png$`));
}

for (const v of [variants[0], variants[1]]) {
  test.describe(`share card: ${v.key}`, bothModesIn(v, variants[0]), () => {
    test("a parent's referral link unfurls into their card: og tags, a 1200×630 PNG, the status page shows it; erased, the card is 404", async ({
      page,
      jsEnabled,
    }) => {
      await shareCardOf(v, page, jsEnabled);
    });
  });
}
