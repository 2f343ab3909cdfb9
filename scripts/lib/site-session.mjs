// Shared by bench/lighthouse.mjs and scripts/screenshots.mjs: a wrangler dev server on the
// production build (a fresh local D1, the waitlist ending so /confirm is reachable, QA pages off),
// and a browser session that has walked a variant's funnels, so the session-bound pages
// (/roadmap, /plans, /confirm, /guide-confirm, /tips-confirm) show what a parent would see.
import { spawn } from "node:child_process";

const root = new URL("../..", import.meta.url).pathname;

export const VARIANTS = [
  { key: "genius", query: {} },
  { key: "icehockey", query: { domain: "champion", sport: "icehockey" } },
  { key: "tennis", query: { domain: "champion", sport: "tennis" } },
];

export function urlOf(base, variant, path) {
  const query = new URLSearchParams(variant.query).toString();
  return `${base}${path}${query ? `?${query}` : ""}`;
}

const up = (base) =>
  fetch(`${base}/`).then(
    (r) => r.ok,
    () => false,
  );

/**
 * The site to measure: `baseUrl` when given (it must answer), else a server started here on `port`
 * (needs `npm run build` first). Returns its base URL and a stop function.
 */
export async function startSite({ port, name, baseUrl }) {
  if (baseUrl) {
    const base = baseUrl.replace(/\/+$/, "");
    if (!(await up(base))) throw new Error(`No server at ${base}. Start one first (npm start), or leave BASE_URL unset.`);
    return { base, stop: () => {} };
  }
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(
    "bash",
    [
      "scripts/e2e-server.sh",
      name,
      String(port),
      "LAUNCH_MODE:waitlist",
      "FORM_MIN_FILL_MS:0",
      "LEAD_IP_ALLOWLIST:127.0.0.1,::1",
      "QA_PAGES:off",
    ],
    { cwd: root, stdio: "ignore", detached: true },
  );
  const stop = () => {
    if (server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  };
  process.on("exit", stop);
  const until = Date.now() + 120_000;
  while (!(await up(base))) {
    if (Date.now() > until) {
      stop();
      throw new Error("the server did not start in 120 s (did you run npm run build?)");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, stop };
}

/**
 * Walks the main funnel up to the roadmap, the guide form and the tips form without JavaScript, as
 * a parent would, in a new context of `browser`; returns that context (the caller closes it).
 */
export async function walkedContext(browser, base, variant, options = {}) {
  const context = await browser.newContext({ javaScriptEnabled: false, ...options });
  const page = await context.newPage();
  const email = (flow) => `walk-${flow}-${variant.key}-${Date.now()}@example.com`;
  const submit = (action) => page.locator(`form[action^='${action}'] button[type='submit']`).last().click();

  await page.goto(urlOf(base, variant, "/form"));
  for (const select of await page.locator("form[action^='/form'] select").all()) await select.selectOption({ index: 1 });
  await submit("/form");
  for (const name of ["focus", "goals"]) await page.locator(`input[name='${name}']`).first().check();
  await page.locator("input[name='concern']").first().check();
  await submit("/form");
  await page.locator("input[name='email']").fill(email("main"));
  await submit("/form");
  await page.waitForURL(/\/roadmap/);
  for (const flow of ["guide", "tips"]) {
    await page.goto(urlOf(base, variant, `/${flow}-form`));
    await page.locator("input[name='email']").fill(email(flow));
    for (const name of ["ageBand", "goals"]) {
      const choice = page.locator(`form[action^='/${flow}-form'] input[name='${name}']`).first();
      if (await choice.count()) await choice.check();
    }
    await submit(`/${flow}-form`);
    await page.waitForURL(new RegExp(`/${flow}-confirm`));
  }
  await page.close();
  return context;
}

/**
 * The plan choice, which ends the funnel: /confirm shows the waitlist ending from then on, and
 * /roadmap and /plans send the parent back to the form.
 */
export async function choosePlan(context, base, variant) {
  const page = await context.newPage();
  await page.goto(urlOf(base, variant, "/plans"));
  await page.locator("form[action^='/plans'] button[type='submit']:not([disabled])").first().click();
  await page.waitForURL(/\/confirm/);
  await page.close();
}

const cookieHeader = async (context, base) => (await context.cookies(base)).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");

/**
 * The walked session as Cookie headers, for tools outside the browser (Lighthouse): `open` before
 * the plan choice (every page but /confirm) and `done` after it (/confirm).
 */
export async function walkedCookies(browser, base, variant) {
  const context = await walkedContext(browser, base, variant);
  const open = await cookieHeader(context, base);
  await choosePlan(context, base, variant);
  const done = await cookieHeader(context, base);
  await context.close();
  return { open, done };
}
