import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { referralRules } from "#content/referrals";
import { renderEmail } from "#emails/render.server";
import { variantScope } from "~/utils/admin-scope";
import {
  audienceOf,
  campaignProgress,
  consumeCampaignMessages,
  createCampaign,
  stepCampaign,
  sweepCampaigns,
  type CampaignContext,
} from "~/campaigns/campaigns.server";
import type { Draft } from "~/campaigns/draft";
import { createD1CampaignStore } from "~/data/d1/campaign-store.server";
import { getBatchTransport } from "~/mail/batch-transport.server";
import type { MailMessage } from "~/mail/mail-queue.server";
import { consumeMailBatch } from "~/mail/queue-consumer.server";
import { suppress } from "~/mail/suppression.server";
import { eraseParentData } from "~/trust/my-data.server";
import { parseEnv } from "~/utils/env.server";
import type { LeadTable } from "~/utils/variant";
import { insertParents } from "./helpers/bulk-parents";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * Launch-day announcements (ADR 026) on a real local D1: who the audience is, a scheduled campaign
 * starting on the first cron at or after its time and only once, a step killed mid-campaign
 * resumed without a second row (so a second mail) for anyone, and a parent erased between the
 * audience and the send getting nothing.
 */

const d1 = useLocalD1();
let db: D1Database;
beforeAll(async () => {
  db = d1.db;
  await renderEmail("announcement", "genius", { origin: "http://127.0.0.1:8810" });
}, 60_000);
beforeEach(async () => {
  await db.batch(
    [
      "outbox",
      "campaigns",
      "suppressions",
      "referrals",
      "leads",
      "leads_icehockey",
      "leads_tennis",
      "send_pacer",
      "wave_members",
      "waves",
      "users",
    ].map((t) => db.prepare(`DELETE FROM ${t}`)),
  );
});

const env = parseEnv({
  MAIL_TRANSPORT: "resend",
  RESEND_API_KEY: "re_test",
  RESEND_API_URL: "https://resend.test",
  RESEND_MAX_PER_SECOND: "1000",
  SESSION_SECRET: "test-secret-for-campaign-links-0123456789abcdef",
});
const T0 = new Date("2026-03-01T09:00:00.000Z");
const ORIGIN = "http://127.0.0.1:8810";
const GENIUS = variantScope({ domain: "genius" });
const HOCKEY = variantScope({ domain: "champion", sport: "icehockey" });
const DRAFT: Draft = {
  date: "2026-04-01",
  message: "Early access opens soon. Thank you for waiting!",
  ctaLabel: "See the plans",
  ctaUrl: "/pricing",
};

type Sent = { messages: unknown[] };

function fakeQueue(): Queue<MailMessage> & Sent {
  const messages: unknown[] = [];
  return {
    messages,
    async send(body: unknown) {
      messages.push(body);
    },
    async sendBatch(batch: { body: unknown }[]) {
      messages.push(...batch.map((m) => m.body));
    },
  } as unknown as Queue<MailMessage> & Sent;
}

function context(at: Date, options: { queue?: Queue<MailMessage>; db?: D1Database } = {}): CampaignContext {
  return { env, bindings: { DB: options.db ?? db, ...(options.queue ? { MAIL_QUEUE: options.queue } : {}) }, now: () => at };
}

const minutes = (m: number) => new Date(T0.getTime() + m * 60_000);

/** Parents on the waitlist of `table`, in one round trip; confirmed unless told. */
const parents = (table: LeadTable, emails: string[], confirmed = true): Promise<string[]> =>
  insertParents(
    db,
    table,
    emails.map((email) => ({ email, step_completed: 3, confirmedAt: confirmed ? T0.toISOString() : null })),
    referralRules.placesPerCredit,
  );

