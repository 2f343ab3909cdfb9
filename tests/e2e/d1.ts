import { getPlatformProxy } from "wrangler";

/**
 * The e2e servers' local D1, read and written from the test process. `wrangler dev --persist-to
 * .wrangler/e2e-NAME` keeps its state under v3; wrangler's platform proxy on the same wrangler.toml
 * and directory opens the same SQLite file (SQLite's own locking lets both processes at it), as
 * tests/unit/helpers/local-d1.ts does for the unit tests. One proxy per server per Playwright worker:
 * a query takes milliseconds, where a `wrangler d1 execute` process per query took seconds and met
 * the server's writes often enough to fail a run. No dispose: workerd exits with the worker process.
 */
const databases = new Map<string, Promise<D1Database>>();

function database(server: string): Promise<D1Database> {
  let db = databases.get(server);
  if (!db) {
    db = getPlatformProxy<{ DB: D1Database }>({ persist: { path: `.wrangler/e2e-${server}/v3` } }).then((proxy) => proxy.env.DB);
    databases.set(server, db);
  }
  return db;
}

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(String(error));

/**
 * Runs one SQL statement, or a list of them as one batch, against a server's local D1 and returns
 * the rows of every statement in order. A batch that meets the server mid-write (SQLITE_BUSY) did
 * nothing, so it is sent again.
 */
export async function runD1<T>(sql: string | string[], server: string): Promise<T[]> {
  const db = await database(server);
  const statements = (Array.isArray(sql) ? sql : [sql]).map((statement) => db.prepare(statement));
  for (let attempt = 1; ; attempt++) {
    try {
      const results = await db.batch<T>(statements);
      return results.flatMap((result) => result.results);
    } catch (error) {
      if (attempt >= 8 || !isBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
