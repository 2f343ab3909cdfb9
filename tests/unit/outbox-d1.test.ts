import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { splitSql, useLocalD1 } from "./helpers/local-d1";
import { OUTBOX_T0 as T0, outboxRow as row } from "./helpers/outbox-row";

/** The D1 outbox adapter beyond the store contract, and its migrations, on a real local D1. */
const d1 = useLocalD1();
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM outbox").run();
});

describe("D1 outbox", () => {
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
    await run("0015_mail_queue.sql");

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
    // The adapter writes every later column too.
    await run("0015_mail_queue.sql");
    const store = createD1Outbox(d1.db);
    await store.insert(row("after", { status: "skipped", origin: "https://aiparenting.example" }));
    expect(await store.getByKey("after")).toMatchObject({ status: "skipped", origin: "https://aiparenting.example" });
    await expect(store.insert(row("bogus", { status: "bounced" as never }))).rejects.toThrow(/CHECK/);
    await expect(store.insert(row("guide:leads:1"))).rejects.toThrow(/UNIQUE/);
  });
});
