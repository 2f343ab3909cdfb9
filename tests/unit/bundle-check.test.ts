import { describe, expect, it } from "vitest";
import { CARD_GZIP_BUDGET_KIB, checkBundle, GZIP_BUDGET_KIB, MARKER } from "../../scripts/bundle-check.mjs";

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

describe("the site's Worker without the card renderer", () => {
  it("has a budget of 600 KiB gzip", () => {
    expect(GZIP_BUDGET_KIB).toBe(600);
    expect(checkBundle({ ...lean, log: "Total Upload: 2102.67 KiB / gzip: 629.89 KiB" }).problems[0]).toMatch(
      /^gzip 629.89 KiB is over the budget of 600 KiB/,
    );
  });

  it("fails resvg, satori or yoga in the site's bundle, as modules or as wasm beside it", () => {
    const { problems } = checkBundle({
      ...lean,
      inputs: [...lean.inputs, "node_modules/@resvg/resvg-wasm/index.mjs", "node_modules/satori/dist/standalone.js"],
      modules: ["server.js", "a5d4d0ae-yoga.wasm", "dd4dd888-index_bg.wasm"],
    });
    expect(problems).toEqual([
      "the card renderer is in the site's Worker (it belongs to workers/card): node_modules/@resvg/resvg-wasm/index.mjs, node_modules/satori/dist/standalone.js, a5d4d0ae-yoga.wasm, dd4dd888-index_bg.wasm",
    ]);
    expect(checkBundle({ ...lean, modules: ["server.js", "server.js.map"] }).lines).toContain("no card renderer (resvg, satori, yoga)");
  });
});

/** The card Worker's dry run (workers/card/wrangler.toml): paths in its metafile are relative to its folder. */
const card = {
  log: "Total Upload: 3008.41 KiB / gzip: 1170.96 KiB\n",
  inputs: [
    "index.ts",
    "inputs.ts",
    "../../app/card/card-image.server.ts",
    "../../app/card/card-size.ts",
    "../../node_modules/@resvg/resvg-wasm/index.mjs",
  ],
  code: "",
  modules: ["index.js", "dd4dd888-index_bg.wasm"],
};

describe("the card Worker's bundle check", () => {
  it("passes the renderer under the card's own budget: its measured size plus 10 %", () => {
    expect(CARD_GZIP_BUDGET_KIB).toBe(1289);
    const { lines, problems } = checkBundle(card, "card");
    expect(problems).toEqual([]);
    expect(lines[0]).toBe("card Worker bundle: 3008.41 KiB, gzip 1170.96 KiB (budget 1289 KiB gzip)");
  });

  it("fails over its budget, and the site's code in it (the card Worker reads no data)", () => {
    expect(checkBundle({ ...card, log: "Total Upload: 3400 KiB / gzip: 1300.00 KiB" }, "card").problems[0]).toMatch(
      /^gzip 1300.00 KiB is over the budget of 1289 KiB/,
    );
    expect(
      checkBundle({ ...card, inputs: [...card.inputs, "../../content/index.ts", "../../app/data/backend.server.ts"] }, "card").problems,
    ).toEqual([
      "the card Worker bundles the site's code (it draws what it is sent, from the renderer only): ../../content/index.ts, ../../app/data/backend.server.ts",
    ]);
  });
});
