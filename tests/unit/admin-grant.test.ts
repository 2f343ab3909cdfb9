import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runProcess } from "./helpers/run-process";

const script = fileURLToPath(new URL("../../scripts/admin-grant.mjs", import.meta.url));
const grant = (...args: string[]) => runProcess(process.execPath, [script, ...args]);

describe("npm run admin:grant -- <email> --remote --env … (dry run)", () => {
  it("grants on the environment's remote D1", async () => {
    const run = await grant("You@Example.com", "--remote", "--env", "production", "--dry-run");
    expect(run.stdout).toBe(
      `dry run: npx wrangler d1 execute DB --remote --env production --json --command "UPDATE accounts SET role = 'admin' WHERE email = 'you@example.com' RETURNING id, email, role"\n`,
    );
    expect(run.status).toBe(0);
  });

  it("stays on the local D1 without --remote", async () => {
    expect((await grant("you@example.com", "--dry-run")).stdout).toMatch(/^dry run: npx wrangler d1 execute DB --local --json /);
  });

  it("refuses --remote without an environment (the top level's D1 is the local one)", async () => {
    const run = await grant("you@example.com", "--remote", "--dry-run");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--remote needs --env production or --env preview");
  });

  it("refuses an e-mail that could break out of the SQL string", async () => {
    expect((await grant("x'@example.com", "--dry-run")).status).toBe(2);
  });
});
