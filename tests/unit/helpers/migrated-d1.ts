/**
 * A local D1's files as wrangler keeps them (miniflare, through wrangler's getPlatformProxy), and
 * the migrations applied in file-name order, as `wrangler d1 migrations apply` would. Free of
 * Vitest, so the global setup can use it too.
 */
import { readFileSync, readdirSync } from "node:fs";
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

export async function open(dir: string) {
  return getPlatformProxy<Bindings>({
    configPath: join(root, "wrangler.toml"),
    // `wrangler ... --persist-to DIR` keeps its state in DIR/v3: the same files, for CLI commands.
    persist: { path: join(dir, "v3") },
  });
}

/** Applies every migrations/*.sql in file-name order, one batch (one round trip) per file. */
export async function applyMigrations(db: D1Database) {
  const files = readdirSync(join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  for (const file of files) {
    await db.batch(splitSql(readFileSync(join(root, "migrations", file), "utf8")).map((statement) => db.prepare(statement)));
  }
}
