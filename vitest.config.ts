import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const root = r("./");

/*
 * Four projects, chosen per test file by reading its source and the test helpers it imports:
 *   d1+pg          opens a local D1 (workerd or its in-process stand-in) or a PGlite: forks, not
 *                  isolated (each file opens its own database; the app's modules load once per
 *                  worker), with the global setup that migrates the D1 template once.
 *   d1+pg-isolated the same engines in a file that also touches module or process state (below):
 *                  forks, one file per process.
 *   node-isolated  touches module or process state Vitest does not reset between files (module
 *                  mocks, spies, globals, env, fake timers, or a listed app cache): forks, isolated.
 *   node           the rest: threads, not isolated, so the app's modules are loaded once per
 *                  worker rather than once per file.
 * A new file lands by the same scan; when in doubt, list it in ISOLATED.
 */
const RUNTIME = /\b(useLocalD1|startLocalD1|openLocalD1|getPlatformProxy|startSupabasePg|PGlite)\b|@electric-sql\/pglite/;
const MODULE_STATE =
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|setSystemTime|spyOn)\b|\bglobalThis\.\w+\s*=(?!=)|\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|\bprocess\.(chdir|exitCode)\b/;
/** Files whose assertions depend on an app module's memory starting empty (e.g. the edge cache's pages). */
const ISOLATED = ["tests/unit/edge-cache.test.ts"];

/** A test file's source and that of every helper under tests/ it imports, directly or not. */
function sourceWithHelpers(file: string, seen = new Set<string>()): string {
  if (seen.has(file)) return "";
  seen.add(file);
  const source = readFileSync(file, "utf8");
  let all = source;
  for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = resolve(dirname(file), spec!);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((p) => existsSync(p) && !p.endsWith("/"));
    if (found && found.startsWith(join(root, "tests")) && /\.tsx?$/.test(found)) all += sourceWithHelpers(found, seen);
  }
  return all;
}

const testFiles = readdirSync(r("./tests/unit"), { recursive: true, encoding: "utf8" })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => relative(root, join(r("./tests/unit"), f)));
const lanes = { runtime: [] as string[], runtimeIsolated: [] as string[], isolated: [] as string[], shared: [] as string[] };
/** What a file runs, by its source with helpers; a file that starts other programs (wrangler, a CLI) waits on them longest. */
const SPAWNS = /\brunProcess\(|\bspawnSync?\(|\bexecFile(Sync)?\(/;
const weightOf = new Map<string, number>();
for (const file of testFiles) {
  const source = sourceWithHelpers(join(root, file));
  weightOf.set(join(root, file), source.length + (SPAWNS.test(source) ? 200_000 : 0));
  const keepsState = MODULE_STATE.test(source) || ISOLATED.includes(file);
  if (RUNTIME.test(source)) (keepsState ? lanes.runtimeIsolated : lanes.runtime).push(file);
  else if (keepsState) lanes.isolated.push(file);
  else lanes.shared.push(file);
}

/**
 * The heaviest files first, so none starts last and runs alone while a core idles. Vitest's own order
 * uses the durations of an earlier run, which a clean clone lacks (its fallback, each file's own size,
 * put the D1 and Postgres contract suites, small files over large helpers, at the very end); with
 * an earlier run's results for both files, its order stands.
 */
class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`);
    if (files.every(known)) return super.sort(files);
    return [...files].sort((a, b) => (weightOf.get(b.moduleId) ?? 0) - (weightOf.get(a.moduleId) ?? 0));
  }
}

// Kept apart from vite.config.ts: no Remix or Cloudflare dev plugins, no e2e specs (STACK pitfall 6).
export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\//, replacement: r("./app/") },
      { find: /^#content\//, replacement: r("./content/") },
      { find: /^#emails\//, replacement: r("./emails/") },
    ],
  },
  test: {
    // Per pool: the threads (node) and forks (the other two) pools run side by side, two workers each.
    // A D1 or PGlite file mostly waits on its engine, so four at once keep both cores busy.
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirst },
    environment: "node",
    // Generous, so a busy machine makes the run slower but never fails it: a D1-heavy test shares the
    // cores with other files and the build lane. (Vitest's worker RPC has its own fixed 60 s limit.)
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Closing a worker (and its workerd) after the run, and the global setup's teardown.
    teardownTimeout: 60_000,
    // expect.poll waits for a state (a mail sent, a row written); its default second is too short
    // when the cores are shared, and a longer wait costs nothing once the state is there.
    expect: { poll: { timeout: 30_000 } },
    // The threads pool reads isolation from the root; only the "node" project uses it.
    poolOptions: { threads: { isolate: false } },
    projects: [
      {
        extends: true,
        test: { name: "node", include: lanes.shared, pool: "threads", isolate: false },
      },
      {
        extends: true,
        test: { name: "node-isolated", include: lanes.isolated, pool: "forks" },
      },
      {
        extends: true,
        test: {
          name: "d1+pg",
          include: lanes.runtime,
          pool: "forks",
          isolate: process.env.ISO === "1",
          globalSetup: ["tests/unit/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "d1+pg-isolated", include: lanes.runtimeIsolated, pool: "forks", globalSetup: ["tests/unit/global-setup.ts"] },
      },
    ],
  },
});
