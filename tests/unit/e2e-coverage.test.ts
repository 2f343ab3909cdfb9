import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runProcess } from "./helpers/run-process";

const SCRIPT = fileURLToPath(new URL("../../scripts/check-e2e-coverage.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "e2e-coverage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One test as `playwright test --list --reporter=json` lists it: `project › file:line › describe › title`. */
type Run = [project: string, file: string, line: number, describe: string, title: string];

/** Runs the check on a saved `playwright test --list --reporter=json`. */
function check(runs: Run[]) {
  const files = [...new Set(runs.map(([, file]) => file))].map((file) => ({
    title: file,
    file,
    suites: runs
      .filter((run) => run.at(1) === file)
      .map(([project, , line, describe, title]) => ({
        title: describe,
        file,
        specs: [{ title, file, line, column: 5, tags: [], tests: [{ projectName: project }] }],
      })),
  }));
  const path = join(dir, `${Math.random()}.json`);
  writeFileSync(path, JSON.stringify({ suites: files }));
  return runProcess(process.execPath, [SCRIPT, path]);
}

describe("the e2e coverage check", () => {
  it("passes a spec whose browser flow runs with JavaScript on and off in one variant, and whose copy is checked over HTTP in all three", async () => {
    const run = await check([
      ["js-on", "story.spec.ts", 83, "story", "genius: joins"],
      ["js-off", "story.spec.ts", 83, "story", "genius: joins"],
      ["http", "story.spec.ts", 200, "story: genius", "the page's copy"],
      ["http", "story.spec.ts", 200, "story: icehockey", "the page's copy"],
      ["http", "story.spec.ts", 200, "story: tennis", "the page's copy"],
      ["http", "story.spec.ts", 220, "sport pages: icehockey", "the sport's path"],
      ["http", "story.spec.ts", 220, "sport pages: tennis", "the sport's path"],
    ]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("names a spec whose browser tests never run with JavaScript off, and fails", async () => {
    const run = await check([
      ["js-on", "referrals.spec.ts", 93, "referrals: genius", "credits"],
      ["js-on", "referrals.spec.ts", 93, "referrals: tennis", "credits"],
      ["js-on", "signup.spec.ts", 10, "signup: genius", "joins"],
      ["js-off", "signup.spec.ts", 12, "signup: genius", "joins without JavaScript"],
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("referrals.spec.ts: no browser test runs with JavaScript off");
    expect(run.stderr).not.toContain("signup");
  });

  it("names a per-variant @http check that leaves a variant out, and fails", async () => {
    const run = await check([
      ["js-on", "pages.spec.ts", 40, "pages", "FAQ opens"],
      ["js-off", "pages.spec.ts", 40, "pages", "FAQ opens"],
      ["http", "pages.spec.ts", 60, "pages over HTTP: genius", "terms copy"],
      ["http", "pages.spec.ts", 60, "pages over HTTP: icehockey", "terms copy"],
      ["http", "pages.spec.ts", 70, "pages over HTTP: icehockey", "sport copy"],
      ["http", "pages.spec.ts", 70, "pages over HTTP: genius", "sport copy"],
      ["http", "pages.spec.ts", 70, "pages over HTTP: tennis", "sport copy"],
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("pages.spec.ts:60:5 › pages over HTTP: … › terms copy: an @http check per variant never runs for tennis");
    expect(run.stderr).not.toContain("sport copy");
  });
});
