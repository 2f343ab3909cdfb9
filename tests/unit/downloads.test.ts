import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contentByVariant } from "#content/index";

// The guide and tips e-mails send parents to /downloads/*.pdf; a missing or broken file is a dead button.
const publicDir = fileURLToPath(new URL("../../public/", import.meta.url));

/**
 * Every distinct "/downloads/..." path in the variants' content, as the layers put it together
 * (the shared champion copy writes it with the sport's words, e.g. /downloads/{sportSlug}-guide.pdf).
 */
function downloadLinks(): string[] {
  const text = JSON.stringify(contentByVariant);
  return [...new Set([...text.matchAll(/\/downloads\/[\w./-]+/g)].map((match) => match[0]))].sort();
}

const links = downloadLinks();

describe("free guide and tips downloads", () => {
  it("finds the guide and tips links of all three editions in content", () => {
    expect(links).toEqual(
      expect.arrayContaining([
        "/downloads/ai-parenting-guide.pdf",
        "/downloads/ai-parenting-tips.pdf",
        "/downloads/icehockey-guide.pdf",
        "/downloads/icehockey-tips.pdf",
        "/downloads/tennis-guide.pdf",
        "/downloads/tennis-tips.pdf",
      ]),
    );
  });

  it.each(links)("%s is a non-empty PDF under public/", (link) => {
    const file = publicDir + link.slice(1);
    const size = (() => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    })();
    expect(size, `${file} is missing or empty`).toBeGreaterThan(0);
    expect(readFileSync(file).subarray(0, 4).toString("latin1")).toBe("%PDF");
  });
});
