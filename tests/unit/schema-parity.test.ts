import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalD1 } from "./helpers/local-d1";
import { startSupabasePg } from "./helpers/supabase-pg";

/**
 * The two schemas kept in step: the whole D1 chain (migrations/) on a local D1 and the whole
 * Supabase chain (supabase/migrations/) on PGlite, then every table compared column by column
 * (name, nullability, type family) with its unique keys, which the adapters' ON CONFLICT targets rely on.
 *
 * Type families: D1 stores what Postgres types natively as text or integers (migrations/0001:
 * lists are JSON text, booleans 0/1, times ISO-8601 text), so a Postgres column must have the
 * SQLite affinity its family is stored with:
 *   text, uuid, timestamp, date, json, array  ->  TEXT
 *   integer, boolean                          ->  INTEGER
 *   real                                      ->  REAL
 * A primary-key column counts as NOT NULL on D1: SQLite lets a non-integer key hold NULL only as a
 * legacy quirk, and every adapter writes the key.
 */

/** What differs on purpose; each entry says why. */
const ONLY_IN_D1: Record<string, string> = {
  accounts: "local sign-in accounts; on Supabase, Supabase Auth (auth.users) holds them",
  account_tokens: "e-mail confirmation tokens of the local accounts; Supabase Auth sends its own",
};
const ONLY_IN_POSTGRES: Record<string, string> = {};
/** Columns on one side only, as "table.column". */
const COLUMN_ALLOWED: Record<string, string> = {};
/** Unique keys on one side only, as "table(columns)". */
const UNIQUE_ALLOWED: Record<string, string> = {};

type Family = "text" | "uuid" | "timestamp" | "date" | "json" | "array" | "integer" | "boolean" | "real" | "blob" | "numeric";
type Column = { family: Family; notNull: boolean };
type Table = { columns: Record<string, Column>; unique: string[] };
type Schema = Record<string, Table>;

const STORED_AS: Record<Family, "TEXT" | "INTEGER" | "REAL" | "BLOB" | "NUMERIC"> = {
  text: "TEXT",
  uuid: "TEXT",
  timestamp: "TEXT",
  date: "TEXT",
  json: "TEXT",
  array: "TEXT",
  integer: "INTEGER",
  boolean: "INTEGER",
  real: "REAL",
  blob: "BLOB",
  numeric: "NUMERIC",
};

/** SQLite's affinity rules for a declared type (https://sqlite.org/datatype3.html, 3.1). */
function sqliteFamily(declared: string): Family {
  const type = declared.toUpperCase();
  if (type.includes("INT")) return "integer";
  if (/CHAR|CLOB|TEXT/.test(type)) return "text";
  if (type === "" || type.includes("BLOB")) return "blob";
  if (/REAL|FLOA|DOUB/.test(type)) return "real";
  return "numeric";
}

function postgresFamily(dataType: string, udt: string): Family {
  if (dataType === "ARRAY") return "array";
  if (dataType === "uuid") return "uuid";
  if (dataType === "boolean") return "boolean";
  if (dataType === "date") return "date";
  if (dataType.startsWith("timestamp")) return "timestamp";
  if (dataType === "json" || dataType === "jsonb") return "json";
  if (["smallint", "integer", "bigint"].includes(dataType)) return "integer";
  if (["real", "double precision", "numeric"].includes(dataType)) return "real";
  if (["text", "character varying", "character"].includes(dataType)) return "text";
  if (dataType === "bytea") return "blob";
  throw new Error(`No family for the Postgres type ${dataType} (${udt}): add it to postgresFamily`);
}

/** A unique key as "table(a, b)", its columns in index order; a partial one adds its predicate. */
const key = (table: string, columns: string[], where = "") => `${table}(${columns.join(", ")})${where ? ` where ${where}` : ""}`;

async function d1Schema(db: D1Database): Promise<Schema> {
  const { results: tables } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations'`,
    )
    .all<{ name: string }>();
  const schema: Schema = {};
  for (const { name } of tables) {
    const { results: columns } = await db
      .prepare('SELECT name, type, "notnull" AS not_null, pk FROM pragma_table_info(?)')
      .bind(name)
      .all<{ name: string; type: string; not_null: number; pk: number }>();
    const { results: indexes } = await db
      .prepare('SELECT name, "unique" AS is_unique, partial FROM pragma_index_list(?)')
      .bind(name)
      .all<{ name: string; is_unique: number; partial: number }>();
    const unique: string[] = [];
    for (const index of indexes.filter((i) => i.is_unique)) {
      const { results: parts } = await db
        .prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
        .bind(index.name)
        .all<{ name: string }>();
      const sql = index.partial
        ? ((await db.prepare("SELECT sql FROM sqlite_master WHERE name = ?").bind(index.name).first<{ sql: string }>())?.sql ?? "")
        : "";
      unique.push(
        key(
          name,
          parts.map((p) => p.name),
          /\bWHERE\s+(.*)$/is.exec(sql)?.[1]?.trim().toLowerCase() ?? "",
        ),
      );
    }
    // An INTEGER PRIMARY KEY is the rowid and has no index of its own.
    const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const pkKey = key(
      name,
      pk.map((c) => c.name),
    );
    if (pk.length && !unique.includes(pkKey)) unique.push(pkKey);
    schema[name] = {
      columns: Object.fromEntries(columns.map((c) => [c.name, { family: sqliteFamily(c.type), notNull: c.not_null === 1 || c.pk > 0 }])),
      unique: unique.sort(),
    };
  }
  return schema;
}

