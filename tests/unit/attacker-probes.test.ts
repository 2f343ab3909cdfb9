import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import { planEdgeCache } from "~/edge/edge-cache.server";
import { guardRequest } from "~/platform/request-guard.server";
import { action as clubConfirmAction, loader as clubConfirmLoader } from "~/routes/clubs/confirm";
import { action as clubRegisterAction } from "~/routes/clubs/new";
import { loader as clubLinkLoader } from "~/routes/clubs/link";
import { loader as homeLoader } from "~/routes/home";
import { action as rewardsAction } from "~/routes/admin/rewards";
import { personStamp } from "./helpers/bot-fields";
import { testContext } from "./helpers/context";
import { callRoute, type Answer } from "./helpers/cookie-jar";
import { CLUB_TABLES, emptyTables, REWARD_TABLES, useLocalD1 } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * What an attacker (or a confused browser) can send to the club confirmation, the reward-step
 * form and the landing page's club and friend links: each answer is a 4xx or the plain page, never
 * a 500, never a second row, never the input echoed back.
 */
const d1 = useLocalD1();

beforeEach(async () => {
  await emptyTables(d1.db, [...CLUB_TABLES, "outbox", ...REWARD_TABLES]);
});

const ORIGIN = "http://127.0.0.1:8831";
const HOCKEY = "?domain=champion&sport=icehockey";
let ip = 0;

/**
 * One request as the Worker serves it: the request guard first (a body it refuses never reaches
 * the route), then the loader or action, its background work waited for.
 */
async function send(handler: (args: never) => unknown, url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const { load, settle } = testContext(url, d1.bindings);
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", `198.51.100.${(++ip % 250) + 1}`);
  const guarded = await guardRequest(new Request(url, { ...init, headers }));
  if (!guarded.ok)
    return callRoute(async () => ({ type: "DataWithResponseInit", data: await guarded.response.text(), init: guarded.response }));
  const request = guarded.request;
  const answer = await callRoute(() => handler({ request, context: load, params } as never));
  await settle();
  return answer;
}

const count = async (sql: string) => Number((await d1.db.prepare(sql).first<{ n: number }>())?.n);
/** Everything a page would show from an answer, to look for the input in it. */
const shown = (answer: Answer) => `${answer.location ?? ""} ${answer.cookie ?? ""} ${JSON.stringify(answer.data ?? null)}`;

/** Strings no token, slug or code should be: long, unicode, a path, a NUL, markup. */
const MALFORMED = ["x".repeat(5000), "ünïcødé-✓", "../../etc/passwd", "%00", "\u0000", '<script>alert("x")</script>', "<b>bold</b>"];

