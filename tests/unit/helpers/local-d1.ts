/**
 * A real local D1 (miniflare, through wrangler's getPlatformProxy) in a temporary directory,
 * with every migrations/*.sql applied, as `wrangler d1 migrations apply` would.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations, open } from "./migrated-d1";

export { splitSql } from "./migrated-d1";

declare module "vitest" {
  export interface ProvidedContext {
    /** The `v3` state folder of a local D1 with every migration applied (tests/unit/global-setup.ts). */
    migratedD1: string;
  }
}

function migratedTemplate(): string | undefined {
  try {
    return inject("migratedD1");
  } catch {
    return undefined; // outside a Vitest run with the global setup
  }
}

/** A local D1 a wrangler command made in `persistTo` (e.g. `--persist-to DIR`), opened in place. */
export async function openLocalD1(persistTo: string) {
  const proxy = await open(persistTo);
  return { db: proxy.env.DB, dispose: () => proxy.dispose() };
}

/**
 * A fresh, migrated local D1 of its own (and fresh rate limiters: a proxy of its own). The migrations
 * ran once for the whole run (tests/unit/global-setup.ts): this copies that database's files.
 */
export async function startLocalD1() {
  const dir = mkdtempSync(join(tmpdir(), "auth-d1-"));
  const template = migratedTemplate();
  if (template) cpSync(template, join(dir, "v3"), { recursive: true });
  let proxy = await open(dir);
  if (!template) await applyMigrations(proxy.env.DB);
  return {
    get db() {
      return proxy.env.DB;
    },
    /** The bindings without the mail and webhook queues: the proxy runs no consumer, so both work as under Vite dev. */
    get bindings() {
      const { MAIL_QUEUE: _queue, WEBHOOK_QUEUE: _hooks, ...env } = proxy.env;
      return env;
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
        proxy = await open(dir);
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
