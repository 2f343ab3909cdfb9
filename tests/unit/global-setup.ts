import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations, open } from "./helpers/migrated-d1";

/**
 * Once per run: a local D1 with every migration applied, whose files each test's startLocalD1()
 * copies. Applying 17 migrations took a second or more per test file; a copy takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "migrated-d1-"));
  const proxy = await open(dir);
  await applyMigrations(proxy.env.DB);
  await proxy.dispose();
  project.provide("migratedD1", join(dir, "v3"));
  return () => rmSync(dir, { recursive: true, force: true });
}
