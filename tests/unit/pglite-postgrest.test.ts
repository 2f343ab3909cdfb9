import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSupabaseAdminClient } from "~/data/supabase-client.server";
import { startPgliteRest, type PgliteRest } from "./helpers/pglite-postgrest";

/** The PostgREST stand-in the Supabase contract runs use, checked through supabase-js itself. */

let rest: PgliteRest;
let client: SupabaseClient;

beforeAll(async () => {
  rest = await startPgliteRest();
  client = createSupabaseAdminClient({ url: rest.url, serviceRoleKey: rest.serviceRoleKey, fetch: rest.fetch });
});
afterAll(async () => {
  await rest?.close();
});
beforeEach(async () => {
  await rest.reset();
});

const suppression = (hash: string, scope = "all", created_at = "2025-09-01T12:00:00.000Z") => ({
  email_hash: hash,
  scope,
  reason: "bounce",
  created_at,
});

describe("PGlite PostgREST", () => {
  it("inserts, reads back with filters, order, range and an exact count", async () => {
    const rows = ["a", "b", "c", "d"].map((hash, i) => suppression(hash, "all", `2025-09-0${i + 1}T12:00:00.000Z`));
    expect((await client.from("suppressions").insert(rows)).error).toBeNull();
    const page = await client
      .from("suppressions")
      .select("email_hash,created_at", { count: "exact" })
      .in("email_hash", ["a", "b", "c"])
      .order("created_at", { ascending: false })
      .range(1, 2);
    expect(page.error).toBeNull();
    expect(page.count).toBe(3);
    expect(page.data).toEqual([
      { email_hash: "b", created_at: "2025-09-02T12:00:00+00:00" },
      { email_hash: "a", created_at: "2025-09-01T12:00:00+00:00" },
    ]);
    const head = await client.from("suppressions").select("email_hash", { count: "exact", head: true }).gte("created_at", "2025-09-03");
    expect(head.count).toBe(2);
    const beyond = await client.from("suppressions").select("*", { count: "exact" }).range(10, 12);
    expect(beyond.error?.code).toBe("PGRST103");
  });

  it("answers a unique violation with its SQLSTATE, and upserts that ignore or merge duplicates", async () => {
    await client.from("suppressions").insert(suppression("x"));
    const again = await client.from("suppressions").insert(suppression("x"));
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: "23505" });
    expect(again.error?.details).toContain("(email_hash, scope)=(x, all)");
    const ignored = await client
      .from("suppressions")
      .upsert({ ...suppression("x"), reason: "complaint" }, { onConflict: "email_hash,scope", ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const merged = await client
      .from("suppressions")
      .upsert({ ...suppression("x"), reason: "complaint" }, { onConflict: "email_hash,scope" })
      .select("reason")
      .single();
    expect(merged.data).toEqual({ reason: "complaint" });
  });

  it("understands or= trees with quoted values, is, not and neq", async () => {
    await client.from("suppressions").insert([suppression("a,b", "all"), suppression("c", "marketing"), suppression("d", "all")]);
    const hashes = async (query: PromiseLike<{ data: { email_hash: string }[] | null }>) =>
      ((await query).data ?? []).map((row) => row.email_hash).sort();
    expect(
      await hashes(client.from("suppressions").select("email_hash").or('email_hash.eq."a,b",and(scope.eq.marketing,reason.neq.)')),
    ).toEqual(["a,b", "c"]);
    expect(await hashes(client.from("suppressions").select("email_hash").not("scope", "in", "(all)"))).toEqual(["c"]);
    expect(await hashes(client.from("suppressions").select("email_hash").not("created_at", "is", null).ilike("email_hash", "%A%"))).toEqual(
      ["a,b"],
    );
  });

  it("updates and deletes with counts, and .single() refuses zero rows without writing", async () => {
    await client.from("suppressions").insert([suppression("a"), suppression("b")]);
    const updated = await client.from("suppressions").update({ reason: "complaint" }, { count: "exact" }).eq("scope", "all");
    expect(updated).toMatchObject({ status: 204, count: 2, error: null });
    const none = await client.from("suppressions").update({ reason: "unsubscribe" }).eq("email_hash", "zz").select().single();
    expect(none.error?.code).toBe("PGRST116");
    const both = await client.from("suppressions").update({ reason: "unsubscribe" }).in("email_hash", ["a", "b"]).select().single();
    expect(both.error?.code).toBe("PGRST116");
    expect((await client.from("suppressions").select("reason").eq("email_hash", "a").single()).data).toEqual({ reason: "complaint" });
    const deleted = await client.from("suppressions").delete({ count: "exact" }).eq("email_hash", "a");
    expect(deleted.count).toBe(1);
    expect((await client.from("suppressions").select("email_hash").maybeSingle()).data).toEqual({ email_hash: "b" });
  });

  it("calls functions with named arguments: scalars, sets and SQL errors", async () => {
    const counted = await client.rpc("count_lead_ip", {
      p_ip_hash: "h",
      p_buckets: ["b:1", "d:1"],
      p_expires: ["2999-01-01T00:00:00Z", "2999-01-01T00:00:00Z"],
    });
    expect(counted.data).toEqual([1, 1]);
    expect((await client.rpc("lead_places", { lead_table: "leads", ids: [] })).data).toEqual([]);
    const lead = (await client.from("leads").insert({ email: "a@x.io" }).select("id").single()).data as { id: string };
    expect((await client.rpc("lead_places", { lead_table: "leads", ids: [lead.id] })).data).toEqual([{ id: lead.id, place: null }]);
    // RETURNS TABLE with one column still answers objects.
    expect((await client.rpc("analytics_credit_hours", { p_table: "leads", p_from: "2025-01-01", p_to: "2026-01-01" })).data).toEqual([]);
    const bad = await client.rpc("lead_places", { lead_table: "nope", ids: [] });
    expect(bad.error).toMatchObject({ code: "22023", message: "Unknown lead table: nope" });
    expect((await client.rpc("no_such_function", {})).error?.code).toBe("PGRST202");
  });

  it("takes a write without representation, as the consent records send it", async () => {
    const record = {
      id: crypto.randomUUID(),
      variant: "genius",
      choice: "granted",
      policy_version: "1",
      ip_hash: "h",
      created_at: "2025-09-01T00:00:00Z",
    };
    for (let i = 0; i < 2; i++) {
      const written = await client.from("consent_records").upsert(record, { onConflict: "id", ignoreDuplicates: true });
      expect(written).toMatchObject({ status: 201, data: null, error: null });
    }
    expect((await client.from("consent_records").delete({ count: "exact" }).lt("created_at", "2025-10-01T00:00:00Z")).count).toBe(1);
  });

  it("knows only the schema's tables and columns", async () => {
    expect((await client.from("leads; drop table leads").select("*")).error?.code).toBe("PGRST205");
    expect((await client.from("suppressions").select("nope")).error?.code).toBe("42703");
    expect((await client.from("suppressions").select("*").eq('scope" or 1=1 --', "x")).error?.code).toBe("42703");
  });
});
