/**
 * A D1 binding over Node's own SQLite (node:sqlite), in memory: what a unit test needs of D1 without
 * a workerd and a round trip per statement. The store contracts run on it and on a real local D1
 * (store-contracts-d1.test.ts, d1-lead-store.test.ts), so a difference between the two fails there.
 *
 * Kept as D1 behaves where the app could notice: every call answers in a later microtask, in call
 * order (so parallel requests interleave between statements, as on D1); `undefined` is refused; a
 * boolean binds as 1/0 and a whole number as an INTEGER (node:sqlite would bind a REAL); at most 100
 * parameters a statement and 50 bytes a LIKE pattern; foreign keys enforced; a batch is one
 * transaction; errors read "D1_ERROR: <SQLite's message>: SQLITE_...".
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { splitSql } from "./migrated-d1";

/** D1's limit on bound parameters in one statement. */
const MAX_PARAMETERS = 100;
/** D1's limit on a LIKE pattern, in bytes. */
const MAX_LIKE_PATTERN = 50;

type Row = Record<string, unknown>;

class D1StandInError extends Error {}

function d1Error(error: unknown): Error {
  if (error instanceof D1StandInError) return error;
  const { message, errstr } = error as { message?: string; errstr?: string };
  const kind = errstr === "constraint failed" ? "SQLITE_CONSTRAINT" : "SQLITE_ERROR";
  return new D1StandInError(`D1_ERROR: ${message ?? String(error)}: ${kind}`, { cause: error });
}

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined) throw new D1StandInError("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'");
  if (typeof value === "boolean") return value ? 1n : 0n;
  if (typeof value === "number") return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value === null || typeof value === "string" || typeof value === "bigint") return value;
  throw new D1StandInError(`D1_TYPE_ERROR: Type '${typeof value}' not supported for value '${String(value)}'`);
}

/** D1 hands a BLOB back as an array of bytes. */
function fromSqlite(value: unknown): unknown {
  return value instanceof Uint8Array ? Array.from(value) : value;
}

function plainRow(row: Row): Row {
  const out: Row = {};
  for (const key of Object.keys(row)) out[key] = fromSqlite(row[key]);
  return out;
}

const lower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const likePatterns = new Map<string, RegExp>();

/**
 * SQLite's LIKE (`value LIKE pattern [ESCAPE e]`: case folded for ASCII only) with D1's limit on the
 * pattern's length, which Node's SQLite does not set.
 */
function like(pattern: unknown, value: unknown, escape?: unknown): number | null {
  if (pattern === null || value === null || escape === null) return null;
  const text = String(pattern);
  if (Buffer.byteLength(text) > MAX_LIKE_PATTERN) throw new Error("LIKE or GLOB pattern too complex");
  const escapeChar = escape === undefined ? undefined : String(escape);
  if (escapeChar !== undefined && [...escapeChar].length !== 1) throw new Error("ESCAPE expression must be a single character");
  const key = `${escapeChar ?? ""}\u0000${text}`;
  let regex = likePatterns.get(key);
  if (!regex) {
    let source = "";
    let escaped = false;
    const literal = (c: string) => lower(c).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    for (const c of text) {
      if (escaped) {
        source += literal(c);
        escaped = false;
      } else if (c === escapeChar) escaped = true;
      else if (c === "%") source += "[\\s\\S]*";
      else if (c === "_") source += "[\\s\\S]";
      else source += literal(c);
    }
    // A pattern ending in its escape character matches nothing, as in SQLite.
    regex = escaped ? /(?!)/u : new RegExp(`^${source}$`, "u");
    likePatterns.set(key, regex);
  }
  return Number(regex.test(lower(String(value))));
}

export type SqliteD1 = { db: D1Database; close(): void };

