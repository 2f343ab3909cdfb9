#!/usr/bin/env node
// Saves what a parent sees: landing, form, roadmap and confirm of each variant at a phone size
// (390x844) and a laptop size (1280x800), first screen and full page, the status page in each
// standing (unconfirmed, waiting, admitted with the invite open, accepted or expired, has an
// account), the sport editions' club pages (the seeded clubs), then every admin page (genius, and
// hockey's clubs, signed in as the seeded QA admin) at both sizes, full page, to screenshots/ (git-ignored).
// Usage: npm run build && npm run screenshots     (PORT=… another port; BASE_URL=… uses a running
// server instead, where `npm run seed` has made the admin: SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD)
// The session-bound pages are reached by walking the funnel first (scripts/lib/site-session.mjs).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { VARIANTS, choosePlan, startSite, urlOf, walkedContext } from "./lib/site-session.mjs";
import { standings } from "./lib/standings.mjs";
import { DEFAULT_ADMIN_EMAIL, DEMO_PASSWORD } from "./lib/seed-data.mjs";
import { spawnSync } from "node:child_process";
import { root } from "./lib/d1.mjs";

const out = new URL("../screenshots/", import.meta.url).pathname;
const chrome = process.env.CHROME_PATH || process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
const PAGES = ["/", "/form", "/roadmap", "/confirm", "/faq", "/lost-link"];
const ADMIN_PAGES = [
  "leads",
  "referrals",
  "referrals/review",
  "safelist",
  "rewards",
  "analytics",
  "mail",
  "launch",
  "waves",
  "webhooks",
  "audit",
];
/** The seeded clubs shown on the sport editions' club pages (scripts/lib/seed-data.mjs). */
const CLUB_PAGES = {
  icehockey: ["/clubs", "/clubs/hc-sparta-praha", "/clubs/new"],
  tennis: ["/clubs", "/clubs/tk-sparta-praha", "/clubs/new"],
};
const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
];
const NAME = "screenshots";

mkdirSync(out, { recursive: true });
const own = !process.env.BASE_URL;
const { base, stop } = await startSite({ port: Number(process.env.PORT) || 8952, name: NAME, baseUrl: process.env.BASE_URL });
const browser = await chromium.launch({ executablePath: chrome, args: ["--no-sandbox", "--disable-gpu"] });
let saved = 0;
try {
  for (const variant of VARIANTS) {
    for (const size of SIZES) {
      const context = await walkedContext(browser, base, variant, { viewport: size.viewport });
      const page = await context.newPage();
      for (const path of PAGES) {
        if (path === "/confirm") await choosePlan(context, base, variant);
        await page.goto(urlOf(base, variant, path));
        const file = `${variant.key}-${path === "/" ? "landing" : path.slice(1)}-${size.name}`;
        await page.screenshot({ path: `${out}${file}.png` });
        await page.screenshot({ path: `${out}${file}-full.png`, fullPage: true });
        saved += 2;
      }
      await context.close();
    }
  }
  // The status page in each standing a parent can be in, at both sizes (a server started here only:
  // the standings are written into its own D1).
  if (own) {
    for (const variant of VARIANTS) {
      for await (const [standing, url] of standings(browser, base, variant, NAME)) {
        for (const size of SIZES) {
          const context = await browser.newContext({ viewport: size.viewport, javaScriptEnabled: false });
          const page = await context.newPage();
          await page.goto(url);
          await page.screenshot({ path: `${out}${variant.key}-status-${standing}-${size.name}-full.png`, fullPage: true });
          saved += 1;
          await context.close();
        }
      }
    }
  }
  // The console with demo data: the server started here gets the seed (its own fresh D1).
  if (own) {
    console.log("Seeding the screenshot server's D1 (about 30 s)...");
    const seed = spawnSync("node", ["scripts/seed.mjs", "--persist-to", `.wrangler/e2e-${NAME}`], { cwd: root, encoding: "utf8" });
    if (seed.status !== 0) throw new Error(`the seed failed:\n${seed.stderr || seed.stdout}`);
  }
  saved += await clubPages();
  saved += await adminPages(own);
} finally {
  await browser.close();
  stop();
}
console.log(`${saved} screenshots in ${out}`);

