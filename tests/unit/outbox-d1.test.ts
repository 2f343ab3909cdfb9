import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { splitSql, startLocalD1 } from "./helpers/local-d1";

/** The D1 outbox adapter and its migrations on a real local D1. */
let d1: Awaited<ReturnType<typeof startLocalD1>>;
beforeAll(async () => {
  d1 = await startLocalD1();
}, 60_000);
afterAll(async () => {
  await d1?.dispose();
});
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM outbox").run();
});

const T0 = "2025-09-01T10:00:00.000Z";

function row(key: string, change: Partial<OutboxRow> = {}): OutboxRow {
  return {
    id: crypto.randomUUID(),
    dedupe_key: key,
    template: "guide",
    variant: "genius",
    recipient: "a@example.com",
    subject: "Your AI Parenting Guide is Ready!",
    html: "<p>Guide</p>",
    text: "Guide",
    status: "pending",
    attempts: 0,
    last_error: null,
    provider_message_id: null,
    next_attempt_at: null,
    render_input: null,
    origin: null,
    created_at: T0,
    updated_at: T0,
    ...change,
  };
}

describe("D1 outbox", () => {
  it("inserts once per dedupe key and tells the caller whether it created the row", async () => {
    const store = createD1Outbox(d1.db);
    const first = row("guide:leads:lead-1");
    expect(await store.insertOnce(first)).toEqual({ created: true, row: first });
    const second = row("guide:leads:lead-1", { recipient: "other@example.com" });
    expect(await store.insertOnce(second)).toEqual({ created: false, row: first });
    expect(await store.getByKey("guide:leads:lead-1")).toEqual(first);
    expect(await store.getByKey("guide:leads:nobody")).toBeNull();
  });

  it("parallel inserts with one key: exactly one creates", async () => {
    const store = createD1Outbox(d1.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => store.insertOnce(row("welcome:user-1"))));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.row.id)).size).toBe(1);
  });

  it("claims due rows (failed and due, or pending and stale) oldest first, each only once", async () => {
    const store = createD1Outbox(d1.db);
    const due = row("due", { status: "failed", next_attempt_at: "2025-09-01T10:01:00.000Z", created_at: "2025-09-01T09:00:00.000Z" });
    const later = row("later", { status: "failed", next_attempt_at: "2025-09-01T11:00:00.000Z" });
    const stale = row("stale", { status: "pending", updated_at: "2025-09-01T09:50:00.000Z" });
    const fresh = row("fresh", { status: "pending", updated_at: "2025-09-01T09:59:30.000Z" });
    const sent = row("sent", { status: "sent" });
    for (const r of [due, later, stale, fresh, sent]) await store.insert(r);

    const now = "2025-09-01T10:02:00.000Z";
    const staleBefore = "2025-09-01T09:58:00.000Z";
    const claimed = await store.claimDue(now, staleBefore, 10);
    expect(claimed.map((r) => r.dedupe_key).sort()).toEqual(["due", "stale"]);
    for (const r of claimed) expect(r).toMatchObject({ status: "pending", updated_at: now });
    // Claimed rows are pending and fresh now: a second claim finds nothing.
    expect(await store.claimDue(now, staleBefore, 10)).toEqual([]);
  });

  it("parallel claims split the due rows between them", async () => {
    const store = createD1Outbox(d1.db);
    await d1.db
      .prepare(
        `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < 60)
         INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT lower(hex(randomblob(16))), 'backlog:' || i, 'guide', 'genius', 'a@example.com', 'S', '<p>x</p>', 'x', 'failed', 1, ?, ?, ?
         FROM seq`,
      )
      .bind(T0, T0, T0)
      .run();
    const now = "2025-09-01T10:05:00.000Z";
    const claims = await Promise.all(Array.from({ length: 8 }, () => store.claimDue(now, T0, 10)));
    const keys = claims.flat().map((r) => r.dedupe_key);
    expect(keys).toHaveLength(new Set(keys).size);
    expect(keys).toHaveLength(60);
  });
});

