import { describe, expect, it } from "vitest";
import { createSupabaseTrustStore } from "~/data/supabase/trust-store.server";

/**
 * The Supabase trust store at its HTTP boundary: one RPC each (parent_data, erase_parent) with the
 * parameter names of supabase/migrations/20250901000012_erasure_log.sql, rows normalised, errors raised.
 */
type Recorded = { url: URL; body: unknown };

function fakePostgrest(answer: (req: Recorded) => { status?: number; body: unknown }) {
  const requests: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const req = { url: new URL(String(input)), body: typeof init.body === "string" ? JSON.parse(init.body) : undefined };
    requests.push(req);
    const { status = 200, body } = answer(req);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const store = (fetch: typeof globalThis.fetch) =>
  createSupabaseTrustStore({ url: "https://project.supabase.example", serviceRoleKey: "key", fetch });

describe("the Supabase trust store", () => {
  it("reads through parent_data and normalises lead times", async () => {
    const held = {
      leads: [
        {
          table: "leads",
          row: { id: "l1", email: "a@b.c", created_at: "2025-09-01T12:00:00.123456+00:00", confirmed_at: null, risk_flags: null },
        },
      ],
      referralsAsReferrer: [],
      referralsAsReferred: [],
      accounts: [],
      users: [],
      mails: [],
    };
    const { fetch, requests } = fakePostgrest(() => ({ body: held }));
    const data = await store(fetch).collect("a@b.c");
    expect(requests[0].url.pathname).toBe("/rest/v1/rpc/parent_data");
    expect(requests[0].body).toEqual({ p_email: "a@b.c" });
    expect(data.leads[0].row).toMatchObject({ id: "l1", created_at: "2025-09-01T12:00:00.123Z", risk_flags: [] });
  });

  it("erases through erase_parent, answering its counts or null", async () => {
    let answer: unknown = { leads: 1, outbox: 2 };
    const { fetch, requests } = fakePostgrest(() => ({ body: answer }));
    const options = { recipientHash: "erased:abc", source: "admin" as const, at: "2026-01-01T00:00:00.000Z" };
    expect(await store(fetch).erase("a@b.c", options)).toEqual({ leads: 1, outbox: 2 });
    expect(requests[0].url.pathname).toBe("/rest/v1/rpc/erase_parent");
    expect(requests[0].body).toEqual({ p_email: "a@b.c", p_recipient: "erased:abc", p_source: "admin", p_at: "2026-01-01T00:00:00.000Z" });
    answer = null;
    expect(await store(fetch).erase("a@b.c", options)).toBeNull();
  });

  it("raises the database's refusal", async () => {
    const { fetch } = fakePostgrest(() => ({ status: 400, body: { code: "22023", message: "No address to erase" } }));
    await expect(store(fetch).erase("x", { recipientHash: "erased:x", source: "self", at: "2026-01-01T00:00:00.000Z" })).rejects.toThrow(
      /No address to erase/,
    );
  });
});
