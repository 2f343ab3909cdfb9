// The status page in each standing of a parent (docs/decisions/027-one-standing.md), for
// scripts/screenshots.mjs: a parent walks the funnel to the waitlist on the screenshot server, and
// the links of their waitlist e-mail (read from /dev/outbox.json) show the page unconfirmed; the
// button confirms them (waiting); a wave written into the server's local D1 admits them, an accepted
// invite and a users record follow. Yields [standing, status URL] after each step.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { choosePlan, urlOf, walkedContext } from "./site-session.mjs";

const root = new URL("../..", import.meta.url).pathname;
const TABLES = { genius: "leads", icehockey: "leads_icehockey", tennis: "leads_tennis" };
const sql = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** Runs SQL on the local D1 the screenshot server keeps in `.wrangler/e2e-{name}`. */
function d1(name, command) {
  const out = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", `.wrangler/e2e-${name}`, "--json", "--command", command],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
  );
  return JSON.parse(out)[0]?.results ?? [];
}

async function mailLinks(base, to) {
  for (let tries = 0; tries < 60; tries++) {
    const mails = await (await fetch(`${base}/dev/outbox.json?to=${encodeURIComponent(to)}`)).json();
    const mail = mails.find((m) => m.to === to && m.template === "prelaunch" && m.status === "sent");
    if (mail) {
      const link = (path) => mail.html.match(new RegExp(`href="([^"]*/${path}\\?[^"]+)"`))?.[1].replace(/&amp;/g, "&");
      return { verify: link("verify-email"), status: link("status") };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no waitlist mail to ${to}`);
}

export async function* standings(browser, base, variant, serverName) {
  const context = await walkedContext(browser, base, variant);
  await choosePlan(context, base, variant);
  const page = await context.newPage();
  await page.goto(urlOf(base, variant, "/confirm"));
  const [lead] = d1(
    serverName,
    `SELECT id, email FROM ${TABLES[variant.key]} WHERE email LIKE 'walk-main-%' ORDER BY created_at DESC LIMIT 1`,
  );
  await page.close();
  await context.close();
  const links = await mailLinks(base, lead.email);
  yield ["unconfirmed", links.status];

  const confirm = await browser.newContext({ javaScriptEnabled: false });
  const button = await confirm.newPage();
  await button.goto(links.verify);
  await button.getByRole("button", { name: "Confirm my e-mail" }).click();
  await button.waitForURL(/\/status/);
  await confirm.close();
  yield ["waiting", links.status];

  const table = TABLES[variant.key];
  const waveId = randomUUID();
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 14 * 86_400_000).toISOString();
  d1(
    serverName,
    `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by)
       SELECT ${sql(waveId)}, ${sql(table)}, ${sql(variant.key === "genius" ? "genius" : `champion-${variant.key}`)}, COALESCE(MAX(seq), 0) + 1, 1, ${sql(now)}, 'screenshots' FROM waves WHERE lead_table = ${sql(table)};
     INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at)
       VALUES (${sql(waveId)}, ${sql(table)}, ${sql(lead.id)}, 1, ${sql(now)}, ${sql(expires)});`,
  );
  yield ["admitted-open", links.status];

  d1(serverName, `UPDATE wave_members SET accepted_at = ${sql(now)} WHERE lead_id = ${sql(lead.id)}`);
  yield ["admitted-accepted", links.status];

  d1(
    serverName,
    `UPDATE wave_members SET accepted_at = NULL, invite_expires_at = ${sql(new Date(Date.now() - 86_400_000).toISOString())} WHERE lead_id = ${sql(lead.id)}`,
  );
  yield ["admitted-expired", links.status];

  d1(serverName, `INSERT INTO users (id, email, name, lead_id) VALUES (${sql(randomUUID())}, ${sql(lead.email)}, NULL, ${sql(lead.id)})`);
  yield ["account", links.status];
}
