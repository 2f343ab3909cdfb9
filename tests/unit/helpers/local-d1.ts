/**
 * A local D1 with every migrations/*.sql applied, as `wrangler d1 migrations apply` would, and
 * wrangler.toml's rate limiters and vars. By default the node:sqlite stand-in (sqlite-d1.ts), in
 * memory; `{ engine: "workerd" }` is a real local D1 (miniflare) in a temporary directory, for the
 * store contracts' real run and for wrangler CLI commands on its files.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { applyMigrations, migrationFiles, open, workerOptions, type D1WorkerOptions } from "./migrated-d1";
import { sqliteD1 } from "./sqlite-d1";

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

type Engine = "sqlite" | "workerd";
type LocalD1Options = { engine?: Engine };

/**
 * A fresh, migrated local D1 of its own, with fresh rate limiters. On workerd the migrations ran once
 * for the whole run (tests/unit/global-setup.ts) and this copies that database's files.
 */
export async function startLocalD1({ engine = "sqlite" }: LocalD1Options = {}): Promise<LocalD1> {
  return engine === "workerd" ? startWorkerdD1() : startSqliteD1();
}

/** Read once per test process: every stand-in database runs the same migrations. */
let migrations: string[] | undefined;

/**
 * A rate limiter as the local one counts: fixed windows of `period` seconds on the wall clock
 * (real time, not a test's fake clock), `limit` calls per key and window.
 */
function memoryRateLimiter({ limit, period }: { limit: number; period: number }) {
  const buckets = new Map<string, { epoch: number; count: number }>();
  return {
    async limit({ key }: { key: string }) {
      const epoch = Math.floor((performance.timeOrigin + performance.now()) / (period * 1000));
      const bucket = buckets.get(key);
      const count = bucket?.epoch === epoch ? bucket.count : 0;
      if (count >= limit) return { success: false };
      buckets.set(key, { epoch, count: count + 1 });
      return { success: true };
    },
  };
}

async function startSqliteD1(): Promise<LocalD1> {
  const worker = await options();
  const { db, close } = sqliteD1((migrations ??= migrationFiles()));
  const env: Record<string, unknown> = { ...(worker.bindings as Record<string, unknown>), DB: db };
  for (const [name, { simple }] of Object.entries(worker.ratelimits as Record<string, { simple: { limit: number; period: number } }>)) {
    env[name] = memoryRateLimiter(simple);
  }
  if (typeof worker.versionMetadata === "string") {
    env[worker.versionMetadata] = { id: crypto.randomUUID(), tag: "", timestamp: new Date().toISOString() };
  }
  const noFiles = () => {
    throw new Error('The node:sqlite stand-in has no files: use useLocalD1({ engine: "workerd" }) for wrangler commands.');
  };
  return {
    db,
    get bindings() {
      return { ...env };
    },
    get persistTo(): string {
      return noFiles();
    },
    whileClosed: async () => noFiles(),
    async dispose() {
      close();
    },
  };
}

async function startWorkerdD1() {
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
    get bindings(): Record<string, unknown> {
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

export type LocalD1 = Awaited<ReturnType<typeof startWorkerdD1>>;

/**
 * A test file's own local D1: started before its tests and removed after them. What it returns
 * reads through to that database once `beforeAll` has run.
 */
export function useLocalD1({ engine }: LocalD1Options = {}): LocalD1 {
  let started: LocalD1 | undefined;
  beforeAll(async () => {
    started = await startLocalD1({ engine });
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

/** Tables a test empties together. */
export const WEBHOOK_TABLES = ["webhook_deliveries", "webhook_endpoints"] as const;
export const WAVE_TABLES = ["wave_members", "waves"] as const;
export const REWARD_TABLES = ["reward_codes", "rewards_earned", "reward_steps"] as const;
export const CLUB_TABLES = ["club_members", "club_contacts", "clubs"] as const;
export const FACT_TABLES = ["fact_handlings", "facts"] as const;
export const ANALYTICS_TABLES = ["analytics_events", "analytics_daily", "analytics_daily_totals"] as const;

/** The tables other tables refer to (foreign keys are on): emptied after the rest. */
const REFERRED = new Set(["accounts", "clubs", "facts", "reward_steps", "waves"]);

/** Deletes every row of `tables`, in one batch: each statement sent alone is a round trip to workerd. */
export async function emptyTables(db: D1Database, tables: readonly string[]): Promise<void> {
  const ordered = [...tables.filter((table) => !REFERRED.has(table)), ...tables.filter((table) => REFERRED.has(table))];
  await db.batch(ordered.map((table) => db.prepare(`DELETE FROM ${table}`)));
}
