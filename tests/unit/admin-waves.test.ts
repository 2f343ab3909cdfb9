import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { hashPassword } from "~/auth/password.server";
import { requestAuth } from "~/auth/session-auth.server";
import { getBackend } from "~/data/backend.server";
import { referralsOf } from "~/referrals/referrals.server";
import { action, loader } from "~/routes/admin/waves";
import { commitSession, getSession } from "~/utils/session.server";
import { testContext } from "./helpers/context";
import { startLocalD1 } from "./helpers/local-d1";

/**
 * /admin/waves: the cut-off before admitting, one wave per form (double clicks, resubmits, two
 * admins), bad input a 4xx that writes nothing, admitting per variant only, admins only.
 */

const ORIGIN = "http://127.0.0.1:8844";
const PAGE = `${ORIGIN}/admin/waves`;
const PASSWORD = "right password";
const text = getPage("genius", "admin").waves;

let d1: Awaited<ReturnType<typeof startLocalD1>>;
beforeAll(async () => {
  d1 = await startLocalD1();
}, 60_000);
afterAll(async () => {
  await d1?.dispose();
});
beforeEach(async () => {
  for (const table of ["wave_members", "waves", "leads", "outbox", "referrals"]) await d1.db.prepare(`DELETE FROM ${table}`).run();
});

const context = (url = PAGE) => testContext(url, d1.bindings);

async function cookieFor(role: "user" | "admin"): Promise<string> {
  const email = `waves-${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = await hashPassword(PASSWORD);
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
       VALUES (?, ?, 'Waves admin', ?, ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), email, password.hash, password.salt, password.iterations, role, new Date().toISOString())
    .run();
  const { ctx } = context();
  const request = new Request(PAGE);
  const session = await getSession(request, ctx);
  expect((await requestAuth(request, ctx, session).signIn({ email, password: PASSWORD })).ok).toBe(true);
  return (await commitSession(session, ctx)).split(";")[0];
}

async function confirmedParents(n: number) {
  const { ctx, settle } = context();
  for (let i = 1; i <= n; i++) {
    const lead = await getBackend(ctx).leads.create("leads", { email: `p${i}@example.com`, step_completed: 3, ref_code: null });
    await referralsOf(ctx).confirm(lead.id);
  }
  await settle();
}

type Loaded = { next: { seq: number; size: number; count: number; lastPlace: number | null; spotsLeft: number } | null; badSize: boolean };

async function load(cookie: string, url = PAGE): Promise<Loaded> {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const result = (await loader({ request, context: context(url).load, params: {} } as LoaderFunctionArgs)) as unknown as { data: Loaded };
  return result.data;
}

async function post(cookie: string, fields: Record<string, string>, url = PAGE) {
  const { load: loadContext, settle } = context(url);
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context: loadContext, params: {} } as ActionFunctionArgs);
  await settle();
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), error: null };
  const { data, init } = result as unknown as { data: { error: string }; init: { status: number } };
  return { status: init.status, location: null, error: data.error };
}

const count = async (sql: string) => Number((await d1.db.prepare(sql).first<{ n: number }>())?.n ?? 0);

describe("admin waves page", () => {
  it("shows the next wave's cut-off: by default the first-wave spots left, or the N asked for", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(5);
    expect((await load(cookie)).next).toMatchObject({ seq: 1, size: referralRules.firstWaveSpots, count: 5, lastPlace: 5 });
    expect((await load(cookie, `${PAGE}?n=2`)).next).toMatchObject({ seq: 1, size: 2, count: 2, lastPlace: 2 });
    expect(await load(cookie, `${PAGE}?n=abc`)).toMatchObject({ badSize: true });
    // All variants: admitting asks for a variant.
    expect((await load(cookie, `${PAGE}?variants=all`)).next).toBeNull();
  });

  it("admits once per form: a double click and a resubmitted POST make one wave and one invite each", async () => {
    const cookie = await cookieFor("admin");
    const other = await cookieFor("admin");
    await confirmedParents(5);
    const [a, b, c] = await Promise.all([
      post(cookie, { intent: "admit", n: "2", seq: "1" }),
      post(cookie, { intent: "admit", n: "2", seq: "1" }),
      post(other, { intent: "admit", n: "2", seq: "1" }),
    ]);
    for (const answer of [a, b, c]) {
      expect(answer.status).toBe(303);
      expect(answer.location).toContain("/admin/waves");
    }
    expect(await count("SELECT COUNT(*) AS n FROM waves")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM wave_members")).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE template = 'invite'")).toBe(2);
    expect((await load(cookie)).next).toMatchObject({ seq: 2, size: referralRules.firstWaveSpots - 2, count: 3, lastPlace: 5 });
  });

  it("refuses bad input and stale pages with a 4xx and a message, writing nothing", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(2);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "admit", n: "0", seq: "1" }, 400, text.badSize],
      [{ intent: "admit", n: "-3", seq: "1" }, 400, text.badSize],
      [{ intent: "admit", n: "2.5", seq: "1" }, 400, text.badSize],
      [{ intent: "admit", n: "99999", seq: "1" }, 400, text.badSize],
      [{ intent: "admit", n: "2", seq: "x" }, 400, text.badSize],
      [{ intent: "admit", n: "2", seq: "7" }, 409, text.stale],
      [{ intent: "launch", n: "2", seq: "1" }, 400, text.unknownAction],
      [{ intent: "renew", lead: "" }, 400, text.unknownAction],
      [{ intent: "renew", lead: "no-such-lead" }, 404, text.missing],
    ];
    for (const [fields, status, error] of cases) {
      expect(await post(cookie, fields), JSON.stringify(fields)).toMatchObject({ status, error });
    }
    expect(await post(cookie, { intent: "admit", n: "2", seq: "1" }, `${PAGE}?variants=all`)).toMatchObject({
      status: 400,
      error: text.pickVariant,
    });
    expect(await count("SELECT COUNT(*) AS n FROM waves")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(0);
  });

  it("says so when nobody is waiting", async () => {
    const cookie = await cookieFor("admin");
    expect((await load(cookie)).next).toMatchObject({ count: 0, lastPlace: null });
    expect(await post(cookie, { intent: "admit", n: "2", seq: "1" })).toMatchObject({ status: 409, error: text.empty });
  });

  it("is for admins only", async () => {
    const user = await cookieFor("user");
    await confirmedParents(1);
    const refused = await post(user, { intent: "admit", n: "1", seq: "1" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await count("SELECT COUNT(*) AS n FROM waves")).toBe(0);
  });
});
