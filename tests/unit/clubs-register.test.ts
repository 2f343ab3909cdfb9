import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { clubsAdminAction, clubsAdminPage } from "~/clubs/admin.server";
import { confirmAction, confirmLoader, registerAction } from "~/clubs/registration.server";
import { clubLinkLoader, clubPageLoader, leaderboardLoader } from "~/clubs/public.server";
import { getBackend } from "~/data/backend.server";
import { getSession, getVariantValue } from "~/utils/session.server";
import { personStamp } from "./helpers/bot-fields";
import { testContext } from "./helpers/context";
import { CLUB_TABLES, emptyTables, useLocalD1 } from "./helpers/local-d1";

/**
 * A coach's club registration (docs/decisions/039-clubs.md) on a real local D1: bad input is a 400
 * that writes nothing, a double click mails once, the confirm link confirms, genius has no clubs.
 */
const d1 = useLocalD1();

beforeEach(async () => {
  await emptyTables(d1.db, [...CLUB_TABLES, "outbox"]);
});

const HOCKEY = "http://127.0.0.1:8810/clubs/new?domain=champion&sport=icehockey";
const GENIUS = "http://127.0.0.1:8810/clubs/new";
const copy = getPage("icehockey", "clubs");
let ip = 0;

type Answer = { status: number; location: string | null; body: unknown; cookie?: string | null };

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
    else if (thrown instanceof Response)
      answer = { status: thrown.status, location: thrown.headers.get("Location"), body: null, cookie: thrown.headers.get("Set-Cookie") };
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

/** The confirm page's button: a POST of the link's token. */
async function pressConfirm(url: string, token: string) {
  const body = new FormData();
  body.append("t", token);
  return settleCall(url, confirmAction as never, { method: "POST", body });
}

const confirmedContacts = async () =>
  (await d1.db.prepare("SELECT email FROM club_contacts WHERE confirmed_at IS NOT NULL").all<{ email: string }>()).results.map(
    (row) => row.email,
  );

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
    const confirmUrl = `http://127.0.0.1:8810${new URL(link).pathname}${new URL(link).search}`;
    // Opening the link (as a mail scanner does) only asks: the contact stays unconfirmed.
    const asked = await settleCall(confirmUrl, confirmLoader as never);
    expect(asked.body).toMatchObject({ state: "ask", clubName: "HC Sparta Praha", email: "coach@example.com" });
    expect(await confirmedContacts()).toEqual([]);
    // The button's POST confirms, once for a double click, and answers the confirmed page by redirect.
    const token = new URL(link).searchParams.get("t") ?? "";
    const pressed = await Promise.all([pressConfirm(confirmUrl, token), pressConfirm(confirmUrl, token)]);
    for (const answer of pressed)
      expect(answer).toMatchObject({ status: 303, location: `${new URL(link).pathname}${new URL(link).search}` });
    expect(await confirmedContacts()).toEqual(["coach@example.com"]);
    const confirmed = await settleCall(confirmUrl, confirmLoader as never);
    expect(confirmed.body).toMatchObject({ state: "confirmed", club: { name: "HC Sparta Praha", status: "pending" }, pageLink: null });
    expect((confirmed.body as { clubLink: string }).clubLink).toMatch(/\/c\/hc-sparta-praha\?domain=champion&sport=icehockey$/);
    const forged = await settleCall(`${HOCKEY.replace("/new", "/confirm")}&t=abc.def`, confirmLoader as never);
    expect(forged).toMatchObject({ status: 400, body: { state: "invalid" } });
    const forgedPress = await pressConfirm(HOCKEY.replace("/new", "/confirm"), "abc.def");
    expect(forgedPress).toMatchObject({ status: 400, body: { state: "invalid" } });
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

type Mail = { template: string; recipient: string; text: string };
const outbox = async () => (await d1.db.prepare("SELECT template, recipient, text FROM outbox ORDER BY created_at").all<Mail>()).results;
const hockeyCtx = () => testContext(HOCKEY, d1.bindings).ctx;

