import { mkdirSync, rmdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIVE_PORT, MAIN_PORT } from "../../playwright.config";
import type { VariantCase } from "./site";

/** Longer than any test holds a line: a lock this old was left by a killed run. */
const STALE_MS = 240_000;

/**
 * Runs `work` while no other test, in any Playwright worker, holds the same variant's line on the
 * same server. Places, waves and announcements count a variant's whole line, so tests that assert
 * them take turns there (a directory as the lock: mkdir is atomic); every other test runs alongside.
 */
export async function withLineLock<T>(server: "main" | "live", v: VariantCase, work: () => Promise<T>): Promise<T> {
  const dir = join(tmpdir(), `e2e-line-${server === "main" ? MAIN_PORT : LIVE_PORT}-${v.table}.lock`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmdirSync(dir);
      } catch {
        // released meanwhile
      }
      // The test's own timeout ends a wait that never ends.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(dir);
  }
}
