/**
 * A real local D1 (miniflare, with wrangler.toml's D1, rate limiters and vars) in a temporary
 * directory, with every migrations/*.sql applied, as `wrangler d1 migrations apply` would.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations, open, workerOptions, type D1WorkerOptions } from "./migrated-d1";

export { splitSql } from "./migrated-d1";

declare module "vitest" {
  export interface ProvidedContext {
    /** The `v3` state folder of a local D1 with every migration applied (tests/unit/global-setup.ts). */
    migratedD1: string;
    /** wrangler.toml's bindings as Miniflare options, read once (tests/unit/global-setup.ts). */
    d1WorkerOptions: D1WorkerOptions;
  }
}

function provided<K extends "migratedD1" | "d1WorkerOptions">(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined; // outside a Vitest run with the global setup
  }
}

const options = async () => provided("d1WorkerOptions") ?? (await workerOptions());

/** A local D1 a wrangler command made in `persistTo` (e.g. `--persist-to DIR`), opened in place. */
export async function openLocalD1(persistTo: string) {
  const proxy = await open(persistTo, await options());
  return { db: proxy.env.DB, dispose: () => proxy.dispose() };
}

/**
 * A fresh, migrated local D1 of its own (and fresh rate limiters: a workerd of its own). The migrations
 * ran once for the whole run (tests/unit/global-setup.ts): this copies that database's files.
 */
export async function startLocalD1() {
  const dir = mkdtempSync(join(tmpdir(), "auth-d1-"));
  const template = provided("migratedD1");
  if (template) cpSync(template, join(dir, "v3"), { recursive: true });
  const worker = await options();
  let proxy = await open(dir, worker);
  if (!template) await applyMigrations(proxy.env.DB);
  return {
    get db() {
      return proxy.env.DB;
    },
    /** A copy per read (a test may replace one of them); no queues, so mail and webhooks work as under Vite dev. */
    get bindings() {
      return { ...proxy.env };
    },
    /** For `--persist-to` of wrangler commands run against this database. */
    persistTo: dir,
    /**
     * Runs `work` (e.g. a wrangler CLI command on persistTo) while the proxy is closed:
     * two workerd processes must not hold the same SQLite file at once.
     */
    async whileClosed<T>(work: () => T | Promise<T>): Promise<T> {
      await proxy.dispose();
      try {
        return await work();
      } finally {
        proxy = await open(dir, worker);
      }
    },
    async dispose() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type LocalD1 = Awaited<ReturnType<typeof startLocalD1>>;

/**
 * A test file's own local D1: started before its tests and removed after them. What it returns
 * reads through to that database once `beforeAll` has run.
 */
export function useLocalD1(): LocalD1 {
  let started: LocalD1 | undefined;
  beforeAll(async () => {
    started = await startLocalD1();
  });
  afterAll(async () => {
    await started?.dispose();
  });
  const local = () => {
    if (!started) throw new Error("The local D1 starts in beforeAll: use it inside a test or a hook.");
    return started;
  };
  return {
    get db() {
      return local().db;
    },
    get bindings() {
      return local().bindings;
    },
    get persistTo() {
      return local().persistTo;
    },
    whileClosed: (work) => local().whileClosed(work),
    dispose: () => local().dispose(),
  };
}
