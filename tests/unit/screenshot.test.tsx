import { readdirSync, readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Screenshot } from "~/components/Screenshot";
import { NonceProvider } from "~/utils/nonce";
import { SCREENSHOT_FILES, screenshotFor } from "~/landing/screenshot.server";

const publicDir = new URL("../../public", import.meta.url).pathname;
const file = (src: string) => ({ src, width: 300, height: 600 });

describe("screenshotFor (SPEC 2.4: variant, then ice hockey, then hidden)", () => {
  it("uses the variant's own image with the ice hockey one as the load-error fallback", () => {
    expect(screenshotFor("tennis")).toEqual({
      src: "/images/screenshot-tennis.svg",
      fallbackSrc: "/images/screenshot-icehockey.svg",
      width: 300,
      height: 600,
    });
    expect(screenshotFor("genius")?.fallbackSrc).toBe("/images/screenshot-icehockey.svg");
  });

  it("gives ice hockey no fallback: when it fails, the image is hidden", () => {
    expect(screenshotFor("icehockey")).toEqual({ ...file("/images/screenshot-icehockey.svg") });
  });

  it("serves the ice hockey image when the variant has none", () => {
    const files = { icehockey: file("/images/screenshot-icehockey.svg") };
    expect(screenshotFor("tennis", files)).toEqual(file("/images/screenshot-icehockey.svg"));
  });

  it("shows nothing when neither image exists", () => {
    expect(screenshotFor("tennis", { genius: file("/images/screenshot-genius.svg") })).toBeNull();
    expect(screenshotFor("icehockey", {})).toBeNull();
  });

  it("lists exactly the screenshot files in public/images, with their real sizes", () => {
    const onDisk = readdirSync(`${publicDir}/images`)
      .filter((name) => name.startsWith("screenshot-"))
      .sort();
    const listed = Object.values(SCREENSHOT_FILES)
      .map((entry) => entry!.src.replace("/images/", ""))
      .sort();
    expect(listed).toEqual(onDisk);
    for (const entry of Object.values(SCREENSHOT_FILES)) {
      const svg = readFileSync(`${publicDir}${entry!.src}`, "utf8");
      expect(svg).toContain(`width="${entry!.width}" height="${entry!.height}"`);
    }
  });
});

describe("<Screenshot>", () => {
  const render = (image: Parameters<typeof Screenshot>[0]["image"]) =>
    renderToStaticMarkup(
      <NonceProvider value="n0nce">
        <Screenshot image={image} alt="The app on a phone" priority />
      </NonceProvider>,
    );

  it("renders the image with its size, the fallback source and a nonce'd inline script, no onerror", () => {
    const html = render(screenshotFor("tennis"));
    expect(html).toMatch(/<img [^>]*src="\/images\/screenshot-tennis.svg"/);
    expect(html).toContain('data-fallback-src="/images/screenshot-icehockey.svg"');
    expect(html).toContain('width="300" height="600"');
    expect(html).toContain('alt="The app on a phone"');
    expect(html).toContain(`<script nonce="n0nce">(`);
    expect(html).toContain("data-fallback-src");
    expect(html).not.toMatch(/onerror=/i);
    expect(html).not.toContain("<script src");
  });

  it("renders nothing when there is no image", () => {
    expect(render(null)).toBe("");
  });
});
