/**
 * A local D1's files as wrangler keeps them (miniflare), and the migrations applied in file-name
 * order, as `wrangler d1 migrations apply` would. Free of Vitest, so the global setup can use it too.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";

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

/**
 * What the tests read from wrangler.toml's Worker: its vars, the D1 database (the same id, so the
 * same files as wrangler's), the rate limiters and the version metadata. No queues (nothing would
 * consume them: without them mail and webhooks work as under Vite dev) and no static assets (without
 * them the app trusts its screenshot list). Plain data, so the global setup can hand it to every test file.
 */
export type D1WorkerOptions = Record<
  "compatibilityDate" | "compatibilityFlags" | "bindings" | "d1Databases" | "ratelimits" | "versionMetadata",
  unknown
>;

/** Read through wrangler, as `wrangler dev` would; importing wrangler takes a second or more, so once per run. */
export async function workerOptions(): Promise<D1WorkerOptions> {
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { compatibilityDate, compatibilityFlags, bindings, d1Databases, ratelimits, versionMetadata } = unstable_getMiniflareWorkerOptions(
    join(root, "wrangler.toml"),
  ).workerOptions;
  return JSON.parse(
    JSON.stringify({ compatibilityDate, compatibilityFlags, bindings, d1Databases, ratelimits, versionMetadata }),
  ) as D1WorkerOptions;
}

/**
 * A workerd with only those bindings: with no wrangler import, it is up in a little more than half
 * the time getPlatformProxy takes on the whole wrangler.toml (queues, assets, dev registry too).
 */
export async function open(dir: string, options: D1WorkerOptions) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        { name: "unit-tests", modules: true, script: "export default { fetch: () => new Response(null, { status: 404 }) };", ...options },
      ],
      // `wrangler ... --persist-to DIR` keeps its state in DIR/v3: the same files, for CLI commands.
      resourcePersistencePath: join(dir, "v3"),
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const env = await mf.getBindings<Bindings>();
  return { env, dispose: () => mf.dispose() };
}

/** Every migrations/*.sql, in file-name order. */
export function migrationFiles(): string[] {
  return readdirSync(join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((file) => readFileSync(join(root, "migrations", file), "utf8"));
}

/** Applies every migrations/*.sql in file-name order, one batch (one round trip) per file. */
export async function applyMigrations(db: D1Database) {
  for (const sql of migrationFiles()) {
    await db.batch(splitSql(sql).map((statement) => db.prepare(statement)));
  }
}
