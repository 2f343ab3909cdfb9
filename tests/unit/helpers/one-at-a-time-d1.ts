/**
 * The local D1 with its calls sent one at a time. The proxy behind getPlatformProxy talks to
 * workerd over pooled keep-alive connections; a burst of parallel calls opens many, and one that
 * then sits idle for about 4 s can be closed by workerd just as the pool hands it to the next call
 * ("SocketError: other side closed"), which happens on a loaded machine. Queuing the calls keeps
 * one busy connection. D1 runs one statement at a time anyway, so parallel requests in a test
 * still interleave exactly as they would against D1: between statements.
 */
const RAW = Symbol("raw statement");

export function oneAtATime(db: D1Database): D1Database {
  let tail: Promise<unknown> = Promise.resolve();
  function queue<T>(work: () => Promise<T>): Promise<T> {
    const result = tail.then(work, work);
    tail = result.catch(() => undefined);
    return result;
  }

  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      [RAW]: inner,
      bind: (...values: unknown[]) => statement(inner.bind(...values)),
      first: (column?: string) => queue(() => (column === undefined ? inner.first() : inner.first(column))),
      run: () => queue(() => inner.run()),
      all: () => queue(() => inner.all()),
      raw: (options?: { columnNames?: boolean }) => queue(() => inner.raw(options as never)),
    }) as unknown as D1PreparedStatement;

  return {
    prepare: (sql: string) => statement(db.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) =>
      queue(() => db.batch(statements.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s))),
    exec: (sql: string) => queue(() => db.exec(sql)),
    dump: () => queue(() => db.dump()),
  } as unknown as D1Database;
}
