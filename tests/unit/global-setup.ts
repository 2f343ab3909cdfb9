import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, open, workerOptions } from "./helpers/migrated-d1";

/**
 * Once per run: a local D1 with every migration applied, whose files each test's startLocalD1()
 * copies. Applying 17 migrations took a second or more per test file; a copy takes milliseconds.
 * Also wrangler.toml's bindings as Miniflare options: no test file then imports wrangler.
 */
export default async function setup(project: TestProject) {
  const options = await workerOptions();
  const dir = mkdtempSync(join(tmpdir(), "migrated-d1-"));
  const d1 = await open(dir, options);
  await applyMigrations(d1.env.DB);
  await d1.dispose();
  project.provide("migratedD1", join(dir, "v3"));
  project.provide("d1WorkerOptions", options);
  return () => rmSync(dir, { recursive: true, force: true });
}
