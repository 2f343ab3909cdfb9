/**
 * The e2e servers as the tests reach them: their addresses, the three variants, their D1 and
 * outbox, and the bot guard's stamp. Specs import it all through ./fixtures.
 */
import { expect, type Page, type Route } from "@playwright/test";
import { signingSecret } from "../../app/platform/crypto.server";
import { STAMP_NAME, issueStamp } from "../../app/platform/bot-guard.server";
import { linkTo } from "../../app/utils/links";
import type { LeadTable, Variant } from "../../app/utils/variant";
import { E2E_SESSION_SECRET, FAKE_RESEND_PORT, PREVIEW_HOST, PREVIEW_PORT, PREVIEW_URL } from "../../playwright.config";
import { runD1 } from "./d1";

/** The waitlist server: LAUNCH_MODE=waitlist (every plan leads to /confirm), QA pages on. */
export const MAIN_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788)}`;
/** The production-like server: the default LAUNCH_MODE (live: a plan leads to /signup), QA_PAGES=off. */
export const LIVE_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788) + 1}`;

/**
 * The preview server (PREVIEW_MODE=on) as a browser of the preview projects reaches it, on its own
 * host; from the test process (which cannot resolve that host) it is PREVIEW_DIRECT with that Host header.
 */
export { PREVIEW_HOST, PREVIEW_URL };
export const PREVIEW_DIRECT = `http://127.0.0.1:${PREVIEW_PORT}`;
/** The fake Resend the preview server mails through: GET /__sent lists what it was handed. */
export const FAKE_RESEND_URL = `http://127.0.0.1:${FAKE_RESEND_PORT}`;

export type VariantCase = {
  key: "genius" | "icehockey" | "tennis";
  variant: Variant;
  title: string;
  wordmark: string;
  table: LeadTable;
  pixelId: string;
};

/** The three variants as a visitor reaches them on localhost. */
export const variants: VariantCase[] = [
  {
    key: "genius",
    variant: { domain: "genius" },
    title: "AI Parenting",
    wordmark: "AI Parenting Genius",
    table: "leads",
    pixelId: "111111111111111",
  },
  {
    key: "icehockey",
    variant: { domain: "champion", sport: "icehockey" },
    title: "Hockey Champion",
    wordmark: "Hockey Champion",
    table: "leads_icehockey",
    pixelId: "222222222222222",
  },
  {
    key: "tennis",
    variant: { domain: "champion", sport: "tennis" },
    title: "Tennis Champion",
    wordmark: "Tennis Champion",
    table: "leads_tennis",
    pixelId: "222222222222222",
  },
];

/**
 * The JavaScript mode of each test in a variant's describe, for tests whose code path is the same
 * in every variant: the mode alternates by variant and by test, so each such test runs with
 * JavaScript on in one variant and off in the next (scripts/check-e2e-coverage.mjs wants both modes
 * in each spec with browser tests), at half the runs. `cases` is the spec's variant list.
 *   const mode = alternatingModes(v, cases);  test("…", mode(), async …)
 */
export function alternatingModes(v: VariantCase, cases: VariantCase[] = variants) {
  let turn = cases.indexOf(v);
  return (): { tag: "@js-on" | "@js-off" } => ({ tag: turn++ % 2 === 0 ? "@js-on" : "@js-off" });
}

/** A path in the variant, built by the app's own link builder. */
export function pathIn(v: VariantCase, page: string, params?: Record<string, string>) {
  return linkTo(v.variant, page, params);
}

/** A unique e-mail address per test run, so parallel tests never share rows. */
export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`.toLowerCase();
}

/**
 * Runs SQL against a server's local D1 (the same SQLite state wrangler dev uses): one statement, or
 * a list of them as one batch. `server` is "main", "live" or "preview". Returns the rows of every statement, in order.
 */
export function queryD1<T = Record<string, unknown>>(sql: string | string[], server: "main" | "live" | "preview" = "main"): Promise<T[]> {
  return runD1<T>(sql, server);
}

/** Quotes a value for a SQL literal in test queries. */
export const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  variant: string;
  status: string;
  attempts: number;
  created_at: string;
};

/**
 * Mails in a server's local outbox (GET /dev/outbox.json), newest first, optionally for one recipient
 * (asked of the server with ?to=, so a recipient's mail is found however many others came after it).
 */
export async function outbox(page: Page, to?: string, server = MAIN_URL): Promise<OutboxMail[]> {
  const response = await page.request.get(`${server}/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  expect(response.ok()).toBe(true);
  const mails = (await response.json()) as OutboxMail[];
  return to ? mails.filter((mail) => mail.to === to) : mails;
}

/**
 * The signed stamp a person's form carries (docs/decisions/011-bot-guard.md), as the e2e servers
 * sign it with their SESSION_SECRET, issued a minute ago: posts crafted by tests add it.
 */
export async function personStamp(issuedAt = Date.now() - 60_000): Promise<Record<string, string>> {
  return { [STAMP_NAME]: await issueStamp(signingSecret(E2E_SESSION_SECRET, false), issuedAt) };
}

/**
 * Makes the page's posts to `url` look sent `sentAfterMs` after their form was issued, whatever the
 * browser's own speed: the stamp the form carries is swapped for one issued that long before the
 * post. 0 is a script sending at once; a minute is a person who took their time. A browser can take
 * longer than the minimum fill time on a busy machine, or less on an idle one, so tests that meet
 * the live server's minimum must not count on their own speed. Returns the function that stops it.
 */
export async function restampPosts(page: Page, url: string, { sentAfterMs }: { sentAfterMs: number }): Promise<() => Promise<void>> {
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const type = request.headers()["content-type"] ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) throw new Error(`restampPosts: a ${type} post`);
    const body = new URLSearchParams(request.postData() ?? "");
    for (const [name, value] of Object.entries(await personStamp(Date.now() - sentAfterMs))) body.set(name, value);
    await route.continue({ postData: body.toString() });
  };
  // Remix posts a form as a document (JavaScript off) or to the route's `.data` URL (on).
  const form = new URL(url);
  const matches = (target: URL) =>
    target.origin === form.origin && (target.pathname === form.pathname || target.pathname === `${form.pathname}.data`);
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/**
 * Waits until the form on the page has been shown for `ms`, by the time in its signed stamp: a
 * person who read the page before pressing. The servers sign with the clock the tests share; this
 * polls that clock against the stamp rather than sleeping a fixed time.
 */
export async function waitPastStamp(page: Page, ms: number) {
  const stamp = await page.locator(`input[name=${STAMP_NAME}]`).inputValue();
  const issuedAt = Number(stamp.split(".")[1]);
  expect(issuedAt, `the form's stamp ${stamp}`).toBeGreaterThan(0);
  await expect.poll(() => Date.now() - issuedAt, { intervals: [100] }).toBeGreaterThanOrEqual(ms);
}

/**
 * Holds each of the page's POSTs to URLs that `matches` until `release()`: the busy state a slow network
 * shows stays on screen for exactly as long as the test looks at it, with no fixed delay.
 */
export async function holdPosts(page: Page, matches: RegExp | string) {
  const held: (() => void)[] = [];
  await page.route(matches, async (route) => {
    if (route.request().method() === "POST") await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return {
    /** Lets the oldest held post through, once it has been sent. */
    async release() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      held.shift()!();
    },
  };
}

/** Waits until a page that ships JavaScript has hydrated (root sets <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export { E2E_SESSION_SECRET };