/** The sport editions' club leaderboard, a seeded club's page and the registration form, at both sizes. */
async function clubPages() {
  let count = 0;
  for (const variant of VARIANTS.filter((v) => CLUB_PAGES[v.key])) {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: size.viewport });
      const page = await context.newPage();
      for (const path of CLUB_PAGES[variant.key]) {
        await page.goto(urlOf(base, variant, path));
        const name = path === "/clubs" ? "clubs" : path === "/clubs/new" ? "clubs-new" : "club-page";
        await page.screenshot({ path: `${out}${variant.key}-${name}-${size.name}-full.png`, fullPage: true });
        count += 1;
      }
      await context.close();
    }
  }
  return count;
}

/** Every admin page at both sizes (full page), signed in as the seeded admin; `admitWave` makes one small wave first. */
async function adminPages(admitWave) {
  const email = process.env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
  const password = process.env.SEED_ADMIN_PASSWORD || DEMO_PASSWORD;
  const context = await browser.newContext({ viewport: SIZES[1].viewport });
  const page = await context.newPage();
  await page.goto(`${base}/signup?mode=signin`);
  await page.locator("input[name='email']").fill(email);
  await page.locator("input[name='password']").fill(password);
  await page.locator("form button[type='submit']").last().click();
  await page.waitForURL(/\/signup-confirm/);
  let count = 0;
  if (admitWave) {
    // The review of a wave of 3 (saved too), then admitting it, so the waves table has a row.
    await page.goto(`${base}/admin/waves?n=3`);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.screenshot({ path: `${out}admin-waves-review-${size.name}-full.png`, fullPage: true });
      count += 1;
    }
    const admit = page.locator("[data-testid='wave-review'] button[type='submit']");
    if (await admit.count()) {
      await admit.click();
      await page.waitForURL((url) => !url.searchParams.has("n"));
    }
  }
  await page.goto(`${base}/admin/leads`);
  const edit = await page.locator("a[href*='/admin/leads/'][href*='/edit']").first().getAttribute("href");
  const lead = edit ? new URL(edit, base).pathname.split("/")[3] : null;
  const paths = [
    ...ADMIN_PAGES.map((name) => `/admin/${name}`),
    ...(lead ? [`/admin/leads/${lead}/edit`, `/admin/leads/${lead}/data`] : []),
    // Clubs exist on the sport editions only: the hockey console's.
    urlOf("", VARIANTS[1], "/admin/clubs"),
  ];
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    for (const path of paths) {
      await page.goto(`${base}${path}`);
      const name = path.includes("/edit")
        ? "lead-edit"
        : path.includes("/data")
          ? "lead-data"
          : new URL(path, base).pathname.split("/").slice(2).join("-");
      await page.screenshot({ path: `${out}admin-${name}-${size.name}-full.png`, fullPage: true });
      count += 1;
    }
  }
  // A club's families (the seeded hockey club at its milestone).
  await page.goto(`${base}${urlOf("", VARIANTS[1], "/admin/clubs")}`);
  const families = await page.locator("[data-club='hc-sparta-praha'] a[href*='families=']").getAttribute("href");
  if (families) {
    await page.goto(new URL(families, base).href);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      await page.screenshot({ path: `${out}admin-club-families-${size.name}-full.png`, fullPage: true });
      count += 1;
    }
  }
  // The launch's one confirmation: a review of the announcement, which sends nothing.
  await page.goto(`${base}/admin/launch`);
  await page.locator("input[name='date']").fill("2026-05-04");
  await page.locator("textarea[name='message']").fill("Early access opens on 4 May. Thank you for waiting with us!");
  await page.locator("input[name='ctaLabel']").fill("See the plans");
  await page.locator("input[name='ctaUrl']").fill("/pricing");
  await page.locator("button[name='intent'][value='review']").click();
  await page.locator("[data-testid='send-confirm']").waitFor();
  for (const size of SIZES) {
    await page.setViewportSize(size.viewport);
    await page.screenshot({ path: `${out}admin-launch-confirm-${size.name}-full.png`, fullPage: true });
    count += 1;
  }
  await context.close();
  return count;
}
