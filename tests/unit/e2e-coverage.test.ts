import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "./helpers/run-process";

const SCRIPT = fileURLToPath(new URL("../../scripts/check-e2e-coverage.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "e2e-coverage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check on a saved `playwright test --list`. */
function check(lines: string[]) {
  const file = join(dir, `${Math.random()}.txt`);
  writeFileSync(file, ["Listing tests:", ...lines.map((line) => `  ${line}`)].join("\n"));
  return runProcess(process.execPath, [SCRIPT, file]);
}

describe("the e2e coverage check", () => {
  it("passes a spec whose variants each run with JavaScript on and off, across its tests", async () => {
    const run = await check([
      "[js-on] › story.spec.ts:83:3 › genius: joins",
      "[js-off] › story.spec.ts:142:3 › genius: a guide parent",
      "[js-off] › story.spec.ts:83:3 › tennis: joins",
      "[js-on] › story.spec.ts:142:3 › tennis: a guide parent",
      "[http] › story.spec.ts:200:3 › icehockey: plain request",
    ]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("names each variant a spec leaves without a mode, and fails", async () => {
    const run = await check([
      "[js-on] › referrals.spec.ts:93:5 › referrals: genius › credits",
      "[js-off] › referrals.spec.ts:93:5 › referrals: genius › credits",
      "[js-off] › referrals.spec.ts:93:5 › referrals: icehockey › credits",
      "[js-on] › referrals.spec.ts:93:5 › referrals: tennis › credits",
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("referrals.spec.ts: icehockey never runs with JavaScript on");
    expect(run.stderr).toContain("referrals.spec.ts: tennis never runs with JavaScript off");
    expect(run.stderr).not.toContain("genius");
  });
});
