/**
 * Budgets as tests: D1 allows 1,000 queries per Worker invocation on Workers Paid (50 on Free), and
 * local workerd does not enforce it. `countD1` wraps a D1 binding and counts the statements it
 * runs, as D1 counts them: each statement of a `batch` counts, and `exec` counts its statements.
 * `countCalls` counts what an invocation sends out: fetches and queue sends (and their messages).
 */
import { splitSql } from "./migrated-d1";

const RAW = Symbol("raw statement");

export type D1Count = { db: D1Database; readonly statements: number; reset(): void };

export function countD1(db: D1Database): D1Count {
  let statements = 0;
  const counted =
    <T>(work: () => Promise<T>) =>
    () => {
      statements += 1;
      return work();
    };

  const statement = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      [RAW]: inner,
      bind: (...values: unknown[]) => statement(inner.bind(...values)),
      first: (column?: string) => counted(() => (column === undefined ? inner.first() : inner.first(column)))(),
      run: counted(() => inner.run()),
      all: counted(() => inner.all()),
      raw: (options?: { columnNames?: boolean }) => counted(() => inner.raw(options as never))(),
    }) as unknown as D1PreparedStatement;

  const wrapped = {
    prepare: (sql: string) => statement(db.prepare(sql)),
    batch: (list: D1PreparedStatement[]) => {
      statements += list.length;
      return db.batch(list.map((s) => (s as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? s));
    },
    exec: (sql: string) => {
      statements += splitSql(sql).length;
      return db.exec(sql);
    },
    dump: () => db.dump(),
    withSession: () => wrapped,
  } as unknown as D1Database;

  return {
    db: wrapped,
    get statements() {
      return statements;
    },
    reset() {
      statements = 0;
    },
  };
}

export type CallCount = {
  /** `fetch` calls made through `fetch` below. */
  readonly fetches: number;
  /** `send` and `sendBatch` calls on queues wrapped by `queue`. */
  readonly queueSends: number;
  /** Messages those calls carried. */
  readonly messages: number;
  fetch: typeof fetch;
  queue<T>(inner: Queue<T>): Queue<T>;
  reset(): void;
};

/** Counts outgoing fetches (through the returned `fetch`, wrapping `inner`) and queue sends (through `queue`). */
export function countCalls(inner: typeof fetch = fetch): CallCount {
  let fetches = 0;
  let queueSends = 0;
  let messages = 0;
  return {
    get fetches() {
      return fetches;
    },
    get queueSends() {
      return queueSends;
    },
    get messages() {
      return messages;
    },
    fetch: ((...args: Parameters<typeof fetch>) => {
      fetches += 1;
      return inner(...args);
    }) as typeof fetch,
    queue<T>(queue: Queue<T>): Queue<T> {
      return {
        send: (body: T, options?: QueueSendOptions) => {
          queueSends += 1;
          messages += 1;
          return queue.send(body, options);
        },
        sendBatch: (batch: Iterable<MessageSendRequest<T>>, options?: QueueSendBatchOptions) => {
          const list = [...batch];
          queueSends += 1;
          messages += list.length;
          return queue.sendBatch(list, options);
        },
      } as unknown as Queue<T>;
    },
    reset() {
      fetches = 0;
      queueSends = 0;
      messages = 0;
    },
  };
}

/** A queue that keeps what is sent to it, for a test to hand to the consumer as its batches. */
export function memoryQueue<T>(): Queue<T> & { taken(): T[] } {
  let sent: T[] = [];
  return {
    send: async (body: T) => {
      sent.push(body);
    },
    sendBatch: async (batch: Iterable<MessageSendRequest<T>>) => {
      for (const message of batch) sent.push(message.body);
    },
    taken() {
      const out = sent;
      sent = [];
      return out;
    },
  } as unknown as Queue<T> & { taken(): T[] };
}

/** A Worker's bindings with the D1 statements counted and both queues kept in memory. */
export function countedBindings(bindings: Record<string, unknown>, db: D1Database) {
  const counter = countD1(db);
  const calls = countCalls();
  const mail = memoryQueue<Record<string, unknown>>();
  const hooks = memoryQueue<Record<string, unknown>>();
  const counted: Record<string, unknown> = {
    ...bindings,
    DB: counter.db,
    MAIL_QUEUE: calls.queue(mail),
    WEBHOOK_QUEUE: calls.queue(hooks),
  };
  return { counter, calls, mail, hooks, bindings: counted };
}