async function postgresSchema(db: PGlite): Promise<Schema> {
  const { rows: columns } = await db.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
  }>(
    `select c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
       from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  );
  const { rows: uniques } = await db.query<{ table_name: string; columns: string[]; predicate: string | null }>(
    `select t.relname as table_name, pg_get_expr(i.indpred, i.indrelid) as predicate,
            array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace s on s.oid = t.relnamespace
      where s.nspname = 'public' and i.indisunique`,
  );
  const schema: Schema = {};
  for (const c of columns) {
    schema[c.table_name] ??= { columns: {}, unique: [] };
    schema[c.table_name].columns[c.column_name] = { family: postgresFamily(c.data_type, c.udt_name), notNull: c.is_nullable === "NO" };
  }
  for (const u of uniques) {
    schema[u.table_name]?.unique.push(key(u.table_name, u.columns, (u.predicate ?? "").replace(/[()]/g, "").toLowerCase()));
  }
  for (const table of Object.values(schema)) table.unique.sort();
  return schema;
}

/** Every difference between the two schemas that no allow-list entry covers, one line each. */
function schemaDrift(d1: Schema, pg: Schema): string[] {
  const drift: string[] = [];
  for (const table of Object.keys(d1)) if (!pg[table] && !ONLY_IN_D1[table]) drift.push(`table ${table}: only in D1`);
  for (const table of Object.keys(pg)) if (!d1[table] && !ONLY_IN_POSTGRES[table]) drift.push(`table ${table}: only in Postgres`);
  for (const table of Object.keys(d1).filter((t) => pg[t])) {
    const a = d1[table].columns;
    const b = pg[table].columns;
    for (const column of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const name = `${table}.${column}`;
      if (COLUMN_ALLOWED[name]) continue;
      if (!b[column]) drift.push(`column ${name}: only in D1 (${a[column].family})`);
      else if (!a[column]) drift.push(`column ${name}: only in Postgres (${b[column].family})`);
      else {
        if (STORED_AS[b[column].family] !== STORED_AS[a[column].family])
          drift.push(
            `column ${name}: D1 ${a[column].family}, Postgres ${b[column].family} (D1 stores that as ${STORED_AS[b[column].family]})`,
          );
        if (a[column].notNull !== b[column].notNull)
          drift.push(
            `column ${name}: ${a[column].notNull ? "NOT NULL" : "nullable"} in D1, ${b[column].notNull ? "NOT NULL" : "nullable"} in Postgres`,
          );
      }
    }
    const d1Keys = new Set(d1[table].unique);
    const pgKeys = new Set(pg[table].unique);
    for (const k of d1Keys) if (!pgKeys.has(k) && !UNIQUE_ALLOWED[k]) drift.push(`unique ${k}: only in D1`);
    for (const k of pgKeys) if (!d1Keys.has(k) && !UNIQUE_ALLOWED[k]) drift.push(`unique ${k}: only in Postgres`);
  }
  return drift;
}

const root = fileURLToPath(new URL("../../", import.meta.url));
let d1: Schema;
let pg: Schema;
let local: Awaited<ReturnType<typeof startLocalD1>>;
let postgres: PGlite;

beforeAll(async () => {
  // The schema as a real local D1 reports it.
  local = await startLocalD1({ engine: "workerd" });
  const files = readdirSync(`${root}supabase/migrations`)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  // The columns of Supabase Auth's users table that the erasure functions read.
  postgres = await startSupabasePg(files, "create table if not exists auth.users (id uuid primary key, email text);");
  [d1, pg] = await Promise.all([d1Schema(local.db), postgresSchema(postgres)]);
}, 120_000);
afterAll(async () => {
  await local?.dispose();
  await postgres?.close();
});

describe("D1 and Supabase schemas", () => {
  it("have the same tables, columns (name, nullability, type family) and unique keys, but for the allow-list", () => {
    expect(schemaDrift(d1, pg)).toEqual([]);
  });

  it("reads both sides (the comparison is not vacuous)", () => {
    for (const table of ["leads", "leads_icehockey", "leads_tennis", "referrals", "outbox", "analytics_events", "consent_records"]) {
      expect(Object.keys(d1[table]?.columns ?? {}).length, table).toBeGreaterThan(3);
      expect(Object.keys(pg[table]?.columns ?? {}).length, table).toBeGreaterThan(3);
    }
    expect(pg.leads.columns.email_verified.family).toBe("boolean");
    expect(d1.leads.columns.email_verified.family).toBe("integer");
  });

  it("has the ranked line on both sides: a view per D1 lead table, one Postgres view with the table's name in it", async () => {
    for (const table of ["leads", "leads_icehockey", "leads_tennis"]) {
      const { results } = await local.db.prepare("SELECT name FROM pragma_table_info(?)").bind(`${table}_line`).all<{ name: string }>();
      expect(
        results.map((c) => c.name),
        table,
      ).toEqual(["id", "confirm_seq", "place"]);
    }
    const { rows } = await postgres.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_schema = 'public' and table_name = 'lead_line' order by ordinal_position",
    );
    expect(rows.map((c) => c.column_name)).toEqual(["lead_table", "id", "confirm_seq", "place"]);
  });

  it("has a unique key on both sides for every ON CONFLICT target of the adapters", () => {
    const targets = [
      "leads(id)",
      "users(id)",
      "referrals(lead_table, referred_id)",
      "outbox(dedupe_key)",
      "suppressions(email_hash, scope)",
      "lead_ip_counts(ip_hash, bucket)",
      "consent_records(id)",
      "analytics_events(session_id, variant, name)",
      "analytics_daily(variant, day, name, utm_campaign, utm_source)",
      "analytics_daily_totals(variant, day, name)",
    ];
    for (const target of targets) {
      const table = target.slice(0, target.indexOf("("));
      expect(d1[table]?.unique, `D1 ${target}`).toContain(target);
      expect(pg[table]?.unique, `Postgres ${target}`).toContain(target);
    }
  });
});
