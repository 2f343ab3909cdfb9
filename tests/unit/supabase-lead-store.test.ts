import { describe, expect, it } from "vitest";
import { DuplicateRefCodeError, InvalidTableError, LeadStoreError, PENDING_EMAIL } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import { createSupabaseLeadStore } from "~/data/supabase/lead-store.server";

/**
 * The Supabase adapter checked at its HTTP boundary: a fetch that records every request and
 * answers the way PostgREST does, so we see table paths, filters, ordering and Prefer headers.
 */

type Recorded = { method: string; url: URL; headers: Headers; body: unknown };
type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };

const URL_BASE = "https://project.supabase.example";
const KEY = "service-role-key-for-tests";

const pgRow = (over: Record<string, unknown> = {}) => ({
  id: "7a8f4c1e-0000-4000-8000-000000000001",
  email: PENDING_EMAIL,
  hashed_email: null,
  age_bands: ["3-4y"],
  time_available: "15-30m",
  children_count: 1,
  step_completed: 1,
  referred_by: null,
  ref_code: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  referral_count: 0,
  email_verified: false,
  followed_on_facebook: false,
  copied_share_message: false,
  copied_ref_link: false,
  clicked_roadmap_button: false,
  lead_source: "main_funnel",
  focus_areas: [],
  goals: [],
  biggest_concern: null,
  plan_chosen: null,
  billing_cycle: null,
  created_at: "2025-09-01T12:00:00.123456+00:00",
  ...over,
});

function fakePostgrest(answer: (req: Recorded) => Answer = () => ({ body: [] })) {
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
    const { status = 200, body = [], headers = {} } = answer(req);
    // PostgREST unwraps a single object when asked for application/vnd.pgrst.object+json.
    const single = req.headers.get("accept") === "application/vnd.pgrst.object+json";
    const payload = single && Array.isArray(body) ? body[0] : body;
    return new Response(JSON.stringify(payload), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  }) as typeof globalThis.fetch;
  const store = createSupabaseLeadStore({ url: URL_BASE, serviceRoleKey: KEY, fetch });
  return { store, requests, last: () => requests[requests.length - 1] };
}

const prefer = (req: Recorded) => (req.headers.get("prefer") ?? "").split(/,\s*/).filter(Boolean);