/** Opens the confirm link of a club-confirm mail, presses its button and shows the page it leads to. */
async function openConfirm(mail: Mail) {
  const link = new URL(/https?:\/\/\S+\/clubs\/confirm\?\S+/.exec(mail.text)?.[0] ?? "http://x/");
  const url = `http://127.0.0.1:8810${link.pathname}${link.search}`;
  await pressConfirm(url, link.searchParams.get("t") ?? "");
  return settleCall(url, confirmLoader as never);
}

describe("POST /clubs/new: one address, many registrations", () => {
  it("mails an address as the guide and lost-link mails are limited: twelve registrations make one mail, every answer alike", async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      const email = i % 2 ? "Victim+" + i + "@Example.com" : "victim@example.com";
      answers.push(await register({ name: `Club number ${i}`, city: "Praha", email }));
    }
    // The page reads the same for every post: nobody learns whether a mail went out.
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 303, location: "/clubs/new?domain=champion&sport=icehockey&sent=1" });
    const mails = await outbox();
    expect(mails.map((mail) => mail.template)).toEqual(["club-confirm"]);
    expect(mails[0].recipient).toBe("victim@example.com");
  });
});

describe("POST /clubs/new: a name that is taken", () => {
  const clubs = async () =>
    (
      await d1.db
        .prepare("SELECT id, slug, name, city, status, duplicate_of FROM clubs ORDER BY created_at, rowid")
        .all<{ id: string; slug: string; name: string; city: string; status: string; duplicate_of: string | null }>()
    ).results;
  const contactsOf = async (clubId: string) =>
    (
      await d1.db.prepare("SELECT email FROM club_contacts WHERE club_id = ? ORDER BY email").bind(clubId).all<{ email: string }>()
    ).results.map((row) => row.email);

  it("makes a club of its own with the city in its slug, waiting for the admin's review; nobody joins the existing club", async () => {
    await register({ name: "HC Sparta", city: "Praha", email: "praha@example.com" });
    await register({ name: "HC  SPARTA!!", city: "Brno", email: "brno@example.com" });
    // A double click of the Ostrava coach makes one club.
    await Promise.all([
      register({ name: "hc-sparta", city: "Ostrava", email: "ostrava@example.com" }),
      register({ name: "hc-sparta", city: "Ostrava", email: "ostrava@example.com" }),
    ]);
    const [praha, brno, ostrava, ...more] = await clubs();
    expect(more).toEqual([]);
    expect(praha).toMatchObject({ slug: "hc-sparta", name: "HC Sparta", city: "Praha", duplicate_of: null });
    expect(brno).toMatchObject({ slug: "hc-sparta-brno", name: "HC  SPARTA!!", city: "Brno", status: "pending", duplicate_of: praha.id });
    expect(ostrava).toMatchObject({ slug: "hc-sparta-ostrava", city: "Ostrava", status: "pending", duplicate_of: praha.id });
    expect(await contactsOf(praha.id)).toEqual(["praha@example.com"]);
    expect(await contactsOf(brno.id)).toEqual(["brno@example.com"]);
    // /admin/clubs names the club each one repeats, so the admin keeps it apart, merges or rejects it.
    const page = await clubsAdminPage(hockeyCtx());
    expect(page?.clubs.find((club) => club.id === brno.id)?.sameNameAs).toEqual({ id: praha.id, name: "HC Sparta", city: "Praha" });
    expect(page?.clubs.find((club) => club.id === praha.id)?.sameNameAs).toBeNull();
  });

  it("keeps long names apart that differ only near their end", async () => {
    const stem = "Sportovni klub ledniho hokeje mladeze a dospelych mesta";
    await register({ name: `${stem} Praha vychod`, city: "Praha", email: "a@example.com" });
    await register({ name: `${stem} Praha zapad`, city: "Praha", email: "b@example.com" });
    const [east, west] = await clubs();
    expect(east.slug).not.toBe(west.slug);
    expect([east.duplicate_of, west.duplicate_of]).toEqual([null, null]);
    expect(await contactsOf(west.id)).toEqual(["b@example.com"]);
  });

  it("never makes someone re-registering an approved club's name its contact; their page says the club is under review", async () => {
    await register({ name: "HC Kometa", city: "Brno", email: "coach@example.com" });
    const [kometa] = await clubs();
    await getBackend(hockeyCtx()).clubs.setStatus(kometa.id, "approved", ["pending"]);
    await register({ name: "HC Kometa", city: "Brno", email: "squatter@example.com" });
    const mail = (await outbox()).find((m) => m.recipient === "squatter@example.com");
    const confirmed = await openConfirm(mail!);
    expect(await contactsOf(kometa.id)).toEqual(["coach@example.com"]);
    const squatted = (await clubs()).find((club) => club.id !== kometa.id);
    expect(squatted).toMatchObject({ slug: "hc-kometa-brno", status: "pending", duplicate_of: kometa.id });
    expect(confirmed.body).toMatchObject({
      state: "confirmed",
      club: { name: "HC Kometa", status: "pending" },
      review: copy.confirmed.sameName.replace("{clubName}", "HC Kometa"),
      pageLink: null,
    });
    // The coach of the club registering it again lands on their own club.
    await register({ name: "HC Kometa", city: "Brno", email: "coach@example.com" });
    expect(await clubs()).toHaveLength(2);
  });
});

