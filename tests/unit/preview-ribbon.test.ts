import { describe, expect, it } from "vitest";
import { buildInfo, shortCommit } from "~/platform/build-info";
import { rootPayload } from "./helpers/loader-args";

const SECRET = { SESSION_SECRET: "preview-ribbon-test-secret-0123456789abcdef" };
const ribbonOf = async (url: string, vars: Record<string, string>) =>
  ((await rootPayload(url, { ...SECRET, ...vars })) as unknown as { previewRibbon: { ribbon: string; label: string } | null })
    .previewRibbon;

describe("the preview ribbon (root loader)", () => {
  it.each(["", "?domain=champion&sport=icehockey", "?domain=champion&sport=tennis"])(
    "names the branch and short commit on a preview, every variant (%s)",
    async (query) => {
      const ribbon = await ribbonOf(`https://qa.team.workers.dev/faq${query}`, { PREVIEW_MODE: "on" });
      const { branch, commit } = buildInfo();
      expect(ribbon?.ribbon).toBe(`Preview · ${branch} · ${shortCommit(commit)}`);
      expect(ribbon?.label).toBeTruthy();
    },
  );

  it("is absent without preview mode", async () => {
    expect(await ribbonOf("https://aiparenting.example/faq", {})).toBeNull();
    expect(await ribbonOf("http://127.0.0.1:8787/faq", { PREVIEW_MODE: "off" })).toBeNull();
  });
});
