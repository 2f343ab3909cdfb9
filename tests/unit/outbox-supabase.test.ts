import { describe, expect, it } from "vitest";
import { createSupabaseOutbox } from "~/data/supabase/outbox-store.server";

/** The Supabase outbox adapter at its HTTP boundary: a fetch that answers like PostgREST. */
type Recorded = { method: string; url: URL; headers: Headers; body: unknown };

function fakePostgrest(answer: (req: Recorded) => { status?: number; body?: unknown } = () => ({ body: [] })) {
  const requests: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const text = typeof init.body === "string" ? init.body : undefined;
    const req: Recorded = {
      method: init.method ?? "GET",
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(req);
    const { status = 200, body = [] } = answer(req);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  const store = createSupabaseOutbox({ url: "https://project.supabase.example", serviceRoleKey: "service-key", fetch });
  return { store, requests };
}

const pgRow = {
  id: "7a8f4c1e-0000-4000-8000-000000000001",
  dedupe_key: "guide:leads:lead-1",
  template: "guide",
  variant: "genius",
  recipient: "a@example.com",
  subject: "Your AI Parenting Guide is Ready!",
  html: "<p>x</p>",
  text: "x",
  status: "failed",
  attempts: 1,
  last_error: "Mail API refused the e-mail (HTTP 500): Down",
  provider_message_id: null,
  next_attempt_at: "2025-09-01T10:01:00+00:00",
  created_at: "2025-09-01T10:00:00.123456+00:00",
  updated_at: "2025-09-01T10:00:00.5+00:00",
};

describe("Supabase outbox over PostgREST", () => {
  it("reads due rows with the service-role key, oldest first, timestamps as ISO strings", async () => {
    const { store, requests } = fakePostgrest(() => ({ body: [pgRow] }));
    const rows = await store.due("2025-09-01T10:02:00.000Z", "2025-09-01T09:52:00.000Z", 20);
    const [req] = requests;
    expect(req.url.pathname).toBe("/rest/v1/outbox");
    expect(req.headers.get("authorization")).toBe("Bearer service-key");
    expect(req.url.searchParams.get("or")).toBe(
      '(and(status.eq.failed,next_attempt_at.lte."2025-09-01T10:02:00.000Z"),and(status.eq.pending,updated_at.lte."2025-09-01T09:52:00.000Z"))',
    );
    expect(req.url.searchParams.get("order")).toBe("created_at.asc");
    expect(req.url.searchParams.get("limit")).toBe("20");
    expect(rows[0]).toMatchObject({
      next_attempt_at: "2025-09-01T10:01:00.000Z",
      created_at: "2025-09-01T10:00:00.123Z",
      updated_at: "2025-09-01T10:00:00.500Z",
    });
  });

  it("claims a row only while it is still in the seen state", async () => {
    const won = fakePostgrest(() => ({ body: [{ id: pgRow.id }] }));
    expect(await won.store.claim(pgRow.id, "failed", "2025-09-01T10:00:00.500Z", "2025-09-01T10:02:00.000Z")).toBe(true);
    const [req] = won.requests;
    expect(req.method).toBe("PATCH");
    expect(req.url.searchParams.get("id")).toBe(`eq.${pgRow.id}`);
    expect(req.url.searchParams.get("status")).toBe("eq.failed");
    expect(req.url.searchParams.get("updated_at")).toBe("eq.2025-09-01T10:00:00.500Z");
    expect(req.body).toEqual({ status: "pending", updated_at: "2025-09-01T10:02:00.000Z" });

    const lost = fakePostgrest(() => ({ body: [] }));
    expect(await lost.store.claim(pgRow.id, "failed", "2025-09-01T10:00:00.500Z", "2025-09-01T10:02:00.000Z")).toBe(false);
  });

  it("lists newest first and reports PostgREST errors clearly", async () => {
    const { store, requests } = fakePostgrest(() => ({ body: [] }));
    await store.list(100);
    expect(requests[0].url.searchParams.get("order")).toBe("created_at.desc,id.desc");

    const broken = fakePostgrest(() => ({ status: 401, body: { code: "42501", message: "permission denied for table outbox" } }));
    await expect(broken.store.insert({ ...pgRow, status: "pending", next_attempt_at: null } as never)).rejects.toThrow(
      "Outbox insert failed: permission denied for table outbox",
    );
  });

  it("inserts once per dedupe key: ON CONFLICT (dedupe_key) DO NOTHING, returning the new row", async () => {
    const { store, requests } = fakePostgrest(() => ({ status: 201, body: [pgRow] }));
    const result = await store.insertOnce({ ...pgRow, status: "pending" } as never);
    expect(result.created).toBe(true);
    expect(result.row).toMatchObject({ id: pgRow.id, created_at: "2025-09-01T10:00:00.123Z" });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method).toBe("POST");
    expect(req.url.searchParams.get("on_conflict")).toBe("dedupe_key");
    expect(req.headers.get("prefer")).toContain("resolution=ignore-duplicates");
    expect(req.headers.get("prefer")).toContain("return=representation");
    expect(req.body).toMatchObject({ id: pgRow.id, dedupe_key: "guide:leads:lead-1" });
  });

  it("a duplicate insert creates nothing and reads the existing row by its key", async () => {
    const { store, requests } = fakePostgrest((req) => ({
      status: req.method === "POST" ? 201 : 200,
      body: req.method === "POST" ? [] : [pgRow],
    }));
    const result = await store.insertOnce({ ...pgRow, id: "7a8f4c1e-0000-4000-8000-000000000002" } as never);
    expect(result.created).toBe(false);
    expect(result.row).toMatchObject({ id: pgRow.id, status: "failed" });
    expect(requests.map((req) => req.method)).toEqual(["POST", "GET"]);
    expect(requests[1].url.searchParams.get("dedupe_key")).toBe("eq.guide:leads:lead-1");
  });

  it("reads a row by its dedupe key, or null", async () => {
    const found = fakePostgrest(() => ({ body: [pgRow] }));
    expect(await found.store.getByKey("guide:leads:lead-1")).toMatchObject({ id: pgRow.id });
    expect(found.requests[0].url.searchParams.get("dedupe_key")).toBe("eq.guide:leads:lead-1");
    const missing = fakePostgrest(() => ({ body: [] }));
    expect(await missing.store.getByKey("guide:leads:nobody")).toBeNull();
  });

  it("claims due rows in one conditional update that re-checks they are still due", async () => {
    const now = "2025-09-01T10:02:00.000Z";
    const stale = "2025-09-01T10:00:00.000Z";
    const { store, requests } = fakePostgrest((req) =>
      req.method === "GET"
        ? { body: [{ id: pgRow.id }, { id: "7a8f4c1e-0000-4000-8000-000000000002" }] }
        : { body: [{ ...pgRow, status: "pending", updated_at: "2025-09-01T10:02:00+00:00" }] },
    );
    const rows = await store.claimDue(now, stale, 25);
    expect(requests.map((req) => req.method)).toEqual(["GET", "PATCH"]);
    const [read, claim] = requests;
    expect(read.url.searchParams.get("select")).toBe("id");
    expect(read.url.searchParams.get("limit")).toBe("25");
    expect(read.url.searchParams.get("order")).toBe("created_at.asc");
    const due = `(and(status.eq.failed,next_attempt_at.lte."${now}"),and(status.eq.pending,updated_at.lte."${stale}"))`;
    expect(read.url.searchParams.get("or")).toBe(due);
    expect(claim.url.searchParams.get("id")).toBe(`in.(${pgRow.id},7a8f4c1e-0000-4000-8000-000000000002)`);
    // A row another run claimed in the meantime is no longer due, so this update skips it.
    expect(claim.url.searchParams.get("or")).toBe(due);
    expect(claim.body).toEqual({ status: "pending", updated_at: now });
    expect(claim.headers.get("prefer")).toContain("return=representation");
    expect(rows).toEqual([expect.objectContaining({ id: pgRow.id, status: "pending", updated_at: "2025-09-01T10:02:00.000Z" })]);

    const idle = fakePostgrest(() => ({ body: [] }));
    expect(await idle.store.claimDue(now, stale, 25)).toEqual([]);
    expect(idle.requests).toHaveLength(1);
  });
});
