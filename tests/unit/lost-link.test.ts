import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import type { LeadTable } from "~/data/ports/lead-store";
import { lostLinkAction, lostLinkLoader } from "~/leads/lost-link.server";
import { suppress } from "~/mail/suppression.server";
import { checkLeadLink } from "~/platform/lead-links.server";
import { HONEYPOT_NAME } from "~/platform/bot-guard.server";
import { personStamp } from "./helpers/bot-fields";
import { testContext } from "./helpers/context";
import { LEAD_TABLES } from "~/data/lead-model";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/**
 * "Lost my link" (docs/decisions/034-lost-my-link.md) on a real local D1: a listed address gets one
 * mail with its status link, per address and window; every address gets the same answer.
 */
const d1 = useLocalD1();

beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox", "suppressions"]);
});

const GENIUS = "http://127.0.0.1:8810/lost-link";
const TENNIS = "http://127.0.0.1:8810/lost-link?domain=champion&sport=tennis";
let ip = 0;
let seq = 0;

type Answer = { status: number; location: string | null; body: unknown };

/** Posts the form as a browser would (a fresh IP each time: the per-IP form limit is not under test), then lets the after-response work finish. */
async function post(url: string, fields: [string, string][], { stamp = true } = {}): Promise<Answer> {
  const { load, settle } = testContext(url, d1.bindings);
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  if (stamp) body.append(...(await personStamp()));
  const request = new Request(url, { method: "POST", body, headers: { "CF-Connecting-IP": `203.0.113.${++ip % 250}` } });
  let answer: Answer;
  try {
    const result = (await lostLinkAction({ request, context: load, params: {} })) as unknown as { data: unknown; init: { status: number } };
    answer = { status: result.init.status, location: null, body: result.data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    answer = { status: thrown.status, location: thrown.headers.get("Location"), body: await thrown.text() };
  }
  await settle();
  return answer;
}

async function lead(table: LeadTable, email: string, { confirmed = true } = {}) {
  const { ctx } = testContext(GENIUS, d1.bindings);
  const row = await getBackend(ctx).leads.create(table, { email, step_completed: 3 });
  if (confirmed)
    await d1.db
      .prepare(`UPDATE ${table} SET confirm_seq = ?, confirmed_at = ?, email_verified = 1 WHERE id = ?`)
      .bind(++seq, new Date().toISOString(), row.id)
      .run();
  return row;
}

type Row = { template: string; recipient: string; dedupe_key: string; variant: string; status: string; subject: string; text: string };
const rows = async () =>
  (await d1.db.prepare("SELECT template, recipient, dedupe_key, variant, status, subject, text FROM outbox").all<Row>()).results;
/** The links of a sent mail's plain-text part, by path (the mail was rendered and sent after the response). */
const linksOf = (row: Row) => {
  const links: Record<string, string> = {};
  for (const match of row.text.matchAll(/https?:\/\/[^\s\])]+/g)) links[new URL(match[0]).pathname] ??= match[0];
  return links;
};

const SAME_ANSWER = { status: 303, location: "/lost-link?sent=1", body: "" };

