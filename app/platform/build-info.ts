/**
 * What build is running: its branch, commit and build time. vite.config.ts computes it once per
 * build (computeBuildInfo) and writes it into both bundles as the constant __BUILD_INFO__; the
 * preview ribbon, /debug-domain and /__version read it through buildInfo().
 */
export type BuildInfo = { branch: string; commit: string; builtAt: string };

declare global {
  /** Replaced by the build (vite.config.ts `define`); absent where no build ran (unit tests). */
  const __BUILD_INFO__: BuildInfo | undefined;
}

const UNKNOWN = "unknown";

/** The running build's info; "unknown" values where no build defined it. */
export function buildInfo(): BuildInfo {
  return typeof __BUILD_INFO__ === "undefined" ? { branch: UNKNOWN, commit: UNKNOWN, builtAt: UNKNOWN } : __BUILD_INFO__;
}

/** The commit as people read it (the first 7 hex digits). */
export function shortCommit(commit: string): string {
  return /^[0-9a-f]{8,}$/i.test(commit) ? commit.slice(0, 7) : commit;
}

/** `git` with these arguments, its trimmed output, or null when git is missing or fails. */
type Git = (args: string[]) => string | null;

const first = (...values: (string | null | undefined)[]) => values.map((value) => value?.trim()).find(Boolean) ?? UNKNOWN;

/**
 * At build time: the branch from BUILD_BRANCH, else GITHUB_HEAD_REF (a pull request's branch), else
 * GITHUB_REF_NAME, else git; the commit from BUILD_COMMIT, else GITHUB_SHA, else git.
 */
export function computeBuildInfo(env: Record<string, string | undefined>, git: Git, now: Date): BuildInfo {
  return {
    branch: first(env.BUILD_BRANCH, env.GITHUB_HEAD_REF, env.GITHUB_REF_NAME, git(["rev-parse", "--abbrev-ref", "HEAD"])),
    commit: first(env.BUILD_COMMIT, env.GITHUB_SHA, git(["rev-parse", "HEAD"])),
    builtAt: now.toISOString(),
  };
}
