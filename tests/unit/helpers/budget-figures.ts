import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * What a budget test file measured, by route or handler (statements per invocation): filled by its
 * tests and, when BUDGETS_OUT names a folder, written there after them as `<file>.json`, one file
 * per test file, for `npm run bench:budgets` (bench/budgets.mjs) to print.
 */
export function budgetFigures(file: string): Record<string, number> {
  const measured: Record<string, number> = {};
  afterAll(() => {
    const dir = process.env.BUDGETS_OUT;
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${file}.json`), JSON.stringify(measured, null, 2));
  });
  return measured;
}
