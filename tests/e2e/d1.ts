import { Miniflare } from "miniflare";

/**
 * The e2e servers' local D1, read and written from the test process. `wrangler dev --persist-to
 * .wrangler/e2e-NAME` keeps its SQLite under v3/d1; a Miniflare bound to the same database id opens
 * the same file (SQLite's own locking lets both processes at it). One instance per server per
 * Playwright worker: a query takes milliseconds, where a `wrangler d1 execute` process per query
 * took seconds and met the server's writes often enough to fail a run.
 * No dispose: workerd exits with the worker process that started it.
 */
const DATABASE_ID = "00000000-0000-0000-0000-000000000000";
const databases = new Map<string, Promise<D1Database>>();

function database(server: string): Promise<D1Database> {
  let db = databases.get(server);
  if (!db) {
    const mf = new Miniflare({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 404 }) }",
      d1Databases: { DB: DATABASE_ID },
      d1Persist: `.wrangler/e2e-${server}/v3/d1`,
    });
    db = mf.getD1Database("DB") as Promise<D1Database>;
    databases.set(server, db);
  }
  return db;
}

/** Splits a script into statements at semicolons outside quoted strings and identifiers. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === "`") {
      quote = char;
    } else if (char === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(String(error));

/**
 * Runs SQL (one statement or several, as one batch) against a server's local D1 and returns the
 * rows of every statement in order. A batch that meets the server mid-write (SQLITE_BUSY) did
 * nothing, so it is sent again.
 */
export async function runD1<T>(sql: string, server: string): Promise<T[]> {
  const db = await database(server);
  const statements = splitStatements(sql).map((statement) => db.prepare(statement));
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
