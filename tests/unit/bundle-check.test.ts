import { describe, expect, it } from "vitest";
import { checkBundle, GZIP_BUDGET_KIB, MARKER } from "../../scripts/bundle-check.mjs";

/** What wrangler's dry run and metafile say of a Worker built the way server.ts builds it now. */
const lean = {
  log: "Total Upload: 1731.24 KiB / gzip: 517.01 KiB\n",
  inputs: [
    "server.ts",
    "build/server/index.js",
    "stubs/prettier.mjs",
    "node_modules/react-dom/cjs/react-dom-server.browser.production.min.js",
  ],
  code: `throw new Error("${MARKER}.")`,
};

describe("the Worker bundle check", () => {
  it("passes one copy of the app, without prettier, under the budget, and prints the size beside the budget", () => {
    const { lines, problems } = checkBundle(lean);
    expect(problems).toEqual([]);
    expect(lines[0]).toBe(`Worker bundle: 1731.24 KiB, gzip 517.01 KiB (budget ${GZIP_BUDGET_KIB} KiB gzip)`);
  });

  it("fails the app bundled beside the server build (server.ts importing app/ directly), naming the modules", () => {
    const { problems } = checkBundle({
      ...lean,
      inputs: [...lean.inputs, "app/utils/env.server.ts", "app/mail/sweep.server.ts"],
      code: `${lean.code}; throw new Error("${MARKER}.")`,
    });
    expect(problems.join("\n")).toContain("app/utils/env.server.ts, app/mail/sweep.server.ts");
    expect(problems.join("\n")).toContain(`"${MARKER}" is bundled 2 times`);
  });

  it("fails prettier in the bundle", () => {
    const { problems } = checkBundle({
      ...lean,
      inputs: [...lean.inputs, "node_modules/prettier/standalone.mjs", "node_modules/prettier/plugins/html.mjs"],
    });
    expect(problems).toEqual(["prettier is bundled (2 modules): wrangler.toml [alias] should stub it."]);
  });

  it("fails a bundle over the gzip budget, and a log without the size", () => {
    // The share card's wasm raised the budget (ADR 037): the card's 1693 KiB plus a second resvg.
    expect(checkBundle({ ...lean, log: "Total Upload: 7563.60 KiB / gzip: 2621.44 KiB" }).problems[0]).toMatch(
      /^gzip 2621.44 KiB is over the budget/,
    );
    expect(checkBundle({ ...lean, log: "" }).problems[0]).toMatch(/no "Total Upload" line/);
  });
});
