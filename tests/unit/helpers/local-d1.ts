/**
 * A real local D1 (miniflare, through wrangler's getPlatformProxy) in a temporary directory,
 * with every migrations/*.sql applied in file-name order, as `wrangler d1 migrations apply` would.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Splits a migration into statements: `;` ends one, except inside a trigger's BEGIN ... END. */
export function splitSql(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (const rawLine of sql.split("\n")) {
    const line = rawLine.replace(/--.*$/, "");
    if (!line.trim()) continue;
    current += `${line}\n`;
    const inTrigger = /\bCREATE\s+TRIGGER\b/i.test(current);
    const ended = inTrigger ? /\bEND\s*;\s*$/i.test(line) : /;\s*$/.test(line);
    if (ended) {
      statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

type Bindings = { DB: D1Database } & Record<string, unknown>;

async function open(dir: string) {
  return getPlatformProxy<Bindings>({
    configPath: join(root, "wrangler.toml"),
    // `wrangler ... --persist-to DIR` keeps its state in DIR/v3: the same files, for CLI commands.
    persist: { path: join(dir, "v3") },
  });
}

/** A local D1 a wrangler command made in `persistTo` (e.g. `--persist-to DIR`), opened in place. */
export async function openLocalD1(persistTo: string) {
  const proxy = await open(persistTo);
  return { db: proxy.env.DB, dispose: () => proxy.dispose() };
}

export async function startLocalD1() {
  const dir = mkdtempSync(join(tmpdir(), "auth-d1-"));
  let proxy = await open(dir);
  const files = readdirSync(join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) {
    for (const statement of splitSql(readFileSync(join(root, "migrations", file), "utf8"))) {
      await proxy.env.DB.prepare(statement).run();
    }
  }
  return {
    get db() {
      return proxy.env.DB;
    },
    /** The bindings without the mail queue: the proxy runs no consumer, so mail goes out as under Vite dev. */
    get bindings() {
      const { MAIL_QUEUE: _queue, ...env } = proxy.env;
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
