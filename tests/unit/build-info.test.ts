import { describe, expect, it } from "vitest";
import { buildInfo, computeBuildInfo, shortCommit } from "~/platform/build-info";

const SHA = "0123456789abcdef0123456789abcdef01234567";
const git = (answers: Record<string, string>) => (args: string[]) => answers[args.join(" ")] ?? null;
const NOW = new Date("2025-05-01T12:00:00.000Z");

describe("computeBuildInfo (vite.config.ts, at build time)", () => {
  it("takes BUILD_BRANCH and BUILD_COMMIT first", () => {
    const info = computeBuildInfo(
      { BUILD_BRANCH: "qa-branch", BUILD_COMMIT: SHA, GITHUB_HEAD_REF: "pr", GITHUB_REF_NAME: "main", GITHUB_SHA: "f".repeat(40) },
      git({ "rev-parse --abbrev-ref HEAD": "local", "rev-parse HEAD": "e".repeat(40) }),
      NOW,
    );
    expect(info).toEqual({ branch: "qa-branch", commit: SHA, builtAt: "2025-05-01T12:00:00.000Z" });
  });

  it("then a pull request's head branch, the pushed ref and the commit CI names", () => {
    expect(computeBuildInfo({ GITHUB_HEAD_REF: "pr", GITHUB_REF_NAME: "1/merge", GITHUB_SHA: SHA }, git({}), NOW)).toMatchObject({
      branch: "pr",
      commit: SHA,
    });
    expect(computeBuildInfo({ GITHUB_HEAD_REF: "", GITHUB_REF_NAME: "main" }, git({}), NOW).branch).toBe("main");
  });

  it("then git, and 'unknown' when git cannot answer", () => {
    expect(computeBuildInfo({}, git({ "rev-parse --abbrev-ref HEAD": "preview-mode", "rev-parse HEAD": SHA }), NOW)).toMatchObject({
      branch: "preview-mode",
      commit: SHA,
    });
    expect(computeBuildInfo({}, git({}), NOW)).toEqual({ branch: "unknown", commit: "unknown", builtAt: NOW.toISOString() });
  });
});

describe("the build info the app reads", () => {
  it("is always complete, also where no build defined it (tests)", () => {
    expect(Object.keys(buildInfo()).sort()).toEqual(["branch", "builtAt", "commit"]);
  });

  it("shortens a commit to 7 characters and leaves 'unknown' alone", () => {
    expect(shortCommit(SHA)).toBe("0123456");
    expect(shortCommit("unknown")).toBe("unknown");
  });
});
