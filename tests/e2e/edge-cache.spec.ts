import { expect, newParent, pathIn, queryD1, sqlString, test, uniqueEmail, variants, walkForm } from "./fixtures";

/**
 * Public pages from the edge cache (docs/decisions/033-edge-cache.md): after one render, the same
 * page for every visitor of a host and variant, with nothing of the visitor in it; a visit is still
 * counted once, and a shared link's code and campaign still go with the parent, through the page's
 * `landed` image. Every response says HIT, MISS or BYPASS in X-Edge-Cache.
 */
// Known bots are not counted, and headless Chromium names itself "HeadlessChrome".
const PARENT_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

test("a page's second request is a hit without Set-Cookie; tracking parameters and a visitor's cookies hit the same copy @http", async ({
  request,
}) => {
  // A browser's user agent: a link preview (a bot) of a ?r= link is rendered fresh, for its card.
  const host = { Host: "aiparenting.example", "User-Agent": PARENT_UA };
  await request.get("/pricing", { headers: host });
  const hit = await request.get("/pricing", { headers: host });
  expect(hit.headers()["x-edge-cache"]).toBe("HIT");
  expect(hit.headers()["set-cookie"]).toBeUndefined();
  const tracked = await request.get("/pricing?utm_source=x&utm_campaign=spring&fbclid=abc&r=ABCD2345", {
    headers: { ...host, Cookie: "__session=a-visitors-own-session", Referer: "https://news.example/story" },
  });
  expect(tracked.headers()["x-edge-cache"]).toBe("HIT");
  expect(tracked.headers()["set-cookie"]).toBeUndefined();
  const body = await tracked.text();
  expect(body).not.toContain("a-visitors-own-session");
  expect(body).not.toContain("news.example");
  // Each response has its own CSP nonce, in the header and on the page's scripts alike.
  const nonces = [hit, tracked].map((response) => /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1]);
  expect(nonces[0]).not.toBe(nonces[1]);
  expect(body).not.toContain(`nonce="${nonces[0]}"`);
});

test("a second brand host never gets the first one's cached page @http", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const genius = await request.get("/faq", { headers: { Host: "aiparenting.example" } });
    const champion = await request.get("/faq", { headers: { Host: "champion.example" } });
    expect(title(await genius.text())).toContain("AI Parenting");
    expect(title(await champion.text())).toContain("Hockey Champion");
    expect(title(await champion.text())).not.toContain("AI Parenting");
    if (i === 1) expect([genius.headers()["x-edge-cache"], champion.headers()["x-edge-cache"]]).toEqual(["HIT", "HIT"]);
  }
});

test("a page whose parameters are not all known is rendered fresh, never cached @http", async ({ request }) => {
  const response = await request.get("/?consent=change&utm_source=x", { headers: { Host: "aiparenting.example" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["x-edge-cache"]).toBeUndefined();
});

for (const v of variants) {
  test(`${v.key}: a parent from a shared link on a cached landing page is counted once per parent and keeps the link's code and campaign`, async ({
    browser,
    request,
    jsEnabled,
  }) => {
    // The landing page is in the cache before the parent comes.
    await request.get(pathIn(v, "home"));
    expect((await request.get(pathIn(v, "home"))).headers()["x-edge-cache"]).toBe("HIT");
    const campaign = `edge-${v.key}-${jsEnabled ? "on" : "off"}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const { context, page } = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
    const landing = await page.goto(pathIn(v, "home", { r: "ABCD2345", utm_source: "e2e", utm_campaign: campaign }));
    expect(landing?.headers()["x-edge-cache"]).toBe("HIT");
    expect(landing?.headers()["set-cookie"]).toBeUndefined();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const views = () =>
      queryD1<{ n: number; referred: number }>(
        `SELECT COUNT(*) AS n, SUM(has_referrer) AS referred FROM analytics_events WHERE name = 'landing_view' AND utm_campaign = ${sqlString(campaign)}`,
      ).then(([row]) => [row.n, row.referred ?? 0]);
    await expect.poll(views).toEqual([1, 1]);
    // Another parent from the same link is another view; a reload is the same parent's (one per visit).
    const other = await newParent(browser, jsEnabled, { userAgent: PARENT_UA });
    expect(
      (await other.page.goto(pathIn(v, "home", { r: "ABCD2345", utm_source: "e2e", utm_campaign: campaign })))?.headers()["x-edge-cache"],
    ).toBe("HIT");
    await other.context.close();
    await page.reload();
    await expect.poll(views).toEqual([2, 2]);
    // The parent goes on and joins: the lead carries the shared link's code and the campaign.
    const email = uniqueEmail(`edge-${v.key}`);
    await walkForm(page, v, email);
    const [lead] = await queryD1<{ referred_by: string; utm_campaign: string }>(
      `SELECT referred_by, utm_campaign FROM ${v.table} WHERE email = ${sqlString(email)}`,
    );
    expect(lead).toEqual({ referred_by: "ABCD2345", utm_campaign: campaign });
    await context.close();
  });
}