/** `count` confirmed parents named `prefix` and their number, e.g. p000@example.com. */
const numbered = (prefix: string, count: number) =>
  parents(
    "leads",
    Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, "0")}@example.com`),
  );

const rowsOf = async (campaignId: string) =>
  (
    await db
      .prepare("SELECT dedupe_key, recipient, status, template FROM outbox WHERE dedupe_key LIKE ? ORDER BY recipient")
      .bind(`campaign:${campaignId}:%`)
      .all<{ dedupe_key: string; recipient: string; status: string; template: string }>()
  ).results;

/** The variant the e2e spec uses too: 3 confirmed, 1 unsubscribed, 1 suppressed (bounce), 1 unconfirmed. */
async function seedVariant(table: LeadTable, tag: string) {
  const ctx = context(T0);
  await parents(
    table,
    [1, 2, 3, "unsub", "bounce"].map((name) => `${tag}-${typeof name === "number" ? `ok${name}` : name}@example.com`),
  );
  await parents(table, [`${tag}-unconfirmed@example.com`], false);
  await suppress(ctx, `${tag}-unsub@example.com`, "marketing", "unsubscribe");
  await suppress(ctx, `${tag}-bounce@example.com`, "all", "bounce");
}

describe("the audience", () => {
  it("counts confirmed parents, without the unsubscribed, the suppressed and the unconfirmed", async () => {
    await seedVariant("leads", "g");
    await seedVariant("leads_icehockey", "h");
    await parents("leads_icehockey", ["h-ok4@example.com"]);
    const genius = await audienceOf(context(T0), GENIUS);
    expect({ ...genius, first: genius.first?.email }).toEqual({
      count: 3,
      waiting: 3,
      admitted: 0,
      accounts: 0,
      unsubscribed: 1,
      bounced: 1,
      unconfirmed: 1,
      first: "g-ok1@example.com",
    });
    const hockey = await audienceOf(context(T0), HOCKEY);
    expect([hockey.count, hockey.unsubscribed, hockey.bounced, hockey.unconfirmed]).toEqual([4, 1, 1, 1]);
    const all = await audienceOf(context(T0), { kind: "all" });
    expect([all.count, all.unsubscribed, all.bounced, all.unconfirmed]).toEqual([7, 2, 2, 2]);
  });

  it("sends one mail to each parent of the audience and none to the others", async () => {
    await seedVariant("leads", "g");
    await seedVariant("leads_icehockey", "h");
    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-1",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: null,
    });
    expect(await stepCampaign(context(T0), campaign.id)).toBe("written");
    const rows = await rowsOf(campaign.id);
    expect(rows.map((r) => r.recipient)).toEqual(["g-ok1@example.com", "g-ok2@example.com", "g-ok3@example.com"]);
    expect(new Set(rows.map((r) => r.template))).toEqual(new Set(["announcement"]));
    const stored = await db.prepare("SELECT status, audience, written, excluded FROM campaigns WHERE id = ?").bind(campaign.id).first();
    expect(stored).toEqual({ status: "written", audience: 3, written: 3, excluded: 2 });
    // A second step (a redelivered message) writes nothing more.
    expect(await stepCampaign(context(minutes(1)), campaign.id)).toBe("idle");
    expect(await rowsOf(campaign.id)).toHaveLength(3);
  });
});

/** A wave admits `leadId`, and `accountOf` gets an account (by its lead), the way waves and sign-up write them. */
async function admitAndAccount(table: LeadTable, admitted: string, accountOf: string) {
  const inAWeek = new Date(T0.getTime() + 7 * 86_400_000).toISOString();
  await db.batch([
    db.prepare("DELETE FROM wave_members"),
    db.prepare("DELETE FROM waves"),
    db.prepare("DELETE FROM users"),
    db
      .prepare(
        "INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by) VALUES ('w1', ?, 'genius', 1, 1, ?, 'a@example.com')",
      )
      .bind(table, T0.toISOString()),
    db
      .prepare(
        "INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at) VALUES ('w1', ?, ?, 1, ?, ?)",
      )
      .bind(table, admitted, T0.toISOString(), inAWeek),
    db.prepare("INSERT INTO users (id, email, name, lead_id) VALUES ('u1', NULL, 'Acc', ?)").bind(accountOf),
  ]);
}

describe("each recipient's standing (ADR 027)", () => {
  it("the confirmation counts waiting, admitted and account holders; each mail says the recipient's own standing", async () => {
    const [, admitted, account] = await parents("leads", ["waiting@example.com", "admitted@example.com", "account@example.com"]);
    await admitAndAccount("leads", admitted, account);
    const audience = await audienceOf(context(T0), GENIUS);
    expect({ count: audience.count, waiting: audience.waiting, admitted: audience.admitted, accounts: audience.accounts }).toEqual({
      count: 3,
      waiting: 1,
      admitted: 1,
      accounts: 1,
    });

    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-standing",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: null,
    });
    expect(await stepCampaign(context(T0), campaign.id)).toBe("written");
    const rows = (
      await db
        .prepare("SELECT recipient, render_input FROM outbox WHERE dedupe_key LIKE ?")
        .bind(`campaign:${campaign.id}:%`)
        .all<{ recipient: string; render_input: string }>()
    ).results;
    const texts: Record<string, string> = {};
    for (const row of rows) {
      const input = JSON.parse(row.render_input) as { data: Parameters<typeof renderEmail>[2] };
      texts[row.recipient] = (await renderEmail("announcement", "genius", input.data)).text.replace(/\s+/g, " ");
    }
    expect(texts["waiting@example.com"]).toMatch(/You're number 1 in line/);
    expect(texts["waiting@example.com"]).toMatch(/move you up/);
    for (const pastTheLine of ["admitted@example.com", "account@example.com"]) {
      expect(texts[pastTheLine]).not.toMatch(/You're number|move you up/i);
    }
    expect(texts["admitted@example.com"]).toMatch(/invite/);
    expect(texts["account@example.com"]).toMatch(/account/);
    expect(texts["account@example.com"]).not.toMatch(/You're in/);
  });
});

describe("one campaign per announcement", () => {
  it("a resubmitted form and a second admin sending the same announcement find the first campaign", async () => {
    await seedVariant("leads", "g");
    const input = { scope: GENIUS, draft: DRAFT, formKey: "form-a", origin: ORIGIN, by: "one@example.com", sendAt: null };
    const [a, b] = await Promise.all([createCampaign(context(T0), input), createCampaign(context(T0), input)]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.campaign.id).toBe(b.campaign.id);
    const other = await createCampaign(context(T0), { ...input, formKey: "form-b", by: "two@example.com" });
    expect(other).toMatchObject({ created: false, campaign: { id: a.campaign.id, created_by: a.campaign.created_by } });
    const changed = await createCampaign(context(T0), { ...input, formKey: "form-c", draft: { ...DRAFT, message: "Another text" } });
    expect(changed.created).toBe(true);
    expect((await db.prepare("SELECT COUNT(*) AS n FROM campaigns").first<{ n: number }>())?.n).toBe(2);
  });
});

describe("scheduling", () => {
  it("a scheduled campaign starts on the first cron at or after its time, once", async () => {
    await seedVariant("leads", "g");
    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-s",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: minutes(12),
    });
    // Cron runs every 5 minutes: 09:05 and 09:10 are before its time.
    for (const at of [5, 10]) {
      expect(await sweepCampaigns(context(minutes(at)))).toMatchObject({ started: 0, steps: 0 });
      expect(await rowsOf(campaign.id)).toEqual([]);
    }
    expect((await db.prepare("SELECT status FROM campaigns WHERE id = ?").bind(campaign.id).first())?.status).toBe("scheduled");
    // 09:15: the first run at or after 09:12 starts it.
    expect(await sweepCampaigns(context(minutes(15)))).toMatchObject({ started: 1 });
    expect((await rowsOf(campaign.id)).map((r) => r.recipient)).toEqual(["g-ok1@example.com", "g-ok2@example.com", "g-ok3@example.com"]);
    const started = await db.prepare("SELECT status, started_at FROM campaigns WHERE id = ?").bind(campaign.id).first();
    expect(started).toEqual({ status: "written", started_at: minutes(15).toISOString() });
    // Later runs start nothing again and write nothing more.
    for (const at of [20, 25]) expect(await sweepCampaigns(context(minutes(at)))).toMatchObject({ started: 0, steps: 0 });
    expect(await rowsOf(campaign.id)).toHaveLength(3);
  });

  it("with a queue the cron starts it and each step hands on to a message until every row is written", async () => {
    await numbered("q", 120);
    const queue = fakeQueue();
    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-q",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: minutes(1),
    });
    await sweepCampaigns(context(minutes(5), { queue }));
    // The cron's step wrote what it may, then handed on: row messages and one campaign message.
    const steps = () => queue.messages.filter((m) => (m as { campaign?: string }).campaign === campaign.id);
    while (steps().length) {
      const pending = steps();
      queue.messages.splice(0, queue.messages.length, ...queue.messages.filter((m) => !pending.includes(m)));
      const messages = pending.map((body) => ({ body, ack() {}, retry() {} }) as unknown as Message<unknown>);
      await consumeCampaignMessages(context(minutes(5), { queue }), messages);
    }
    expect(await rowsOf(campaign.id)).toHaveLength(120);
    const rowMessages = queue.messages.filter((m) => typeof (m as { id?: string }).id === "string");
    expect(rowMessages).toHaveLength(120);
  });
});

/** A D1 whose next campaign record after `after` chunks throws, as a Worker killed mid-step. */
function killedAfter(chunks: number): D1Database {
  let recorded = 0;
  return new Proxy(db, {
    get(target, name, receiver) {
      if (name !== "prepare") return Reflect.get(target, name, receiver);
      return (sql: string) => {
        if (/^\s*UPDATE campaigns SET cursor/.test(sql) && ++recorded > chunks) throw new Error("Worker killed");
        return target.prepare(sql);
      };
    },
  });
}

describe("a crash mid-campaign", () => {
  // Four campaign steps over 250 parents: on a loaded 2-core machine this outruns 30 s, and it
  // outran 90 s on one running three suites at once. A test that times out runs on in the
  // background and spoils the next test's rows, so it gets room to finish.
  it("is resumed from the cursor once the step's lease has run out, and nobody gets a second row", async () => {
    await numbered("p", 250);
    const queue = fakeQueue();
    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-k",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: null,
    });
    // The first chunk is recorded; the second chunk's rows are written and enqueued, then the Worker dies.
    await expect(stepCampaign(context(T0, { queue, db: killedAfter(1) }), campaign.id)).rejects.toThrow("Worker killed");
    expect(await rowsOf(campaign.id)).toHaveLength(200);
    const held = await db.prepare("SELECT status, written, lease_until FROM campaigns WHERE id = ?").bind(campaign.id).first();
    expect(held).toMatchObject({ status: "sending", written: 100 });
    // While the dead step's lease lasts, nothing takes the campaign over.
    expect(await stepCampaign(context(minutes(0.5), { queue }), campaign.id)).toBe("busy");
    // The next cron after the lease resumes it: the second chunk is found written, the third is new.
    await sweepCampaigns(context(minutes(5), { queue }));
    let outcome = "more";
    while (outcome === "more") outcome = await stepCampaign(context(minutes(5), { queue }), campaign.id);
    const rows = await rowsOf(campaign.id);
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(250);
    const done = await db.prepare("SELECT status, audience, written, excluded FROM campaigns WHERE id = ?").bind(campaign.id).first();
    expect(done).toEqual({ status: "written", audience: 250, written: 250, excluded: 0 });
    // The consumer sends each row once, however many messages name it (the chunk in doubt was enqueued twice).
    const fetched: string[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { to: string[] }[];
      fetched.push(...body.map((mail) => mail.to[0]));
      return Response.json({ data: body.map((_, i) => ({ id: `re-${fetched.length}-${i}` })) });
    }) as unknown as typeof fetch;
    const ids = queue.messages.filter((m): m is MailMessage => typeof (m as { id?: string }).id === "string");
    expect(ids.length).toBeGreaterThan(250);
    const mailCtx = { ...context(minutes(6), { queue }), transport: getBatchTransport(env, fetchImpl) };
    for (let start = 0; start < ids.length; start += 100) {
      const messages = ids.slice(start, start + 100).map((body, i) => ({ id: `m${start + i}`, body, attempts: 1, ack() {}, retry() {} }));
      await consumeMailBatch(mailCtx, { queue: "mail", messages, ackAll() {}, retryAll() {} } as unknown as MessageBatch<MailMessage>);
    }
    expect(fetched).toHaveLength(250);
    expect(new Set(fetched).size).toBe(250);
    const progress = await campaignProgress(context(minutes(6)), (await campaignRow(campaign.id))!);
    expect(progress).toEqual({ queued: 0, sent: 250, failed: 0, skipped: 0, done: true });
  }, 240_000);
});

describe("rows whose queue messages were lost", () => {
  it("are enqueued again once the queue has moved past them (rows written 10 s later were sent), not only after the minute", async () => {
    await numbered("l", 150);
    const { campaign } = await createCampaign(context(T0), {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-l",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: null,
    });
    // The first 100 rows are written and enqueued, and their messages are lost (a local queue killed with its Worker).
    const lostQueue = fakeQueue();
    expect(await stepCampaign(context(T0, { queue: lostQueue }), campaign.id, { maxRecipients: 100 })).toBe("more");
    // The resumed campaign writes the rest 40 s later.
    const queue = fakeQueue();
    const later = new Date(T0.getTime() + 40_000);
    expect(await stepCampaign(context(later, { queue }), campaign.id)).toBe("written");
    // While nothing newer has gone out, a message that is only slow is left alone.
    expect(await sweepCampaigns(context(new Date(T0.getTime() + 42_000), { queue }))).toMatchObject({ requeued: 0 });
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as unknown[];
      return Response.json({ data: body.map((_, i) => ({ id: `re-${i}` })) });
    }) as unknown as typeof fetch;
    const fresh = queue.messages.splice(0).map((body, i) => ({ id: `m${i}`, body, attempts: 1, ack() {}, retry() {} }));
    expect(fresh).toHaveLength(50);
    await consumeMailBatch({ ...context(new Date(T0.getTime() + 43_000)), transport: getBatchTransport(env, fetchImpl) }, {
      queue: "mail",
      messages: fresh,
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch<MailMessage>);
    // 45 s after the first rows: the queue has moved past them, so their messages were lost.
    expect(await sweepCampaigns(context(new Date(T0.getTime() + 45_000), { queue }))).toMatchObject({ requeued: 100 });
    expect(queue.messages).toHaveLength(100);
  });
});

describe("a parent erased between the audience and the send", () => {
  it("is skipped: no row when erased before their chunk, no mail when erased after it", async () => {
    await seedVariant("leads", "g");
    const ctx = context(T0);
    expect((await audienceOf(ctx, GENIUS)).count).toBe(3);
    const { campaign } = await createCampaign(ctx, {
      scope: GENIUS,
      draft: DRAFT,
      formKey: "form-e",
      origin: ORIGIN,
      by: "admin@example.com",
      sendAt: null,
    });
    // Erased after the admin saw the audience, before the campaign's step.
    await eraseParentData(ctx as never, "g-ok2@example.com", "self", T0);
    expect(await stepCampaign(ctx, campaign.id)).toBe("written");
    expect((await rowsOf(campaign.id)).map((r) => r.recipient)).toEqual(["g-ok1@example.com", "g-ok3@example.com"]);

    // Erased after the rows were written, before the consumer sends them.
    await eraseParentData(ctx as never, "g-ok3@example.com", "self", T0);
    const fetched: string[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { to: string[] }[];
      fetched.push(...body.map((mail) => mail.to[0]));
      return Response.json({ data: body.map((_, i) => ({ id: `re-${i}` })) });
    }) as unknown as typeof fetch;
    const ids = (await db.prepare("SELECT id FROM outbox WHERE dedupe_key LIKE ?").bind(`campaign:${campaign.id}:%`).all<{ id: string }>())
      .results;
    await db.prepare("UPDATE outbox SET enqueued_at = ? WHERE dedupe_key LIKE ?").bind(T0.toISOString(), `campaign:${campaign.id}:%`).run();
    const messages = ids.map((row, i) => ({ id: `m${i}`, body: { id: row.id }, attempts: 1, ack() {}, retry() {} }));
    await consumeMailBatch({ ...context(minutes(1)), transport: getBatchTransport(env, fetchImpl) }, {
      queue: "mail",
      messages,
      ackAll() {},
      retryAll() {},
    } as unknown as MessageBatch<MailMessage>);
    expect(fetched).toEqual(["g-ok1@example.com"]);
    const progress = await campaignProgress(ctx, (await campaignRow(campaign.id))!);
    expect(progress).toEqual({ queued: 0, sent: 1, failed: 0, skipped: 1, done: true });
  });
});

const campaignRow = (id: string) => createD1CampaignStore(db).get(id);
