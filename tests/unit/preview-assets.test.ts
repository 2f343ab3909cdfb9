import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markPreviewAssets, withPreviewNoindex } from "../../scripts/preview-assets.mjs";

/**
 * Static assets are served before the Worker runs, so a preview's noindex reaches them only through
 * its assets' _headers; production's must never carry it.
 */
describe("the preview's assets _headers", () => {
  const baseline = readFileSync("public/_headers", "utf8");

  it("is not in what every build copies (public/_headers), nor written by the build", () => {
    expect(baseline).not.toMatch(/x-robots-tag/i);
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).not.toContain("preview-assets");
    expect(readFileSync("vite.config.ts", "utf8")).not.toContain("preview-assets");
  });

  it("adds X-Robots-Tag to the /* rule and keeps the baseline headers", () => {
    const text = withPreviewNoindex(baseline);
    const rule = text.slice(text.indexOf("\n/*\n"));
    expect(rule).toContain("  X-Content-Type-Options: nosniff\n");
    expect(rule).toContain("  X-Robots-Tag: noindex, nofollow");
    expect(text.match(/X-Robots-Tag/g)).toHaveLength(1);
    expect(withPreviewNoindex(text)).toBe(text);
  });

  it("writes it into an assets folder, creating the file when the build had none", () => {
    const dir = mkdtempSync(join(tmpdir(), "preview-assets-"));
    markPreviewAssets(dir);
    expect(readFileSync(join(dir, "_headers"), "utf8")).toBe("/*\n  X-Robots-Tag: noindex, nofollow\n");
    writeFileSync(join(dir, "_headers"), baseline);
    markPreviewAssets(dir);
    expect(readFileSync(join(dir, "_headers"), "utf8")).toMatch(/\/\*\n( {2}.+\n)* {2}X-Robots-Tag: noindex, nofollow/);
  });
});
