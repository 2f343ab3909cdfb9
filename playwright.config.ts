import { defineConfig } from "@playwright/test";

/**
 * Two servers, both `wrangler dev` on the production build with a fresh local D1:
 * - main (8788): the waitlist ending (LAUNCH_MODE=waitlist: every plan leads to /confirm), QA pages on,
 *   outbox mail; the bot guard eased: tests fill forms faster than any person (FORM_MIN_FILL_MS=0) and
 *   the whole suite posts from 127.0.0.1 (allowlisted for the per-IP lead limit);
 * - live (8789): the SPEC default (LAUNCH_MODE unset = live: a plan leads to /signup) with QA_PAGES=off
 *   and the bot guard's defaults (3 s minimum fill time, 20 new leads per IP in ten minutes).
 * Both have a SESSION_SECRET, as every deployed site does: a request for a public host (a test's
 * `Host: champion.example`) needs one. Tests that sign a token or a form stamp use the same secret.
 * Two projects run every spec with JavaScript on and off (progressive enhancement).
 * `npm test` builds first; never build while these servers run (STACK pitfall 4).
 */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 8788);
export const LIVE_PORT = MAIN_PORT + 1;
export const E2E_SESSION_SECRET = "e2e-session-secret-of-at-least-thirty-two-characters";

const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: `bash scripts/e2e-server.sh main ${MAIN_PORT} SESSION_SECRET:${E2E_SESSION_SECRET} LAUNCH_MODE:waitlist FORM_MIN_FILL_MS:0 LEAD_IP_ALLOWLIST:127.0.0.1,::1`,
      url: `http://127.0.0.1:${MAIN_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `bash scripts/e2e-server.sh live ${LIVE_PORT} SESSION_SECRET:${E2E_SESSION_SECRET} QA_PAGES:off`,
      url: `http://127.0.0.1:${LIVE_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
