import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { folderCycles } from "../../scripts/check-folder-cycles.mjs";
import { runProcess } from "./helpers/run-process";

const SCRIPT = fileURLToPath(new URL("../../scripts/check-folder-cycles.mjs", import.meta.url));
const made: string[] = [];

/** A small app/ tree in a temporary folder: `files` maps a path under app/ to its source. */
function tree(files: Record<string, string>): string {
  const base = mkdtempSync(join(tmpdir(), "folder-cycles-"));
  made.push(base);
  for (const [path, source] of Object.entries(files)) {
    const file = join(base, "app", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  return base;
}

afterAll(() => {
  for (const base of made) rmSync(base, { recursive: true, force: true });
});

/** Runs the script the way `npm run lint` does, from the tree's root. */
const check = (base: string) => runProcess(process.execPath, [SCRIPT, "app"], { cwd: base });

// Imports that are not cycles: routes and components import features, a feature imports a layer
// below it, a layer imports the top-level root module, a comment or a package names nothing.
const layered = {
  "routes/home.tsx": 'import { lead } from "~/leads/leads.server";\nimport { Card } from "~/components/Card";\n',
  "components/Card.tsx": 'import type { Lead } from "~/leads/leads.server";\nexport const Card = (_: { lead?: Lead }) => null;\n',
  "leads/leads.server.ts":
    'import { sign } from "~/platform/links.server";\nimport { z } from "zod";\n// import { x } from "~/referrals/referrals.server";\nexport type Lead = { id: string };\nexport const lead = sign;\n',
  "referrals/referrals.server.ts": 'import { lead } from "../leads/leads.server";\nexport const referral = lead;\n',
  "platform/links.server.ts": 'import type { Root } from "~/root";\nexport const sign = (root?: Root) => root;\n',
  "root.tsx": 'import { sign } from "~/platform/links.server";\nexport type Root = typeof sign;\n',
};

describe("check-folder-cycles", () => {
  it("passes a tree whose folders import downwards only", async () => {
    const base = tree(layered);
    expect(folderCycles(join(base, "app"))).toEqual([]);
    const run = await check(base);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("No import cycle");
  });

  it("fails on two folders importing each other, naming the files of each direction", async () => {
    const base = tree({
      ...layered,
      "leads/funnel.server.ts": 'import { referral } from "~/referrals/referrals.server";\nexport const step = referral;\n',
    });
    const cycles = folderCycles(join(base, "app"));
    expect(cycles.map((cycle: { folders: string[] }) => cycle.folders)).toEqual([["leads", "referrals", "leads"]]);
    const run = await check(base);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Import cycle between app folders: leads -> referrals -> leads");
    expect(run.stderr).toContain("  leads -> referrals: app/leads/funnel.server.ts\n");
    expect(run.stderr).toContain("  referrals -> leads: app/referrals/referrals.server.ts\n");
  });

  it("fails on a cycle through three folders, type-only, dynamic and re-exports included", async () => {
    const base = tree({
      ...layered,
      "leads/launch.server.ts": 'export { send } from "../campaigns/campaigns.server";\n',
      "campaigns/campaigns.server.ts": 'export const send = () => import("~/waves/waves.server");\n',
      "waves/waves.server.ts": 'import type { Lead } from "~/leads/leads.server";\nexport type Wave = Lead[];\n',
    });
    const run = await check(base);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Import cycle between app folders: campaigns -> waves -> leads -> campaigns");
    expect(run.stderr).toContain("  campaigns -> waves: app/campaigns/campaigns.server.ts\n");
    expect(run.stderr).toContain("  waves -> leads: app/waves/waves.server.ts\n");
    expect(run.stderr).toContain("  leads -> campaigns: app/leads/launch.server.ts\n");
    expect(run.stderr).toContain("1 import cycle(s) between folders");
  });
});
