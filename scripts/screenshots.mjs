#!/usr/bin/env node
// Saves what a parent sees: landing, form, roadmap and confirm of each variant at a phone size
// (390x844) and a laptop size (1280x800), first screen and full page, and the status page in each
// standing (unconfirmed, waiting, admitted with the invite open, accepted or expired, has an
// account), to screenshots/ (git-ignored).
// Usage: npm run build && npm run screenshots     (BASE_URL=… uses a running server instead)
// The session-bound pages are reached by walking the funnel first (scripts/lib/site-session.mjs).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { VARIANTS, choosePlan, startSite, urlOf, walkedContext } from "./lib/site-session.mjs";
import { standings } from "./lib/standings.mjs";

const out = new URL("../screenshots/", import.meta.url).pathname;
const chrome = process.env.CHROME_PATH || process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
const PAGES = ["/", "/form", "/roadmap", "/confirm"];
const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "laptop", viewport: { width: 1280, height: 800 } },
];

mkdirSync(out, { recursive: true });
const { base, stop } = await startSite({ port: 8952, name: "screenshots", baseUrl: process.env.BASE_URL });
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
  // The status page in each standing a parent can be in, at both sizes.
  for (const variant of VARIANTS) {
    for await (const [standing, url] of standings(browser, base, variant, "screenshots")) {
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
} finally {
  await browser.close();
  stop();
}
console.log(`${saved} screenshots in ${out}`);
