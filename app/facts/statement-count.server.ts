import type { FactContext } from "./context.server";

/**
 * D1 allows a bounded number of queries per Worker invocation (1,000 on Workers Paid), counting each
 * statement of a batch. A queue invocation runs many fact messages; this counts what they made so
 * far, so the consumer hands the rest on to a later invocation before it would cross the limit.
 */

const RAW = Symbol("raw statement");

function countingD1(db: D1Database, count: (n: number) => void): D1Database {
  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      [RAW]: inner,
      bind: (...values: unknown[]) => statement(inner.bind(...values)),
      first: (column?: string) => (count(1), column === undefined ? inner.first() : inner.first(column)),
      run: () => (count(1), inner.run()),
      all: () => (count(1), inner.all()),
      raw: (options?: { columnNames?: boolean }) => (count(1), inner.raw(options as never)),
    }) as unknown as D1PreparedStatement;
  const wrapped = {
    prepare: (sql: string) => statement(db.prepare(sql)),
    batch: (list: D1PreparedStatement[]) => {
      count(list.length);
      return db.batch(list.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s));
    },
    exec: (sql: string) => {
      count(sql.split(";").filter((part) => part.trim()).length);
      return db.exec(sql);
    },
    dump: () => db.dump(),
    withSession: () => wrapped,
  } as unknown as D1Database;
  return wrapped;
}

/** The context with its D1 binding counted (nothing to count on Postgres), and the statements so far. */
export function countedContext(ctx: FactContext): { ctx: FactContext; readonly statements: number } {
  let statements = 0;
  const db = (ctx.bindings as { DB?: D1Database }).DB;
  // A new bindings object: the stores made for it (getBackend) use the counted binding.
  const bindings = db ? { ...ctx.bindings, DB: countingD1(db, (n) => (statements += n)) } : ctx.bindings;
  return {
    ctx: { ...ctx, bindings },
    get statements() {
      return statements;
    },
  };
}
