import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_SESSION_SECRET, e2eServers } from "./scripts/lib/e2e-servers.mjs";

/**
 * Two servers, both `wrangler dev` on the production build with a fresh local D1:
 * - main (8788): the waitlist ending (LAUNCH_MODE=waitlist: every plan leads to /confirm), QA pages on,
 *   outbox mail; the bot guard eased: tests fill forms faster than any person (FORM_MIN_FILL_MS=0) and
 *   the whole suite posts from 127.0.0.1 (allowlisted for the per-IP lead limit);
 * - live (8789): the SPEC default (LAUNCH_MODE unset = live: a plan leads to /signup) with QA_PAGES=off
 *   and the bot guard's defaults (3 s minimum fill time, 20 new leads per IP in ten minutes).
 * Both have a SESSION_SECRET, as every deployed site does: a request for a public host (a test's
 * `Host: champion.example`) needs one. Tests that sign a token or a form stamp use the same secret.
 * - preview (8790): a Worker Preview of production (PREVIEW_MODE=on, QA pages on, Resend mail to a fake
 *   Resend on 8791 with PREVIEW_MAIL_ALLOW=@qa.example), serving a copy of the build's assets made a
 *   preview's (scripts/preview-assets.mjs). Only tests/e2e/preview.spec.ts runs against it, in the
 *   preview-js-on/off projects, on PREVIEW_HOST: a host that is neither loopback nor a configured one
 *   for the app, as on workers.dev. Chromium resolves every *.localhost name to 127.0.0.1 and counts
 *   it a secure origin, so the site's Secure cookies are kept over plain http, as they are over https
 *   on a real preview (the headless shell ignores --unsafely-treat-insecure-origin-as-secure, and a
 *   real .dev host would not do: Chromium forces every .dev host onto https).
 * The other specs run in three projects, chosen by a test's tag:
 * - js-on and js-off: every browser test, with JavaScript on and off (progressive enhancement: a
 *   form posts and redirects without JavaScript and is enhanced with it), except a test tagged
 *   `@js-on` or `@js-off`, which runs only in that one (its code path is the same in both, or exists
 *   in one only; the tag's line says which);
 * - http: the tests tagged `@http`, which speak plain HTTP through `request` and never open a browser.
 * `npm test` builds first; never build while these servers run (STACK pitfall 4).
 */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8788);
export const LIVE_PORT = MAIN_PORT + 1;
export const PREVIEW_PORT = MAIN_PORT + 2;
export const FAKE_RESEND_PORT = MAIN_PORT + 3;
export const PREVIEW_HOST = "qa-branch-parent-coach-funnel.preview.localhost";
export const PREVIEW_URL = `http://${PREVIEW_HOST}:${PREVIEW_PORT}`;
export { E2E_SESSION_SECRET };

// What scripts/find-chromium.sh picks: the headless shell where it is installed.
const chromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ||
  "/usr/bin/chromium";
const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const PREVIEW_SPEC = /preview\.spec\.ts$/;
const previewUse = { baseURL: PREVIEW_URL };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Four: a browser test waits on the server and on the page more than it computes; measured on 2
  // cores, 2 → 4 workers took a fifth off, and 6 took nothing more.
  workers: 4,
  // On CI a failed test is tried once more, and a test that passed only then fails the run anyway:
  // flakiness shows as a red run with the test named "flaky", never as a quiet pass.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    // Recorded on CI's retry only: recording every passing test cost CPU the two cores lack.
    trace: "on-first-retry",
    launchOptions: { executablePath: chromium, args: BROWSER_ARGS },
  },
  projects: [
    { name: "http", testIgnore: PREVIEW_SPEC, grep: /@http\b/ },
    { name: "js-on", testIgnore: PREVIEW_SPEC, grepInvert: /@http\b|@js-off\b/, use: { javaScriptEnabled: true } },
    { name: "js-off", testIgnore: PREVIEW_SPEC, grepInvert: /@http\b|@js-on\b/, use: { javaScriptEnabled: false } },
    { name: "preview-js-on", testMatch: PREVIEW_SPEC, use: { ...previewUse, javaScriptEnabled: true } },
    { name: "preview-js-off", testMatch: PREVIEW_SPEC, use: { ...previewUse, javaScriptEnabled: false } },
  ],
  // Started by Playwright, or by scripts/test.sh ahead of the suite (E2E_SERVERS_UP=1: already up, reused).
  webServer: e2eServers(MAIN_PORT).map(({ command, url, timeout }) => ({
    command,
    url,
    timeout,
    reuseExistingServer: !process.env.CI || process.env.E2E_SERVERS_UP === "1",
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