describe("migrations/0004_outbox_dedupe.sql", () => {
  it("gives every row written before it its id as dedupe key, and then enforces unique keys", async () => {
    const run = async (file: string) => {
      for (const statement of splitSql(readFileSync(`migrations/${file}`, "utf8"))) await d1.db.prepare(statement).run();
    };
    // Back to the table as 0002 made it, with rows written then.
    await d1.db.prepare("DROP TABLE outbox").run();
    await run("0002_outbox.sql");
    await d1.db
      .prepare(
        `INSERT INTO outbox (id, template, variant, recipient, subject, html, text, status, attempts, next_attempt_at, created_at, updated_at)
         VALUES ('legacy-1', 'guide', 'genius', 'a@example.com', 'S', '<p>x</p>', 'x', 'failed', 2, ?, ?, ?),
                ('legacy-2', 'tips', 'genius', 'b@example.com', 'S', '<p>y</p>', 'y', 'sent', 1, NULL, ?, ?)`,
      )
      .bind(T0, T0, T0, T0, T0)
      .run();

    await run("0004_outbox_dedupe.sql");
    await run("0008_outbox_render_later.sql");
    await run("0011_outbox_skipped.sql");

    const { results } = await d1.db.prepare("SELECT id, dedupe_key, status, attempts, next_attempt_at FROM outbox ORDER BY id").all();
    expect(results).toEqual([
      { id: "legacy-1", dedupe_key: "legacy-1", status: "failed", attempts: 2, next_attempt_at: T0 },
      { id: "legacy-2", dedupe_key: "legacy-2", status: "sent", attempts: 1, next_attempt_at: null },
    ]);
    const store = createD1Outbox(d1.db);
    await expect(store.insert(row("legacy-1"))).rejects.toThrow(/UNIQUE/);
    await expect(store.insert(row(""))).rejects.toThrow(/CHECK/);
    expect(await store.insertOnce(row("legacy-2"))).toMatchObject({ created: false, row: { id: "legacy-2" } });
  });
});

describe("migrations/0011_outbox_skipped.sql", () => {
  it("rebuilds the table keeping every row, column and index, and accepts the skipped status", async () => {
    const run = async (file: string) => {
      for (const statement of splitSql(readFileSync(`migrations/${file}`, "utf8"))) await d1.db.prepare(statement).run();
    };
    await d1.db.prepare("DROP TABLE outbox").run();
    for (const file of ["0002_outbox.sql", "0004_outbox_dedupe.sql", "0008_outbox_render_later.sql"]) await run(file);
    await d1.db
      .prepare(
        `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, last_error,
           provider_message_id, next_attempt_at, created_at, updated_at, render_input)
         VALUES ('old-1', 'guide:leads:1', 'guide', 'genius', 'a@example.com', '', '', '', 'failed', 2, 'down', NULL, ?, ?, ?, '{"template":"guide"}')`,
      )
      .bind(T0, T0, T0)
      .run();
    await expect(createD1Outbox(d1.db).insert(row("before", { status: "skipped" }))).rejects.toThrow();

    await run("0011_outbox_skipped.sql");

    expect(await d1.db.prepare("SELECT * FROM outbox WHERE id = 'old-1'").first()).toEqual({
      id: "old-1",
      dedupe_key: "guide:leads:1",
      template: "guide",
      variant: "genius",
      recipient: "a@example.com",
      subject: "",
      html: "",
      text: "",
      status: "failed",
      attempts: 2,
      last_error: "down",
      provider_message_id: null,
      next_attempt_at: T0,
      created_at: T0,
      updated_at: T0,
      render_input: '{"template":"guide"}',
      origin: null,
    });
    const { results: indexes } = await d1.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name",
      )
      .all<{ name: string }>();
    expect(indexes.map((index) => index.name)).toEqual([
      "outbox_created_at_idx",
      "outbox_status_next_attempt_idx",
      "outbox_status_updated_at_idx",
    ]);
    const store = createD1Outbox(d1.db);
    await store.insert(row("after", { status: "skipped", origin: "https://aiparenting.example" }));
    expect(await store.getByKey("after")).toMatchObject({ status: "skipped", origin: "https://aiparenting.example" });
    await expect(store.insert(row("bogus", { status: "bounced" as never }))).rejects.toThrow(/CHECK/);
    await expect(store.insert(row("guide:leads:1"))).rejects.toThrow(/UNIQUE/);
  });
});
