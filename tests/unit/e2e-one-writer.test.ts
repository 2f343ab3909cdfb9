import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Each e2e server's SQLite file has one writer, the server's own workerd: tests reach it through
 * `/__e2e/d1` (tests/e2e/d1.ts). A second process on the file (`wrangler d1 execute --persist-to`,
 * `npm run admin:grant` with ADMIN_GRANT_PERSIST_TO) holds its lock now and then, and the server,
 * which does not wait on SQLite's lock, fails its own writes with SQLITE_BUSY: a page answers 500,
 * or a write after the response (an analytics event) is lost without a trace in the test.
 */
const E2E_DIR = fileURLToPath(new URL("../e2e/", import.meta.url));
const SECOND_WRITER = [/persist[-_]to/i, /\.wrangler\/e2e-/, /d1["', ]+execute/];

describe("the e2e suite's D1 files", () => {
  it("are written by their server alone: no spec or helper opens one from another process", () => {
    const offenders = readdirSync(E2E_DIR)
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) => {
        const text = readFileSync(E2E_DIR + name, "utf8");
        return SECOND_WRITER.filter((pattern) => pattern.test(text)).map((pattern) => `${name}: ${pattern}`);
      });
    expect(offenders).toEqual([]);
  });
});
