import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { fileCycles } from "../../scripts/check-file-cycles.mjs";
import { runProcess } from "./helpers/run-process";

const SCRIPT = fileURLToPath(new URL("../../scripts/check-file-cycles.mjs", import.meta.url));
const made: string[] = [];

/** A small repository in a temporary folder: `files` maps a path to its source. */
function tree(files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), "file-cycles-"));
  made.push(base);
  for (const [path, source] of Object.entries(files)) {
    const file = join(base, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  return base;
}

afterAll(() => {
  for (const base of made) rmSync(base, { recursive: true, force: true });
});

const check = (base: string) => runProcess(process.execPath, [SCRIPT, base], { cwd: base });

// Not cycles: a type-only import back (it vanishes from the build), a package, a comment.
const acyclic = {
  "app/leads/leads.server.ts": 'import { sign } from "~/platform/links.server";\nimport { z } from "zod";\nexport const lead = sign;\n',
  "app/platform/links.server.ts":
    'import type { Lead } from "~/leads/types";\nimport { type Root } from "../root";\n// import { lead } from "~/leads/leads.server";\nexport const sign = (l?: Lead, r?: Root) => [l, r];\n',
  "app/leads/types.ts": 'import { lead } from "./leads.server.js";\nexport type Lead = typeof lead;\n',
  "app/root.tsx": 'export type Root = string;\nexport type { Lead } from "~/leads/types";\n',
  "content/copy.ts": 'import { lead } from "~/leads/leads.server";\nexport const copy = lead;\n',
};

describe("check-file-cycles", () => {
  it("passes a tree whose only way back is a type import", async () => {
    const base = tree(acyclic);
    expect(fileCycles(base)).toEqual([]);
    const run = await check(base);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("No import cycle between source files.");
  });

  it("fails on two files importing each other through an alias and a relative path", async () => {
    const base = tree({
      ...acyclic,
      "app/platform/links.server.ts": 'import { lead } from "../leads/leads.server";\nexport const sign = lead;\n',
    });
    expect(fileCycles(base)).toEqual([["app/leads/leads.server.ts", "app/platform/links.server.ts", "app/leads/leads.server.ts"]]);
    const run = await check(base);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Import cycle: app/leads/leads.server.ts -> app/platform/links.server.ts -> app/leads/leads.server.ts");
    expect(run.stderr).toContain("1 import cycle(s) between files");
  });

  it("follows re-exports, dynamic imports, index files and #content across folders", async () => {
    const base = tree({
      ...acyclic,
      "app/routes/home.tsx": 'export { copy } from "#content/copy";\n',
      "app/leads/leads.server.ts": 'export const lead = () => import("~/routes");\n',
      "app/routes/index.ts": 'export * from "./home";\n',
    });
    expect(fileCycles(base)).toEqual([
      ["app/leads/leads.server.ts", "app/routes/index.ts", "app/routes/home.tsx", "content/copy.ts", "app/leads/leads.server.ts"],
    ]);
  });
});
