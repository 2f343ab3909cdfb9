import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "./helpers/run-process";

/**
 * `npm run deploy -- --dry-run` (scripts/deploy.sh) on a machine without Cloudflare credentials:
 * it checks what it can offline and says what it skipped. npm and npx are stand-ins that record
 * their calls (the build and wrangler's bundle are the real ones' job, run by `npm test`); the
 * doctor is the real one, on the committed wrangler.toml.
 */
const dir = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = join(dir, "bin");
const log = join(dir, "calls");
const stub = (name: string, body = "") => {
  const path = join(bin, name);
  writeFileSync(path, `#!/usr/bin/env bash\necho "${name} $*" >>"$FAKE_CALLS"\n${body}\nexit 0\n`);
  chmodSync(path, 0o755);
};
mkdirSync(bin, { recursive: true });
stub("npm");
// wrangler's secret list answers JSON; every other call just succeeds.
stub("npx", 'case "$*" in *"secret list"*) echo "[]";; esac');

async function dryRun(extraEnv: Record<string, string> = {}) {
  writeFileSync(log, "");
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("CLOUDFLARE_")));
  const run = await runProcess("bash", ["scripts/deploy.sh", "--dry-run"], {
    env: { ...env, ...extraEnv, FAKE_CALLS: log, PATH: `${bin}:${dirname(process.execPath)}:${process.env.PATH}` },
  });
  return { ...run, calls: readFileSync(log, "utf8").trim().split("\n") };
}

describe("npm run deploy -- --dry-run", () => {
  it("without Cloudflare credentials: doctor offline, build, bundle, the migrations listed; says what it skipped; exit 0", async () => {
    const run = await dryRun();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^doctor \(production, offline\)/m);
    expect(run.stdout).toMatch(/^skipped: remote secrets /m);
    expect(run.stdout).toMatch(/^skipped: remote migrations /m);
    for (const file of readdirSync("migrations").filter((name) => name.endsWith(".sql"))) expect(run.stdout).toContain(file);
    expect(run.calls).toContain("npm run build");
    // Both Workers, the card Worker first: the site's CARD binding names it.
    const card = run.calls.findIndex((call) =>
      call.startsWith("npx wrangler deploy --dry-run -c workers/card/wrangler.toml --env production"),
    );
    const site = run.calls.findIndex((call) => call.startsWith("npx wrangler deploy --dry-run --env production"));
    expect(card).toBeGreaterThan(-1);
    expect(site).toBeGreaterThan(card);
    // Nothing that needs Cloudflare ran.
    expect(run.calls.join("\n")).not.toMatch(/secret|migrations apply|--remote/);
    expect(run.stdout).toMatch(/^dry run: nothing was deployed/m);
  }, 60_000);

  it("with CLOUDFLARE_API_TOKEN: also reads the remote secret names", async () => {
    const run = await dryRun({ CLOUDFLARE_API_TOKEN: "token-for-the-test" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.calls).toContain("npx wrangler secret list --env production --format json");
    expect(run.stdout).not.toMatch(/^skipped: remote secrets/m);
    expect(run.stdout).toMatch(/^skipped: remote migrations /m);
    expect(run.calls.join("\n")).not.toMatch(/migrations apply/);
  }, 60_000);
});
