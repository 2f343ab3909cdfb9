import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createD1FactStore } from "~/data/d1/fact-store.server";
import { createD1LeadStore } from "~/data/d1/lead-store.server";
import { LEAD_TABLES } from "~/data/lead-model";
import { leadStoreContract } from "./helpers/lead-store-contract";
import { emptyTables, startLocalD1, useLocalD1 } from "./helpers/local-d1";

async function emptyAll(db: D1Database) {
  await emptyTables(db, [...LEAD_TABLES, "users", "facts"]);
}

// On a real local D1 and on the node:sqlite stand-in the other unit tests use: the same answers on both.
for (const [name, engine] of [
  ["D1 (local miniflare)", "workerd"],
  ["D1 (node:sqlite stand-in)", "sqlite"],
] as const) {
  leadStoreContract(name, async () => {
    const { db, dispose } = await startLocalD1({ engine });
    return { store: createD1LeadStore(db), facts: createD1FactStore(db), reset: () => emptyAll(db), dispose };
  });
}

describe("D1 lead store order", () => {
  const local = useLocalD1();

  // D1 breaks a tie by rowid; the Supabase adapter by id (random), so this is D1's promise only.
  it("keeps creation order for rows created in the same instant", async () => {
    const store = createD1LeadStore(local.db);
    const created_at = new Date(Date.UTC(2025, 8, 1, 12, 1)).toISOString();
    await store.create("leads", { email: "first@x.io", created_at });
    await store.create("leads", { email: "second@x.io", created_at });
    expect((await store.list("leads")).rows.map((r) => r.email)).toEqual(["second@x.io", "first@x.io"]);
  });
});

describe("D1 lead store with 100,000 rows", () => {
  let local: Awaited<ReturnType<typeof startLocalD1>>;
  const ROWS = 100_000;

  beforeAll(async () => {
    local = await startLocalD1();
    // Generated inside SQLite: 100k leads over ~70 days, a third of them guide downloads.
    await local.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO leads (id, email, lead_source, step_completed, created_at)
         SELECT 'id-' || i, 'parent' || i || '@example.com',
                CASE i % 3 WHEN 0 THEN 'guide_download' ELSE 'main_funnel' END,
                1 + i % 3,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2025-09-01', '+' || i || ' minutes')
           FROM n`,
      )
      .bind(ROWS)
      .run();
  }, 120_000);
  afterAll(async () => {
    await local?.dispose();
  });

  async function timed<T>(run: () => Promise<T>) {
    const startedAt = performance.now();
    const result = await run();
    return { result, ms: performance.now() - startedAt };
  }

  it("lists a page newest first with the total, quickly, even deep and filtered", async () => {
    const store = createD1LeadStore(local.db);
    await store.list("leads"); // warm-up
    const first = await timed(() => store.list("leads", { pageSize: 50 }));
    expect(first.result.total).toBe(ROWS);
    expect(first.result.rows[0].email).toBe(`parent${ROWS}@example.com`);

    const deep = await timed(() => store.list("leads", { page: 1500, pageSize: 50 }));
    expect(deep.result.rows).toHaveLength(50);

    const filtered = await timed(() =>
      store.list("leads", { filters: { lead_source: "guide_download", step_completed: 1 }, pageSize: 50 }),
    );
    expect(filtered.result.total).toBe(Math.floor(ROWS / 3));
    expect(filtered.result.rows.every((r) => r.lead_source === "guide_download")).toBe(true);

    const search = await timed(() => store.list("leads", { filters: { email: "parent99999@" } }));
    expect(search.result.rows.map((r) => r.email)).toEqual(["parent99999@example.com"]);

    // Generous bounds for a shared 2-core machine; a full scan plus sort is several times slower.
    for (const { ms } of [first, deep, filtered, search]) expect(ms).toBeLessThan(1000);
  });

  it("answers the default and filtered listings from indexes, without a sort step", async () => {
    const plan = async (sql: string, ...params: unknown[]) => {
      const { results } = await local.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((r) => r.detail).join(" | ");
    };
    const newest = await plan("SELECT * FROM leads ORDER BY created_at DESC, rowid DESC LIMIT 50 OFFSET 0");
    expect(newest).toContain("leads_created_at_idx");
    expect(newest).not.toContain("TEMP B-TREE");
    const bySource = await plan(
      "SELECT * FROM leads WHERE lead_source = ? ORDER BY created_at DESC, rowid DESC LIMIT 50",
      "guide_download",
    );
    expect(bySource).toContain("leads_lead_source_idx");
    expect(bySource).not.toContain("TEMP B-TREE");
    const byEmail = await plan("SELECT * FROM leads WHERE email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1", "parent1@example.com");
    expect(byEmail).toContain("leads_email_idx");
  });
});
