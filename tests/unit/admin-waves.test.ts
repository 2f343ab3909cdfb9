import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { referralsOf } from "~/referrals/referrals.server";
import { action, loader } from "~/routes/admin/waves";
import { maskEmail, maskEmails } from "~/waves/mask";
import { parseWaveSize } from "~/waves/wave-admin.server";
import { testContext } from "./helpers/context";
import { signedIn } from "./helpers/signed-in";
import { emptyTables, useLocalD1, WAVE_TABLES } from "./helpers/local-d1";

/**
 * /admin/waves: the suggested size, the review of exactly the N asked for before admitting, one wave per form (double clicks, resubmits, two
 * admins), bad input a 4xx that writes nothing, admitting per variant only, admins only.
 */

const ORIGIN = "http://127.0.0.1:8844";
const PAGE = `${ORIGIN}/admin/waves`;
const text = getPage("genius", "admin").waves;

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...WAVE_TABLES, "leads", "outbox", "referrals"]);
});

const context = (url = PAGE) => testContext(url, d1.bindings);

const cookieFor = async (role: "user" | "admin") => (await signedIn(d1, PAGE, role)).cookie;

async function confirmedParents(n: number) {
  const { ctx, settle } = context();
  for (let i = 1; i <= n; i++) {
    const lead = await getBackend(ctx).leads.create("leads", { email: `p${i}@example.com`, step_completed: 3, ref_code: null });
    await referralsOf(ctx).confirm(lead.id);
  }
  await settle();
}

type Shown = { place: number; email: string };
type Review = {
  seq: number;
  asked: number;
  count: number;
  firstPlace: number | null;
  lastPlace: number | null;
  head: Shown[];
  tail: Shown[];
};
type Admit = { seq: number; spotsLeft: number; value: number | null; review: Review | null };
type Loaded = { admit: Admit | null; badSize: boolean };

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

describe("wave helpers", () => {
  it("reads a wave size: a whole number from 1 to 1000, or nothing", () => {
    expect(["1", " 42 ", "1000"].map(parseWaveSize)).toEqual([1, 42, 1000]);
    for (const bad of ["0", "-3", "2.5", "1001", "99999", "abc", "", null, 7]) expect(parseWaveSize(bad), String(bad)).toBeNull();
  });

  it("masks an address down to its first letters and its domain", () => {
    expect(maskEmail("anna.berg@example.com")).toBe("an***@example.com");
    expect(maskEmail("p1@example.com")).toBe("p***@example.com");
    expect(maskEmail("x@example.com")).toBe("x***@example.com");
  });

  it("masks the review's addresses so that no two read alike: ends that match show more of their end", () => {
    const masked = maskEmails(["hockey1@example.com", "hockey2@example.com", "anna@example.com", "hockey12@example.com"]);
    expect(masked).toEqual(["ho***1@example.com", "ho***y2@example.com", "an***@example.com", "ho***12@example.com"]);
    expect(new Set(masked).size).toBe(masked.length);
  });
});

describe("admin waves page", () => {
  it("suggests the first-wave spots left, and reviews exactly the N asked for before admitting", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(5);
    // No number yet: the size field holds the suggestion and nothing can be admitted.
    expect((await load(cookie)).admit).toEqual({
      seq: 1,
      spotsLeft: referralRules.firstWaveSpots,
      value: referralRules.firstWaveSpots,
      review: null,
    });
    expect((await load(cookie, `${PAGE}?n=2`)).admit).toMatchObject({
      seq: 1,
      value: 2,
      review: {
        seq: 1,
        asked: 2,
        count: 2,
        firstPlace: 1,
        lastPlace: 2,
        head: [
          { place: 1, email: "p***1@example.com" },
          { place: 2, email: "p***2@example.com" },
        ],
        tail: [],
      },
    });
    // "Change the number" shows the field again with the number asked.
    expect((await load(cookie, `${PAGE}?n=2&edit=1`)).admit).toMatchObject({ value: 2, review: null });
    expect(await load(cookie, `${PAGE}?n=abc`)).toMatchObject({ badSize: true, admit: { review: null } });
    // All variants: admitting asks for a variant.
    expect((await load(cookie, `${PAGE}?variants=all`)).admit).toBeNull();
  });

  it("lists the first and last three of a long wave, never the full addresses", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(10);
    const { review } = (await load(cookie, `${PAGE}?n=8`)).admit!;
    expect(review).toMatchObject({ count: 8, firstPlace: 1, lastPlace: 8 });
    expect(review!.head.map((shown) => shown.place)).toEqual([1, 2, 3]);
    expect(review!.tail.map((shown) => shown.place)).toEqual([6, 7, 8]);
    expect(JSON.stringify(review)).not.toContain("p1@example.com");
  });

  it("after a wave, suggests the spots left and reviews the next N from where the last wave ended", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(5);
    expect(await post(cookie, { intent: "admit", n: "2", seq: "1" })).toMatchObject({ status: 303 });
    const left = referralRules.firstWaveSpots - 2;
    expect((await load(cookie)).admit).toEqual({ seq: 2, spotsLeft: left, value: left, review: null });
    expect((await load(cookie, `${PAGE}?n=3`)).admit?.review).toMatchObject({ seq: 2, asked: 3, count: 3, firstPlace: 3, lastPlace: 5 });
    expect(await post(cookie, { intent: "admit", n: "3", seq: "2" })).toMatchObject({ status: 303 });
    const sizes = await d1.db
      .prepare(
        "SELECT w.seq, w.size_asked, COUNT(m.lead_id) AS members, MAX(m.place) AS last FROM waves w JOIN wave_members m ON m.wave_id = w.id GROUP BY w.id ORDER BY w.seq",
      )
      .all();
    expect(sizes.results).toEqual([
      { seq: 1, size_asked: 2, members: 2, last: 2 },
      { seq: 2, size_asked: 3, members: 3, last: 5 },
    ]);
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
    expect((await load(cookie)).admit).toMatchObject({ seq: 2, spotsLeft: referralRules.firstWaveSpots - 2 });
  });

  it("lists the invites that expired unaccepted, newest wave first, for the re-send", async () => {
    const cookie = await cookieFor("admin");
    await confirmedParents(4);
    expect((await post(cookie, { intent: "admit", n: "2", seq: "1" })).status).toBe(303);
    expect((await post(cookie, { intent: "admit", n: "2", seq: "2" })).status).toBe(303);
    // Places 1 and 3 ran out; place 2 was accepted before it did.
    await d1.db.prepare("UPDATE wave_members SET invite_expires_at = '2020-01-01T00:00:00.000Z' WHERE place IN (1, 2, 3)").run();
    await d1.db.prepare("UPDATE wave_members SET accepted_at = '2019-12-31T00:00:00.000Z' WHERE place = 2").run();
    const request = new Request(PAGE, { headers: { Cookie: cookie } });
    const page = (await loader({ request, context: context().load, params: {} } as LoaderFunctionArgs)) as unknown as {
      data: { variants: { expired: { email: string | null; seq: number; place: number }[] }[] };
    };
    expect(page.data.variants[0].expired.map(({ email, seq, place }) => ({ email, seq, place }))).toEqual([
      { email: "p3@example.com", seq: 2, place: 3 },
      { email: "p1@example.com", seq: 1, place: 1 },
    ]);
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
    expect((await load(cookie, `${PAGE}?n=2`)).admit?.review).toMatchObject({ count: 0, firstPlace: null, lastPlace: null });
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
