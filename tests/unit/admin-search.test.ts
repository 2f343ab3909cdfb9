import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOptions, parseListQuery } from "~/admin/list-query";
import { createD1LeadStore } from "~/data/d1/lead-store.server";
import { LEAD_TABLES } from "~/data/lead-model";
import type { ListOptions } from "~/data/ports/lead-store";
import { createSupabaseLeadStore } from "~/data/supabase/lead-store.server";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";
import { startSupabasePg } from "./helpers/supabase-pg";

/**
 * The admin list's search box (?q=) and the e-mail filter, as the list page and the CSV export call
 * the store: any input, however long and with LIKE wildcards in it, gives rows or none, never an error.
 * D1 refuses a LIKE pattern over 50 bytes, so a search built on LIKE would fail here.
 */

const LONG_LOCAL = "a".repeat(60);
const EMAILS = [`${LONG_LOCAL}.parent@example.com`, "x_y@example.com", "xzy@example.com", "half%off@example.com", "halfway@example.com"];
const SEARCHES: [string, string[]][] = [
  [`${LONG_LOCAL}.parent@example.com`, [EMAILS[0]]], // 79 characters
  [LONG_LOCAL, [EMAILS[0]]], // 60 characters
  ["b".repeat(300), []],
  ["é".repeat(150), []], // 300 bytes in UTF-8
  ["x_y", ["x_y@example.com"]], // "_" is a character, not "any one"
  ["_", ["x_y@example.com"]],
  ["half%", ["half%off@example.com"]], // "%" is a character, not "anything"
  ["%", ["half%off@example.com"]],
  ["%_%\\", []],
  ["X_Y@EXAMPLE", ["x_y@example.com"]],
];

describe("admin search on D1", () => {
  const local = useLocalD1();
  beforeEach(async () => {
    await emptyTables(local.db, LEAD_TABLES);
    const store = createD1LeadStore(local.db);
    for (const [i, email] of EMAILS.entries()) await store.create("leads", { email, ref_code: `CODE${i}` });
  });

  it("local D1 refuses a LIKE pattern longer than 50 bytes, as D1 does", async () => {
    await expect(local.db.prepare("SELECT ? LIKE ?").bind("x", `%${LONG_LOCAL}%`).first()).rejects.toThrow(
      /LIKE or GLOB pattern too complex/,
    );
  });

  it("answers every search of the list page and the CSV (?q=), long or with % and _, with the matching rows", async () => {
    const store = createD1LeadStore(local.db);
    for (const [q, expected] of SEARCHES) {
      const options = listOptions(parseListQuery(new URLSearchParams({ q })));
      const emails = async (extra: Partial<ListOptions>) =>
        (await store.list("leads", { ...options, ...extra })).rows.map((lead) => lead.email).sort();
      // The page and the CSV's first page (with the total), the CSV's later pages (countTotal: false), with filters.
      expect(await emails({}), q).toEqual([...expected].sort());
      expect(await emails({ countTotal: false }), q).toEqual([...expected].sort());
      expect(await emails({ filters: { ...options.filters, lead_source: "main_funnel", step_completed: 1 } }), q).toEqual(
        [...expected].sort(),
      );
      expect((await store.list("leads", options)).total, q).toBe(expected.length);
    }
  });

  it("takes a search longer than the box allows (300 characters) straight at the store, and the e-mail filter too", async () => {
    const store = createD1LeadStore(local.db);
    for (const [q, expected] of SEARCHES) {
      expect((await store.list("leads", { filters: { search: q } })).rows.map((lead) => lead.email).sort(), q).toEqual(
        [...expected].sort(),
      );
      expect((await store.list("leads", { filters: { email: q } })).total, q).toBe(expected.length);
    }
    expect((await store.list("leads", { filters: { search: "code3" } })).rows.map((lead) => lead.email)).toEqual(["half%off@example.com"]);
  });
});

describe("admin search on Supabase: the ilike patterns the store sends, run on Postgres", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await startSupabasePg(["20250901000001_leads_and_users.sql"]);
    for (const [i, email] of EMAILS.entries())
      await db.query("insert into public.leads (email, ref_code) values ($1, $2)", [email, `CODE${i}`]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  /** The store's request for this filter, as PostgREST receives it. */
  async function requestFor(filters: ListOptions["filters"]): Promise<URLSearchParams> {
    let url: URL | null = null;
    const fetch = (async (input: RequestInfo | URL) => {
      url = new URL(String(input));
      return new Response("[]", { status: 200, headers: { "content-type": "application/json", "content-range": "*/0" } });
    }) as typeof globalThis.fetch;
    await createSupabaseLeadStore({ url: "https://project.supabase.example", serviceRoleKey: "key", fetch }).list("leads", { filters });
    return url!.searchParams;
  }

  it("matches the same rows as D1 for every search, long or with % and _", async () => {
    for (const [q, expected] of SEARCHES) {
      // email=ilike.<pattern>: PostgREST passes the pattern to ILIKE as it is.
      const pattern = (await requestFor({ email: q })).get("email")!.replace(/^ilike\./, "");
      const byEmail = await db.query<{ email: string }>("select email from public.leads where email ilike $1 order by email", [pattern]);
      expect(
        byEmail.rows.map((row) => row.email),
        q,
      ).toEqual([...expected].sort());
      // or=(email.ilike."<pattern>",ref_code.ilike."<pattern>"): a quoted value, \ escapes " and \.
      const or = (await requestFor({ search: q })).get("or")!;
      const quoted = /^\(email\.ilike\."((?:[^"\\]|\\.)*)",ref_code\.ilike\."((?:[^"\\]|\\.)*)"\)$/.exec(or);
      expect(quoted, or).not.toBeNull();
      const unquote = (value: string) => value.replace(/\\(.)/g, "$1");
      const bySearch = await db.query<{ email: string }>(
        "select email from public.leads where email ilike $1 or ref_code ilike $2 order by email",
        [unquote(quoted![1]), unquote(quoted![2])],
      );
      expect(
        bySearch.rows.map((row) => row.email),
        q,
      ).toEqual([...expected].sort());
    }
  });
});