describe("POST /lost-link", () => {
  it("mails a listed parent one link to their status page, through the outbox", async () => {
    const parent = await lead("leads", "parent@example.com");
    expect(await post(GENIUS, [["email", "  Parent@Example.com "]])).toEqual(SAME_ANSWER);
    const written = await rows();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ template: "lost-link", recipient: "parent@example.com", variant: "genius" });
    expect(written[0].dedupe_key).toMatch(/^lost-link:to:[0-9a-f]{32}:\d{4}-\d{2}-\d{2}:1$/);
    expect(written[0].status).toBe("sent");
    expect(written[0].subject).toBe("Here's your AI Parenting waitlist link");
    const links = linksOf(written[0]);
    const status = new URL(links["/status"]!);
    expect(status.pathname).toBe("/status");
    const { ctx } = testContext(GENIUS, d1.bindings);
    expect(await checkLeadLink(ctx.env, true, status.searchParams.get("t"), "status")).toMatchObject({
      ok: true,
      leadId: parent.id,
      table: "leads",
    });
    // Confirmed already: no confirm button.
    expect(links["/verify-email"]).toBeUndefined();
  });

  it("gives a parent who has not confirmed yet the confirm button in the same mail", async () => {
    await lead("leads", "new@example.com", { confirmed: false });
    await post(GENIUS, [["email", "new@example.com"]]);
    const [row] = await rows();
    expect(linksOf(row)["/verify-email"]).toBeDefined();
    expect(linksOf(row)["/status"]).toBeDefined();
  });

  it("answers an unlisted, a suppressed and an erased address exactly as a listed one, and writes nothing for them", async () => {
    await lead("leads", "listed@example.com");
    await lead("leads", "bounced@example.com");
    const { ctx } = testContext(GENIUS, d1.bindings);
    await suppress(ctx, "bounced@example.com", "all", "bounce");
    await suppress(ctx, "erased@example.com", "all", "erasure");
    // At once: each post's look-up waits for the next page before it starts, and these wait together.
    const answers = await Promise.all(
      ["stranger@example.com", "bounced@example.com", "erased@example.com", "listed@example.com"].map((email) =>
        post(GENIUS, [["email", email]]),
      ),
    );
    for (const answer of answers) expect(answer).toEqual(SAME_ANSWER);
    expect((await rows()).map((row) => row.recipient)).toEqual(["listed@example.com"]);
  });

  it("does the same work before answering for a listed and an unlisted address: the look-up starts after the answer", async () => {
    await lead("leads", "listed@example.com");
    // Both at once, each with its own view of the database: their after-response waits overlap.
    const oneRequest = async (email: string) => {
      // What the request asks the database before its answer is ready, and what it asks afterwards.
      const asked: string[] = [];
      const db = new Proxy(d1.db, {
        get(target, prop) {
          if (prop === "prepare") return (sql: string) => (asked.push(sql), target.prepare(sql));
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const { load, settle } = testContext(GENIUS, { ...d1.bindings, DB: db });
      const body = new FormData();
      body.append("email", email);
      body.append(...(await personStamp()));
      const request = new Request(GENIUS, { method: "POST", body, headers: { "CF-Connecting-IP": `203.0.113.${++ip % 250}` } });
      const answer = await lostLinkAction({ request, context: load, params: {} }).catch((thrown: unknown) => thrown as Response);
      expect(answer).toBeInstanceOf(Response);
      const beforeAnswer = asked.filter((sql) => /\b(leads|outbox|suppressions)\b/i.test(sql));
      expect(beforeAnswer).toEqual([]);
      await settle();
      expect(asked.some((sql) => /\bleads\b/i.test(sql))).toBe(true);
    };
    await Promise.all(["listed@example.com", "stranger@example.com"].map(oneRequest));
    expect((await rows()).map((row) => row.recipient)).toEqual(["listed@example.com"]);
  });

  it("still mails a parent who unsubscribed from marketing: the link is what they asked for (transactional)", async () => {
    await lead("leads", "quiet@example.com");
    await suppress(testContext(GENIUS, d1.bindings).ctx, "quiet@example.com", "marketing", "unsubscribe");
    await post(GENIUS, [["email", "quiet@example.com"]]);
    expect(await rows()).toHaveLength(1);
  });

  it("sends one mail per address and window, whoever asks: a double click or a second request writes no second row", async () => {
    await lead("leads", "parent@example.com");
    await Promise.all([post(GENIUS, [["email", "parent@example.com"]]), post(GENIUS, [["email", "parent@example.com"]])]);
    expect(await post(GENIUS, [["email", "PARENT@example.com"]])).toEqual(SAME_ANSWER);
    expect(await rows()).toHaveLength(1);
  });

  it("looks the address up in the variant's own table and links the variant's status page", async () => {
    await lead("leads", "genius-only@example.com");
    await lead("leads_tennis", "tennis@example.com");
    expect(await post(TENNIS, [["email", "genius-only@example.com"]])).toEqual({
      ...SAME_ANSWER,
      location: "/lost-link?domain=champion&sport=tennis&sent=1",
    });
    expect(await rows()).toHaveLength(0);
    await post(TENNIS, [["email", "tennis@example.com"]]);
    const [row] = await rows();
    expect(row).toMatchObject({ template: "lost-link", variant: "champion-tennis" });
    const status = new URL(linksOf(row)["/status"]!);
    expect(status.searchParams.get("sport")).toBe("tennis");
  });

  it.each([
    ["no address", [] as [string, string][], "missing"],
    ["an empty address", [["email", "   "]] as [string, string][], "missing"],
    ["a malformed address", [["email", "not-an-address"]] as [string, string][], "invalidEmail"],
  ] as const)("refuses %s with 400 and a message, and writes nothing", async (_name, fields, message) => {
    await lead("leads", "parent@example.com");
    const answer = await post(GENIUS, [...fields]);
    expect(answer.status).toBe(400);
    expect((answer.body as { alert: string }).alert).toBe(getPage("genius", "lostLink").errors[message]);
    expect(await rows()).toHaveLength(0);
  });

  it("refuses an address over the length cap with 400", async () => {
    const answer = await post(GENIUS, [["email", `${"a".repeat(250)}@example.com`]]);
    expect(answer.status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("answers a bot (honeypot filled) as a person, and looks nothing up", async () => {
    await lead("leads", "parent@example.com");
    expect(
      await post(GENIUS, [
        ["email", "parent@example.com"],
        [HONEYPOT_NAME, "http://spam.example"],
      ]),
    ).toEqual(SAME_ANSWER);
    expect(await rows()).toHaveLength(0);
  });

  it("shows a form without its stamp again (422), writing nothing", async () => {
    await lead("leads", "parent@example.com");
    const answer = await post(GENIUS, [["email", "parent@example.com"]], { stamp: false });
    expect(answer.status).toBe(422);
    expect(await rows()).toHaveLength(0);
  });
});

describe("GET /lost-link", () => {
  it("shows the form with its bot fields, and the 'check your inbox' view with no address in it", async () => {
    const form = await lostLinkLoader({ request: new Request(GENIUS), context: testContext(GENIUS).load, params: {} });
    expect(form.sent).toBe(false);
    expect(form.bot?.stamp).toBeTruthy();
    const sent = await lostLinkLoader({ request: new Request(`${GENIUS}?sent=1`), context: testContext(GENIUS).load, params: {} });
    expect(sent).toEqual({ copy: getPage("genius", "lostLink"), sent: true, bot: null });
  });
});
