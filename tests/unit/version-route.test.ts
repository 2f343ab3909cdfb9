import { describe, expect, it } from "vitest";
import { loader } from "~/routes/version";
import { buildInfo } from "~/platform/build-info";
import { loaderArgs } from "./helpers/loader-args";

/** /__version names the deployed build in every mode, never cached; it holds no secret. */
describe("GET /__version", () => {
  it.each([
    ["production", "https://aiparenting.example/__version", { PREVIEW_MODE: "off", SESSION_SECRET: "s".repeat(32) }, false],
    ["a preview", "https://qa.team.workers.dev/__version", { PREVIEW_MODE: "on", SESSION_SECRET: "s".repeat(32) }, true],
  ] as const)("answers on %s", async (_name, url, vars, preview) => {
    const response = await loader(loaderArgs(url, vars));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ preview, ...buildInfo() });
  });
});
