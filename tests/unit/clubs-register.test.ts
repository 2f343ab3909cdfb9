import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { confirmLoader, registerAction } from "~/clubs/registration.server";
import { clubPageLoader, leaderboardLoader } from "~/clubs/public.server";
import { getBackend } from "~/data/backend.server";
import { personStamp } from "./helpers/bot-fields";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * A coach's club registration (docs/decisions/039-clubs.md) on a real local D1: bad input is a 400
 * that writes nothing, a double click mails once, the confirm link confirms, genius has no clubs.
 */
const d1 = useLocalD1();

beforeEach(async () => {
  for (const table of ["club_members", "club_contacts", "clubs", "outbox"]) await d1.db.prepare(`DELETE FROM ${table}`).run();
});

const HOCKEY = "http://127.0.0.1:8810/clubs/new?domain=champion&sport=icehockey";
const GENIUS = "http://127.0.0.1:8810/clubs/new";
const copy = getPage("icehockey", "clubs");
let ip = 0;

type Answer = { status: number; location: string | null; body: unknown };

async function settleCall(url: string, call: (args: never) => Promise<unknown>, init?: RequestInit): Promise<Answer> {
  const { load, settle } = testContext(url, d1.bindings);
  const request = new Request(url, { ...init, headers: { "CF-Connecting-IP": `203.0.113.${++ip % 250}` } });
  let answer: Answer;
  try {
    const result = (await call({ request, context: load, params: {} } as never)) as { data?: unknown; init?: { status: number } };
    answer = { status: result.init?.status ?? 200, location: null, body: result.data ?? result };
  } catch (thrown) {
    // A thrown data(null, { status: 404 }) (the club pages' 404) or a thrown redirect.
    const init = (thrown as { init?: { status: number } }).init;
    if (init) answer = { status: init.status, location: null, body: null };
    else if (thrown instanceof Response) answer = { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    else throw thrown;
  }
  await settle();
  return answer;
}

async function register(fields: Record<string, string>, url = HOCKEY) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append(...(await personStamp()));
  return settleCall(url, registerAction as never, { method: "POST", body });
}

const count = async (table: string) => Number((await d1.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n);

describe("POST /clubs/new", () => {
  it("refuses a missing name or a bad address with the message and a 400, writing nothing", async () => {
    const noName = await register({ name: " ", city: "Praha", email: "coach@example.com" });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ alert: copy.register.errors.nameMissing });
    const badEmail = await register({ name: "HC Sparta", city: "Praha", email: "not-an-address" });
    expect(badEmail).toMatchObject({ status: 400, body: { alert: copy.register.errors.invalidEmail } });
    expect(await count("clubs")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("registers once and mails the contact once for a double click; the link confirms and shows the club link", async () => {
    const fields = { name: "HC Sparta Praha", city: "Praha", email: "Coach@Example.com" };
    const answers = await Promise.all([register(fields), register(fields)]);
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 303, location: "/clubs/new?domain=champion&sport=icehockey&sent=1" });
    expect(await count("clubs")).toBe(1);
    const mails = (
      await d1.db.prepare("SELECT template, recipient, text FROM outbox").all<{ template: string; recipient: string; text: string }>()
    ).results;
    expect(mails.map((m) => [m.template, m.recipient])).toEqual([["club-confirm", "coach@example.com"]]);
    // The mail carries nothing the visitor typed.
    expect(mails[0].text).not.toContain("Sparta");
    const link = /https?:\/\/\S+\/clubs\/confirm\?\S+/.exec(mails[0].text)?.[0] ?? "";
    expect(link).not.toBe("");
    const confirmed = await settleCall(`http://127.0.0.1:8810${new URL(link).pathname}${new URL(link).search}`, confirmLoader as never);
    expect(confirmed.body).toMatchObject({ ok: true, club: { name: "HC Sparta Praha", status: "pending" }, pageLink: null });
    expect((confirmed.body as { clubLink: string }).clubLink).toMatch(/\/c\/hc-sparta-praha\?domain=champion&sport=icehockey$/);
    const forged = await settleCall(`${HOCKEY.replace("/new", "/confirm")}&t=abc.def`, confirmLoader as never);
    expect(forged).toMatchObject({ status: 400, body: { ok: false } });
  });

  it("shows a club in public only once approved, and never for genius", async () => {
    await register({ name: "HC Kometa", city: "Brno", email: "coach@example.com" });
    const page = "http://127.0.0.1:8810/clubs/hc-kometa?domain=champion&sport=icehockey";
    const call = (url: string) =>
      settleCall(url, ((args: never) => clubPageLoader({ ...(args as object), params: { slug: "hc-kometa" } } as never)) as never);
    expect((await call(page)).status).toBe(404);
    const { ctx } = testContext(page, d1.bindings);
    const club = await getBackend(ctx).clubs.bySlug("leads_icehockey", "hc-kometa");
    await getBackend(ctx).clubs.setStatus(club!.id, "approved", ["pending"]);
    expect((await call(page)).body).toMatchObject({ club: { name: "HC Kometa", city: "Brno", families: 0 } });
    const board = await settleCall("http://127.0.0.1:8810/clubs?domain=champion&sport=icehockey", leaderboardLoader as never);
    expect((board.body as { clubs: unknown[] }).clubs).toEqual([
      { rank: 1, name: "HC Kometa", city: "Brno", families: 0, href: "/clubs/hc-kometa?domain=champion&sport=icehockey" },
    ]);
    expect((await register({ name: "Genius club", city: "Praha", email: "x@example.com" }, GENIUS)).status).toBe(404);
    expect((await settleCall("http://127.0.0.1:8810/clubs", leaderboardLoader as never)).status).toBe(404);
  });
});
