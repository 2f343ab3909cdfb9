import { mkdirSync, rmdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { LIVE_PORT, MAIN_PORT } from "../../playwright.config";
import type { VariantCase } from "./site";

/** Longer than any test holds a line: a lock this old was left by a killed run. */
const STALE_MS = 240_000;

/** Takes the lock (a directory: mkdir is atomic), clearing one a killed run left; false while another test holds it. */
function take(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmdirSync(dir);
    } catch {
      // released meanwhile
    }
    return false;
  }
}

/**
 * Runs `work` while no other test, in any Playwright worker, holds the same variant's line on the
 * same server. Places, waves and announcements count a variant's whole line, so tests that assert
 * them take turns there (a directory as the lock: mkdir is atomic); every other test runs alongside.
 */
export async function withLineLock<T>(server: "main" | "live", v: VariantCase, work: () => Promise<T>): Promise<T> {
  const dir = join(tmpdir(), `e2e-line-${server === "main" ? MAIN_PORT : LIVE_PORT}-${v.table}.lock`);
  // Polls the lock's state until this test takes it; the test's own timeout ends a wait that never ends.
  await expect.poll(() => take(dir), { intervals: [100], timeout: 0 }).toBe(true);
  try {
    return await work();
  } finally {
    rmdirSync(dir);
  }
}