describe("the club confirmation POST", () => {
  const CONFIRM = `${ORIGIN}/clubs/confirm${HOCKEY}`;
  const clubsCopy = getPage("icehockey", "clubs");

  /** A registered club; the token its contact's confirmation link carries. */
  async function registered() {
    const body = new FormData();
    for (const [name, value] of [["name", "HC Probe"], ["city", "Praha"], ["email", "coach@example.com"], await personStamp()])
      body.append(name, value);
    const answer = await send(clubRegisterAction, `${ORIGIN}/clubs/new${HOCKEY}`, { method: "POST", body });
    expect(answer.status).toBe(303);
    const mail = await d1.db.prepare("SELECT text FROM outbox WHERE template = 'club-confirm'").first<{ text: string }>();
    const link = new URL(/https?:\/\/\S+\/clubs\/confirm\?\S+/.exec(mail?.text ?? "")?.[0] ?? "http://x/");
    const token = link.searchParams.get("t") ?? "";
    expect(token).not.toBe("");
    return token;
  }
  const press = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    send(clubConfirmAction, CONFIRM, { method: "POST", body, headers });
  const pressWith = (token: string) => press(new URLSearchParams({ t: token }));
  const confirmed = () => count("SELECT COUNT(*) AS n FROM club_contacts WHERE confirmed_at IS NOT NULL");

  it("a malformed or forged token: 400, the invalid-link page, no input echoed, nobody confirmed", async () => {
    const token = await registered();
    const [payload, signature] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    const flip = (text: string) => text.slice(0, -1) + (text.endsWith("A") ? "B" : "A");
    const forged = [...MALFORMED, "", ".", "abc.def", `${payload}.${flip(signature)}`, `${flip(payload)}.${signature}`, `${token}x`];
    // Longer than any field may be: the request guard's 400, before the route.
    const long = await pressWith("x".repeat(5000));
    expect(long.status).toBe(400);
    expect(String(long.data)).toMatch(/longer than 4096/);
    for (const bad of forged.filter((text) => text.length <= 4096)) {
      const answer = await pressWith(bad);
      expect(answer.status, bad.slice(0, 40)).toBe(400);
      expect(answer.data).toMatchObject({ state: "invalid", copy: clubsCopy.confirmed });
      if (bad.length > 3) expect(shown(answer)).not.toContain(bad);
      const opened = await send(clubConfirmLoader, `${CONFIRM}&t=${encodeURIComponent(bad)}`);
      expect(opened.status).toBe(400);
      expect(opened.data).toMatchObject({ state: "invalid" });
    }
    expect(await confirmed()).toBe(0);
  });

  it("a body that is not a form: refused before the route (415/400 with the reason), or the invalid-link page; nobody confirmed", async () => {
    const token = await registered();
    const refused: [BodyInit | null, Record<string, string>, number, RegExp][] = [
      [JSON.stringify({ t: token }), { "Content-Type": "application/json" }, 415, /Forms are posted as/],
      [null, {}, 415, /Forms are posted as/],
      [`t=${token}`, { "Content-Type": "text/plain" }, 415, /Forms are posted as/],
      ["garbage\r\n--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" }, 400, /could not be read/],
      [
        `--x\r\nContent-Disposition: form-data; name="t"\r\n\r\n${token}`,
        { "Content-Type": "multipart/form-data; boundary=x" },
        400,
        /could not be read/,
      ],
      [`t=${token}`, { "Content-Type": "multipart/form-data" }, 400, /boundary/],
    ];
    for (const [body, headers, status, reason] of refused) {
      const answer = await press(body, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(String(answer.data)).toMatch(reason);
    }
    // Bodies a form parser reads, without the token: the route's invalid-link page.
    for (const body of ["", JSON.stringify({ t: "abc" }), "t"]) {
      const answer = await press(body, { "Content-Type": "application/x-www-form-urlencoded" });
      expect(answer.status, body).toBe(400);
      expect(answer.data).toMatchObject({ state: "invalid", copy: clubsCopy.confirmed });
    }
    expect(await confirmed()).toBe(0);
  });

  it("pressed twice, one after the other: confirms once, mails nothing more, the second answers the same page", async () => {
    const token = await registered();
    const mailsBefore = await count("SELECT COUNT(*) AS n FROM outbox");
    const first = await pressWith(token);
    const at = await d1.db.prepare("SELECT confirmed_at FROM club_contacts").first<{ confirmed_at: string }>();
    const second = await pressWith(token);
    expect(first).toMatchObject({ status: 303 });
    expect(second).toMatchObject({ status: 303, location: first.location });
    expect(await confirmed()).toBe(1);
    expect(await d1.db.prepare("SELECT confirmed_at FROM club_contacts").first()).toEqual(at);
    expect(await count("SELECT COUNT(*) AS n FROM clubs")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(mailsBefore);
    const page = await send(clubConfirmLoader, `${ORIGIN}${first.location}`);
    expect(page).toMatchObject({ status: 200, data: { state: "confirmed", club: { name: "HC Probe" } } });
  });

  it("two tabs pressing at once: both land on the confirmed page, one confirmation, no new mail or club", async () => {
    const token = await registered();
    const mailsBefore = await count("SELECT COUNT(*) AS n FROM outbox");
    const answers = await Promise.all([pressWith(token), pressWith(token)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(answers[0].location).toBe(answers[1].location);
    expect(await confirmed()).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM clubs")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM outbox")).toBe(mailsBefore);
  });
});

describe("the reward-step add (admin)", () => {
  const PAGE = `${ORIGIN}/admin/rewards`;
  const copy = getPage("genius", "rewards").admin;
  const step = {
    intent: "save-step",
    threshold: "2",
    kind: "download",
    title: "Probe pack",
    description: "A pack",
    file: "/downloads/ai-parenting-guide.pdf",
  };
  const steps = () => count("SELECT COUNT(*) AS n FROM reward_steps");
  const post = (cookie: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
    send(rewardsAction, PAGE, { method: "POST", body, headers: { Cookie: cookie, ...headers } });

  it("the identical step twice at once: one row; the other answer is a 409 with the duplicate message", async () => {
    const { cookie } = await signedIn(d1, PAGE, "admin");
    const answers = await Promise.all([post(cookie, new URLSearchParams(step)), post(cookie, new URLSearchParams(step))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(answers.find((answer) => answer.status === 409)?.data).toEqual({ error: copy.errors.duplicate });
    expect(await steps()).toBe(1);
  });

  it("a body that is not a form: refused before the route (415/400), or the unknown-action 400; no row", async () => {
    const { cookie } = await signedIn(d1, PAGE, "admin");
    const refused: [BodyInit | null, Record<string, string>, number][] = [
      [JSON.stringify(step), { "Content-Type": "application/json" }, 415],
      [null, {}, 415],
      ["garbage\r\n--x\r\nnot a part", { "Content-Type": "multipart/form-data; boundary=x" }, 400],
    ];
    for (const [body, headers, status] of refused) {
      const answer = await post(cookie, body, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(String(answer.data)).not.toBe("");
    }
    for (const body of ["", JSON.stringify({ intent: "save-step" })]) {
      const answer = await post(cookie, body, { "Content-Type": "application/x-www-form-urlencoded" });
      expect(answer.status, body).toBe(400);
      expect(answer.data).toEqual({ error: copy.errors.unknown });
    }
    expect(await steps()).toBe(0);
  });
});

describe("the landing page's club and friend links", () => {
  const GARBLED_COOKIE = { Cookie: "__session=%E0%A4%A;.x; __session=<script>; other=1" };

  it("?club= with a malformed slug: to the plain landing page, nothing echoed; the edge renders it fresh as before", async () => {
    for (const bad of MALFORMED) {
      const url = `${ORIGIN}/${HOCKEY}&club=${encodeURIComponent(bad)}`;
      const answer = await send(homeLoader, url);
      expect(answer).toMatchObject({ status: 302, location: `/${HOCKEY}` });
      expect(shown(answer)).not.toContain(bad);
      expect(planEdgeCache(new Request(`https://champion.example/icehockey?club=${encodeURIComponent(bad)}`), EDGE, "v1").cache).toBe(
        false,
      );
    }
  });

  it("/c/SLUG with a malformed slug: to the plain landing page, no session written, nothing echoed", async () => {
    for (const bad of MALFORMED) {
      const answer = await send(clubLinkLoader, `${ORIGIN}/c/${encodeURIComponent(bad)}${HOCKEY}`, {}, { slug: bad });
      expect(answer).toMatchObject({ status: 302, location: `/${HOCKEY}`, cookie: null });
      expect(shown(answer)).not.toContain(bad);
    }
  });

  it("?r= with a malformed code: the plain landing page (no friend line, no card), nothing echoed, cached under the plain key", async () => {
    const plain = await send(homeLoader, `${ORIGIN}/`);
    const plainKey = planEdgeCache(new Request("https://aiparenting.example/"), EDGE, "v1");
    for (const bad of MALFORMED) {
      const answer = await send(homeLoader, `${ORIGIN}/?r=${encodeURIComponent(bad)}`);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ arrival: { friend: false, clubName: null }, shareCard: null });
      expect(answer.data).toEqual(plain.data);
      expect(shown(answer)).not.toContain(bad);
      const edge = planEdgeCache(new Request(`https://aiparenting.example/?r=${encodeURIComponent(bad)}`), EDGE, "v1");
      expect(edge.cache && plainKey.cache && edge.key.url === plainKey.key.url).toBe(true);
    }
  });

  it("a garbled session cookie: the landing page, a club link and the confirm press answer as without one", async () => {
    const landing = await send(homeLoader, `${ORIGIN}/${HOCKEY}`, { headers: GARBLED_COOKIE });
    expect(landing.status).toBe(200);
    const { ctx } = testContext(`${ORIGIN}/${HOCKEY}`, d1.bindings);
    const { club } = await getBackend(ctx).clubs.register(
      {
        id: crypto.randomUUID(),
        lead_table: "leads_icehockey",
        variant: "champion-icehockey",
        slug: "hc-cookie",
        name: "HC Cookie",
        city: "Praha",
        sport: "icehockey",
        created_at: new Date().toISOString(),
        duplicate_of: null,
      },
      "cookie@example.com",
    );
    await getBackend(ctx).clubs.setStatus(club.id, "approved", ["pending"]);
    const link = await send(clubLinkLoader, `${ORIGIN}/c/hc-cookie${HOCKEY}`, { headers: GARBLED_COOKIE }, { slug: "hc-cookie" });
    expect(link).toMatchObject({ status: 302, location: `/${HOCKEY}&club=hc-cookie` });
    expect(link.cookie).toMatch(/^__session=/);
    const press = await send(clubConfirmAction, `${ORIGIN}/clubs/confirm${HOCKEY}`, {
      method: "POST",
      body: new URLSearchParams({ t: "abc.def" }),
      headers: GARBLED_COOKIE,
    });
    expect(press.status).toBe(400);
  });
});

const EDGE: Parameters<typeof planEdgeCache>[1] = {
  GENIUS_HOSTS: ["aiparenting.example"],
  CHAMPION_HOSTS: ["champion.example"],
  PREVIEW_MODE: "off",
  LAUNCH_MODE: "live",
};