describe("merged clubs", () => {
  const HOCKEY_PAGE = "http://127.0.0.1:8810/clubs/x?domain=champion&sport=icehockey";
  const open = (loader: unknown, slug: string, path = "clubs") =>
    settleCall(HOCKEY_PAGE.replace("/clubs/x", `/${path}/${slug}`), ((args: never) =>
      (loader as (a: unknown) => Promise<unknown>)({ ...(args as object), params: { slug } })) as never);
  const slugInSession = async (cookie: string | null | undefined) => {
    const { ctx } = testContext(HOCKEY, d1.bindings);
    const session = await getSession(new Request(HOCKEY, { headers: { Cookie: (cookie ?? "").split(";")[0] } }), ctx);
    return getVariantValue(session, ctx.variant, "clubSlug") ?? null;
  };
  async function approvedClub(slug: string) {
    const store = getBackend(hockeyCtx()).clubs;
    const { club } = await store.register(
      {
        id: crypto.randomUUID(),
        lead_table: "leads_icehockey",
        variant: "champion-icehockey",
        slug,
        name: slug,
        city: "Praha",
        sport: "icehockey",
        created_at: new Date().toISOString(),
        duplicate_of: null,
      },
      `${slug}@example.com`,
    );
    await store.setStatus(club.id, "approved", ["pending"]);
    return club;
  }
  const merge = (from: string, into: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ intent: "merge", club: from, into, confirmed: "yes" })) form.append(key, value);
    return clubsAdminAction(hockeyCtx(), form);
  };

  it("follow a chain of merges to the club that remains, on the club link and the club page", async () => {
    const [a, b, c] = [await approvedClub("chain-a"), await approvedClub("chain-b"), await approvedClub("chain-c")];
    expect(await merge(a.id, b.id)).toMatchObject({ ok: true });
    expect(await merge(b.id, c.id)).toMatchObject({ ok: true });
    for (const slug of ["chain-a", "chain-b"]) {
      expect(await open(clubPageLoader, slug)).toMatchObject({ status: 301, location: "/clubs/chain-c?domain=champion&sport=icehockey" });
      const link = await open(clubLinkLoader, slug, "c");
      expect(await slugInSession(link.cookie)).toBe("chain-c");
    }
  });

  it("follow a chain written before merges pointed at the end, and stop at a loop", async () => {
    const [x, y, z, p, q] = [
      await approvedClub("old-x"),
      await approvedClub("old-y"),
      await approvedClub("old-z"),
      await approvedClub("loop-p"),
      await approvedClub("loop-q"),
    ];
    const point = (from: string, into: string) =>
      d1.db.prepare("UPDATE clubs SET status = 'merged', merged_into = ? WHERE id = ?").bind(into, from).run();
    await point(x.id, y.id);
    await point(y.id, z.id);
    await point(p.id, q.id);
    await point(q.id, p.id);
    expect(await open(clubPageLoader, "old-x")).toMatchObject({ status: 301, location: "/clubs/old-z?domain=champion&sport=icehockey" });
    expect((await open(clubPageLoader, "loop-p")).status).toBe(404);
    expect(await slugInSession((await open(clubLinkLoader, "loop-p", "c")).cookie)).toBeNull();
  });
});
