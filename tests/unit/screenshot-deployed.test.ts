import { describe, expect, it } from "vitest";
import { deployedScreenshots, screenshotFor, SCREENSHOT_FILES } from "~/landing/screenshot.server";

/**
 * Without JavaScript nothing swaps a failed image, so the server must not name a file the
 * deployment does not serve: it asks the static assets (the ASSETS binding) which screenshots exist.
 */
const assetsServing = (paths: string[]) => {
  const asked: string[] = [];
  return {
    asked,
    fetch: async (input: string) => {
      const path = new URL(input).pathname;
      asked.push(path);
      return new Response(null, { status: paths.includes(path) ? 200 : 404 });
    },
  };
};

describe("deployedScreenshots", () => {
  it("drops a listed screenshot the assets do not serve, so the fallback is chosen on the server", async () => {
    const files = await deployedScreenshots(assetsServing(["/images/screenshot-icehockey.svg"]), { ...SCREENSHOT_FILES });
    expect(screenshotFor("tennis", files)).toEqual({ src: "/images/screenshot-icehockey.svg", width: 300, height: 600 });
  });

  it("shows no image at all when neither the variant's nor the fallback is served", async () => {
    const files = await deployedScreenshots(assetsServing([]), { ...SCREENSHOT_FILES });
    expect(screenshotFor("genius", files)).toBeNull();
  });

  it("keeps every file the assets serve, and trusts the list when a lookup fails or there is no binding", async () => {
    const all = Object.values(SCREENSHOT_FILES).map((file) => file!.src);
    expect(await deployedScreenshots(assetsServing(all), { ...SCREENSHOT_FILES })).toEqual(SCREENSHOT_FILES);
    const failing = { fetch: () => Promise.reject(new Error("down")) };
    expect(await deployedScreenshots(failing, { ...SCREENSHOT_FILES })).toEqual(SCREENSHOT_FILES);
    expect(await deployedScreenshots(undefined)).toBe(SCREENSHOT_FILES);
  });

  it("asks the deployment once per isolate", async () => {
    const assets = assetsServing(Object.values(SCREENSHOT_FILES).map((file) => file!.src));
    await deployedScreenshots(assets);
    await deployedScreenshots(assets);
    expect(assets.asked).toHaveLength(Object.keys(SCREENSHOT_FILES).length);
  });
});