describe("Supabase lead store over PostgREST", () => {
  it("authenticates every request with the service-role key", async () => {
    const { store, last } = fakePostgrest();
    await store.list("leads");
    expect(last().headers.get("apikey")).toBe(KEY);
    expect(last().headers.get("authorization")).toBe(`Bearer ${KEY}`);
  });

  it("create POSTs the full row with defaults to the variant's table and asks for it back", async () => {
    const { store, last } = fakePostgrest(() => ({ status: 201, body: [pgRow({ age_bands: ["5-6y"] })] }));
    const lead = await store.create("leads_tennis", { age_bands: ["5-6y"], email: " X@Y.io " });
    const req = last();
    expect(req.method).toBe("POST");
    expect(req.url.pathname).toBe("/rest/v1/leads_tennis");
    expect(req.url.searchParams.get("select")).toBe("*");
    expect(prefer(req)).toContain("return=representation");
    expect(req.body).toMatchObject({
      email: "x@y.io",
      age_bands: ["5-6y"],
      step_completed: 1,
      lead_source: "main_funnel",
      referral_count: 0,
      copied_ref_link: false,
      focus_areas: [],
    });
    expect(req.body).not.toHaveProperty("id");
    expect(lead.created_at).toBe("2025-09-01T12:00:00.123Z");
    expect(lead.age_bands).toEqual(["5-6y"]);
  });

  it("update PATCHes only the given columns, filtered by id, and returns the row", async () => {
    const { store, last } = fakePostgrest(() => ({ body: [pgRow({ step_completed: 2, goals: ["daily-habit"] })] }));
    const row = await store.update("leads_icehockey", "abc", {
      goals: ["daily-habit"],
      step_completed: 2,
      plan_chosen: undefined,
    });
    const req = last();
    expect(req.method).toBe("PATCH");
    expect(req.url.pathname).toBe("/rest/v1/leads_icehockey");
    expect(req.url.searchParams.get("id")).toBe("eq.abc");
    expect(req.body).toEqual({ goals: ["daily-habit"], step_completed: 2 });
    expect(prefer(req)).toContain("return=representation");
    expect(row?.step_completed).toBe(2);
  });

  it("update of an unknown id returns null", async () => {
    const { store } = fakePostgrest(() => ({ body: [] }));
    expect(await store.update("leads", "missing", { step_completed: 2 })).toBeNull();
  });

  it("getByEmail asks for the newest row with that e-mail", async () => {
    const { store, last } = fakePostgrest(() => ({ body: [] }));
    expect(await store.getByEmail("leads", " Parent@Example.com")).toBeNull();
    const q = last().url.searchParams;
    expect(q.get("email")).toBe("eq.parent@example.com");
    expect(q.get("order")).toBe("created_at.desc,id.desc");
    expect(q.get("limit")).toBe("1");
  });

  it("getById filters by id and returns null when absent", async () => {
    const { store, last } = fakePostgrest(() => ({ body: [] }));
    expect(await store.getById("leads", "some-id")).toBeNull();
    expect(last().url.searchParams.get("id")).toBe("eq.some-id");
  });

  it("list sends filters, newest-first order, the page range and asks for an exact count", async () => {
    const { store, last } = fakePostgrest(() => ({
      status: 206,
      body: [pgRow(), pgRow({ id: "second" })],
      headers: { "content-range": "20-21/123" },
    }));
    const result = await store.list("leads", {
      page: 3,
      pageSize: 10,
      filters: { email: "Family_", lead_source: "guide_download", step_completed: 1 },
    });
    const req = last();
    const q = req.url.searchParams;
    expect(req.method).toBe("GET");
    expect(req.url.pathname).toBe("/rest/v1/leads");
    expect(q.get("email")).toBe("ilike.%family\\_%");
    expect(q.get("lead_source")).toBe("eq.guide_download");
    expect(q.get("step_completed")).toBe("eq.1");
    expect(q.get("order")).toBe("created_at.desc,id.desc");
    expect(q.get("offset")).toBe("20");
    expect(q.get("limit")).toBe("10");
    expect(prefer(req)).toContain("count=exact");
    expect(result.total).toBe(123);
    expect(result.rows).toHaveLength(2);
  });

  it("list sorts by an allowed column and ignores one that is not allowed", async () => {
    const { store, last } = fakePostgrest(() => ({ headers: { "content-range": "*/0" } }));
    await store.list("leads", { sortBy: "email", direction: "asc" });
    expect(last().url.searchParams.get("order")).toBe("email.asc,created_at.desc,id.desc");
    await store.list("leads", { sortBy: "hashed_email; drop" as never });
    expect(last().url.searchParams.get("order")).toBe("created_at.desc,id.desc");
  });

  it("list past the last page is an empty page, not an error", async () => {
    const { store, last } = fakePostgrest((req) =>
      req.method === "HEAD"
        ? { headers: { "content-range": "*/7" } }
        : {
            status: 416,
            body: { code: "PGRST103", message: "Requested range not satisfiable", details: null, hint: null },
            headers: { "content-range": "*/7" },
          },
    );
    expect(await store.list("leads", { page: 9, filters: { lead_source: "tips_download" } })).toEqual({
      rows: [],
      total: 7,
    });
    // The total comes from a HEAD count with the same filter.
    expect(last().method).toBe("HEAD");
    expect(last().url.searchParams.get("lead_source")).toBe("eq.tips_download");
    expect(prefer(last())).toContain("count=exact");
  });

  it("delete runs delete_lead (the row and its lead.erased fact in one transaction) and reports whether a row went", async () => {
    const { store, last } = fakePostgrest(() => ({ body: true }));
    const at = "2025-09-01T12:00:00.000Z";
    expect(await store.delete("leads_tennis", "abc", at)).toBe(true);
    expect(last().method).toBe("POST");
    expect(last().url.pathname).toBe("/rest/v1/rpc/delete_lead");
    expect(last().body).toEqual({ p_table: "leads_tennis", p_id: "abc", p_at: at });
  });

  it("incomplete asks for the pending placeholder, newest first", async () => {
    const { store, last } = fakePostgrest(() => ({ body: [pgRow()] }));
    const rows = await store.incomplete("leads");
    expect(last().url.searchParams.get("email")).toBe(`eq.${PENDING_EMAIL}`);
    expect(last().url.searchParams.get("order")).toBe("created_at.desc,id.desc");
    expect(rows[0].email).toBe(PENDING_EMAIL);
  });

  it("stats calls lead_stats() with the table and the two windows", async () => {
    const stats = {
      total: 5,
      completed: 2,
      referrals: 1,
      confirmed: 3,
      today: 1,
      week: 4,
      incomplete: 2,
      bySource: { main_funnel: 5 },
      byPlan: { growth: 2 },
    };
    const { store, last } = fakePostgrest(() => ({ body: stats }));
    expect(await store.stats("leads_icehockey", new Date("2026-11-23T12:00:00Z"))).toEqual(stats);
    expect(last().method).toBe("POST");
    expect(last().url.pathname).toBe("/rest/v1/rpc/lead_stats");
    expect(last().body).toEqual({ lead_table: "leads_icehockey", today: "2026-11-23T00:00:00.000Z", week: "2026-11-16T12:00:00.000Z" });
  });

  it("upsertUser merges on id and leaves lead_id out when it is not known", async () => {
    const user = {
      id: "u1",
      email: "a@b.io",
      name: "A",
      lead_id: "L1",
      created_at: "2025-09-01T00:00:00+00:00",
      updated_at: "2025-09-01T00:00:00+00:00",
    };
    const { store, last } = fakePostgrest(() => ({ status: 201, body: [user] }));
    await store.upsertUser({ id: "u1", email: "a@b.io", name: "A", lead_id: "L1" });
    expect(last().url.pathname).toBe("/rest/v1/users");
    expect(last().url.searchParams.get("on_conflict")).toBe("id");
    expect(prefer(last())).toEqual(expect.arrayContaining(["resolution=merge-duplicates", "return=representation"]));
    expect(last().body).toMatchObject({ id: "u1", lead_id: "L1" });
    const saved = await store.upsertUser({ id: "u1", email: "a@b.io", name: "A" });
    expect(last().body).not.toHaveProperty("lead_id");
    expect(saved.created_at).toBe("2025-09-01T00:00:00.000Z");
  });

  it("getUser reads users by id and answers null when there is none", async () => {
    const user = {
      id: "u1",
      email: "a@b.io",
      name: "A",
      lead_id: null,
      created_at: "2025-09-01T00:00:00+00:00",
      updated_at: "2025-09-01T00:00:00+00:00",
    };
    let body: unknown = [user];
    const { store, last } = fakePostgrest(() => ({ body }));
    expect(await store.getUser("u1")).toMatchObject({ id: "u1", email: "a@b.io" });
    expect(last().url.pathname).toBe("/rest/v1/users");
    expect(last().url.searchParams.get("id")).toBe("eq.u1");
    body = [];
    expect(await store.getUser("u2")).toBeNull();
  });

  it("a unique ref_code violation becomes DuplicateRefCodeError", async () => {
    const { store } = fakePostgrest(() => ({
      status: 409,
      body: {
        code: "23505",
        message: 'duplicate key value violates unique constraint "leads_ref_code_key"',
        details: "Key (ref_code)=(ABCDEFGH) already exists.",
        hint: null,
      },
    }));
    await expect(store.update("leads", "abc", { ref_code: "ABCDEFGH" })).rejects.toBeInstanceOf(DuplicateRefCodeError);
  });

  it("other backend errors surface as LeadStoreError, without retries", async () => {
    const { store, requests } = fakePostgrest(() => ({
      status: 503,
      body: { code: "PGRST002", message: "Could not query the database", details: null, hint: null },
    }));
    const error = await store.list("leads").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LeadStoreError);
    expect(error).not.toBeInstanceOf(DuplicateRefCodeError);
    expect(requests).toHaveLength(1);
  });

  it("never sends a request for a table outside the allow-list", async () => {
    const { store, requests } = fakePostgrest();
    await expect(store.list("leads-tennis" as LeadTable)).rejects.toBeInstanceOf(InvalidTableError);
    await expect(store.create("users" as LeadTable, {})).rejects.toBeInstanceOf(InvalidTableError);
    expect(requests).toHaveLength(0);
  });

  it("fails fast when the backend is unreachable", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof globalThis.fetch;
    const store = createSupabaseLeadStore({ url: URL_BASE, serviceRoleKey: KEY, fetch });
    const startedAt = Date.now();
    await expect(store.getById("leads", "x")).rejects.toBeInstanceOf(LeadStoreError);
    expect(Date.now() - startedAt).toBeLessThan(500);
  });
});
