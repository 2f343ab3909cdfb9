import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contentSnapshot } from "./helpers/content-snapshot";

const fixture = fileURLToPath(new URL("./fixtures/content-output.json", import.meta.url));

/**
 * Pins what content/ gives pages and e-mails, so reshaping how the copy is stored (layers,
 * placeholders, brand files) cannot change a word. A deliberate copy change rewrites the fixture
 * with `UPDATE_CONTENT_FIXTURE=1 npx vitest run tests/unit/content-pin.test.ts`, in its own commit.
 */
describe("content output", () => {
  it("is exactly the pinned copy for every variant and page", () => {
    const actual = contentSnapshot();
    if (process.env.UPDATE_CONTENT_FIXTURE === "1") {
      writeFileSync(fixture, `${JSON.stringify(actual, null, 1)}\n`);
    }
    expect(existsSync(fixture), "fixture missing: run with UPDATE_CONTENT_FIXTURE=1").toBe(true);
    expect(actual).toEqual(JSON.parse(readFileSync(fixture, "utf8")));
  });
});
