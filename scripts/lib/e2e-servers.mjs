// The Playwright suite's servers, in one list for playwright.config.ts (its webServer entries) and for
// scripts/e2e-servers.mjs (which starts them ahead of the suite while Vitest still runs).

/** The secret of every e2e server: tests that sign a token or a form stamp use it too. */
export const E2E_SESSION_SECRET = "e2e-session-secret-of-at-least-thirty-two-characters";

/**
 * The servers for a main port: main (port), live (port + 1), the preview (port + 2, without the card
 * Worker) and the fake Resend it mails to (port + 3). Each wrangler dev gets its own inspector port (port + 1000): left
 * to choose, three starting at once can pick the same free one and one of them fails to bind it.
 * @param {number} mainPort
 * @returns {{ name: string; command: string; url: string; timeout: number }[]}
 */
export function e2eServers(mainPort) {
  const [live, preview, fakeResend] = [mainPort + 1, mainPort + 2, mainPort + 3];
  const wrangler = (name, port, ...vars) =>
    [`bash scripts/e2e-server.sh ${name} ${port} --inspector-port ${port + 1000}`, ...vars].join(" ");
  return [
    {
      name: "main",
      command: wrangler(
        "main",
        mainPort,
        `SESSION_SECRET:${E2E_SESSION_SECRET} LAUNCH_MODE:waitlist FORM_MIN_FILL_MS:0 LEAD_IP_ALLOWLIST:127.0.0.1,::1`,
      ),
      url: `http://127.0.0.1:${mainPort}/`,
      timeout: 180_000,
    },
    {
      name: "live",
      command: wrangler("live", live, `SESSION_SECRET:${E2E_SESSION_SECRET} QA_PAGES:off`),
      url: `http://127.0.0.1:${live}/`,
      timeout: 180_000,
    },
    {
      name: "fake Resend",
      command: `node scripts/fake-resend.mjs ${fakeResend}`,
      url: `http://127.0.0.1:${fakeResend}/`,
      timeout: 30_000,
    },
    {
      name: "preview",
      command: wrangler(
        "preview",
        preview,
        // Without the card Worker: the preview stands for a site whose card Worker is down
        // (tests/e2e/preview.spec.ts), which no other server can show.
        `--no-card --preview-assets SESSION_SECRET:${E2E_SESSION_SECRET}`,
        "PREVIEW_MODE:on QA_PAGES:on MAIL_TRANSPORT:resend RESEND_API_KEY:re_test",
        `RESEND_API_URL:http://127.0.0.1:${fakeResend} PREVIEW_MAIL_ALLOW:@qa.example`,
        "FORM_MIN_FILL_MS:0 LEAD_IP_ALLOWLIST:127.0.0.1,::1",
      ),
      url: `http://127.0.0.1:${preview}/`,
      timeout: 180_000,
    },
  ];
}