/** An in-memory database behind the D1 interface, with `migrations` (each a file of SQL) applied in order. */
export function sqliteD1(migrations: string[] = []): SqliteD1 {
  const sqlite = new DatabaseSync(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.function("like", { deterministic: true }, (pattern, value) => like(pattern, value));
  sqlite.function("like", { deterministic: true }, (pattern, value, escape) => like(pattern, value, escape));
  for (const migration of migrations) {
    sqlite.exec("BEGIN");
    for (const statement of splitSql(migration)) sqlite.exec(statement);
    sqlite.exec("COMMIT");
  }
  const compiled = new Map<string, StatementSync>();
  const compile = (sql: string) => {
    let statement = compiled.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      compiled.set(sql, statement);
    }
    return statement;
  };
  const counters = sqlite.prepare("SELECT total_changes() AS total, changes() AS changes, last_insert_rowid() AS rowid");

  /** One statement, run now: rows (as objects or arrays) and D1's meta. */
  function execute(sql: string, values: SQLInputValue[], arrays = false) {
    const started = performance.now();
    try {
      // As D1 does: when the statement runs, not when it is bound.
      if (values.length > MAX_PARAMETERS) throw new D1StandInError("D1_ERROR: too many SQL variables: SQLITE_ERROR");
      const statement = compile(sql);
      const before = Number((counters.get() as Row).total);
      statement.setReturnArrays(arrays);
      const rows = statement.all(...values) as unknown[];
      const after = counters.get() as Row;
      const changes = Number(after.total) === before ? 0 : Number(after.changes);
      return {
        rows,
        columns: arrays ? statement.columns().map((c) => c.name) : [],
        meta: {
          duration: performance.now() - started,
          changes,
          last_row_id: Number(after.rowid),
          changed_db: changes > 0,
          rows_read: rows.length,
          rows_written: changes,
          size_after: 0,
        },
      };
    } catch (error) {
      throw d1Error(error);
    }
  }

  // Later, in call order, like calls to the binding; nothing runs in the calling turn.
  let tail: Promise<unknown> = Promise.resolve();
  function later<T>(work: () => T): Promise<T> {
    const result = tail.then(work);
    tail = result.catch(() => undefined);
    return result;
  }

  const result = (sql: string, values: SQLInputValue[]) => {
    const { rows, meta } = execute(sql, values);
    return { success: true as const, results: (rows as Row[]).map(plainRow), meta };
  };

  class Statement {
    readonly sql: string;
    readonly values: SQLInputValue[];
    constructor(sql: string, values: SQLInputValue[] = []) {
      this.sql = sql;
      this.values = values;
    }

    bind(...values: unknown[]) {
      return new Statement(this.sql, values.map(toSqlite));
    }

    first(column?: string) {
      return later(() => {
        const row = (result(this.sql, this.values).results[0] as Row | undefined) ?? null;
        if (column === undefined || row === null) return row;
        if (!(column in row)) throw new D1StandInError(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
        return row[column];
      });
    }

    all() {
      return later(() => result(this.sql, this.values));
    }

    run() {
      return later(() => result(this.sql, this.values));
    }

    raw(options?: { columnNames?: boolean }) {
      return later(() => {
        const { rows, columns } = execute(this.sql, this.values, true);
        const values = (rows as unknown[][]).map((row) => row.map(fromSqlite));
        return options?.columnNames ? [columns, ...values] : values;
      });
    }
  }

  const db = {
    prepare: (sql: string) => new Statement(sql),
    batch: (statements: Statement[]) =>
      later(() => {
        sqlite.exec("BEGIN");
        try {
          const results = statements.map((statement) => result(statement.sql, statement.values));
          sqlite.exec("COMMIT");
          return results;
        } catch (error) {
          sqlite.exec("ROLLBACK");
          throw d1Error(error);
        }
      }),
    exec: (sql: string) =>
      later(() => {
        const started = performance.now();
        try {
          sqlite.exec(sql);
        } catch (error) {
          throw d1Error(error);
        }
        return { count: splitSql(sql).length, duration: performance.now() - started };
      }),
    dump: () => Promise.reject(new D1StandInError("D1_DUMP_ERROR: dump() is not supported by the node:sqlite stand-in")),
    withSession: () => ({ ...db, getBookmark: () => null }),
  };

  return { db: db as unknown as D1Database, close: () => sqlite.close() };
}
