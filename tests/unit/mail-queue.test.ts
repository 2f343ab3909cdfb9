import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailContext } from "~/mail/mailer.server";
import { mailStatus, queueTemplateMail } from "~/mail/outbox.server";
import { retryFailedMail } from "~/mail/sweep.server";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import type { MailTransport, OutgoingMail, TransportResult } from "~/mail/transport.server";
import { renderEmail } from "#emails/render.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";
import { oneAtATime } from "./helpers/one-at-a-time-d1";

/**
 * One e-mail per dedupe key, sent after the response, on a real local D1. The transport is a fake
 * that records every call and can be held open (a mail API that hangs) or made to fail.
 */
const d1 = useLocalD1();
let db: D1Database;
let bindings: Record<string, unknown>;
beforeAll(async () => {
  db = oneAtATime(d1.db);
  // Without the queue binding, as under Vite dev: pages send after the response themselves.
  bindings = { ...d1.bindings, DB: db, MAIL_QUEUE: undefined };
  // The first render loads the e-mail components; keep that out of the timed parallel tests.
  await renderEmail("prelaunch", "tennis", { origin: "http://127.0.0.1:8810" });
}, 60_000);
beforeEach(async () => {
  await db.prepare("DELETE FROM outbox").run();
});

type Fake = {
  transport: MailTransport;
  calls: OutgoingMail[];
  /** Lets every held send answer. */
  release: () => void;
  released: boolean;
  maxInFlight: number;
};

function fakeTransport(
  options: { hold?: boolean; overlap?: number; answer?: (mail: OutgoingMail) => TransportResult; onSend?: () => void } = {},
): Fake {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let inFlight = 0;
  // With `overlap`, the first sends wait until that many are in flight at once (then never again),
  // so a run with parallel workers shows its concurrency without relying on timing.
  let openOverlap!: () => void;
  const overlapping = new Promise<void>((resolve) => (openOverlap = resolve));
  const fake: Fake = {
    calls: [],
    released: false,
    maxInFlight: 0,
    release() {
      fake.released = true;
      open();
    },
    transport: {
      name: "resend",
      async send(mail) {
        fake.calls.push(mail);
        inFlight += 1;
        fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
        try {
          options.onSend?.();
          if (options.hold) await gate;
          else if (options.overlap) {
            if (inFlight >= options.overlap) openOverlap();
            await overlapping;
          }
          return options.answer?.(mail) ?? { ok: true, providerMessageId: `fake-${fake.calls.length}` };
        } finally {
          inFlight -= 1;
        }
      },
    },
  };
  return fake;
}

const TENNIS = { domain: "champion", sport: "tennis" } as const;

/** A request context the way the Worker builds one, on the local D1, with a fake transport. */
function request(fake: Fake, withBindings: Record<string, unknown> = bindings) {
  const t = testContext("http://127.0.0.1:8810/confirm?domain=champion&sport=tennis", withBindings);
  return { ctx: { ...t.ctx, transport: fake.transport }, settle: t.settle };
}

const prelaunch = (dedupeKey: string, to = "ann@example.com") => ({
  dedupeKey,
  template: "prelaunch" as const,
  variant: TENNIS,
  to,
  data: { origin: "http://127.0.0.1:8810", selectedPlan: "Compete", refLink: "http://127.0.0.1:8810/?r=ABCDEFGH" },
});

async function outboxRows(): Promise<OutboxRow[]> {
  return (await db.prepare("SELECT * FROM outbox ORDER BY created_at").all<OutboxRow>()).results;
}

describe("queueTemplateMail", () => {
  it("answers before rendering: the page writes the template and its data, the body is rendered and stored after the response", async () => {
    const fake = fakeTransport();
    const { ctx, settle } = request(fake);
    await queueTemplateMail(ctx, prelaunch("prelaunch:leads_tennis:lead-render"));
    const [queued] = await outboxRows();
    expect(queued).toMatchObject({ status: "pending", subject: "", html: "" });
    expect(JSON.parse(queued.render_input ?? "null")).toMatchObject({ template: "prelaunch", variant: TENNIS });

    await settle();
    const [sent] = await outboxRows();
    const expected = await renderEmail("prelaunch", "tennis", { ...prelaunch("").data, variant: TENNIS });
    expect(sent).toMatchObject({ status: "sent", subject: expected.subject, html: expected.html, render_input: null });
    expect(fake.calls[0]).toMatchObject({ subject: expected.subject, html: expected.html, text: expected.text });
  });

  it("a queued mail whose page died before rendering is rendered and sent by the cron", async () => {
    const fake = fakeTransport();
    // What a page leaves when its Worker is evicted right after the response: the row, no body.
    const stale = new Date(Date.now() - 10 * 60_000).toISOString();
    const input = prelaunch("prelaunch:leads_tennis:lead-died");
    await db
      .prepare(
        `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, created_at, updated_at, render_input)
         VALUES ('died-1', ?, 'prelaunch', 'champion-tennis', ?, '', '', '', 'pending', 0, ?, ?, ?)`,
      )
      .bind(input.dedupeKey, input.to, stale, stale, JSON.stringify({ template: input.template, variant: input.variant, data: input.data }))
      .run();

    expect(await retryFailedMail(cronContext(fake))).toMatchObject({ picked: 1, sent: 1 });
    const [sent] = await outboxRows();
    expect(sent).toMatchObject({ status: "sent", render_input: null });
    expect(sent.subject).toContain("Compete");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].html).toContain("ABCDEFGH");
    expect(fake.calls[0].html).toBe(sent.html);
  });

  it("30 parallel calls with one dedupe key write one row and call the transport once", async () => {
    const fake = fakeTransport();
    const { ctx, settle } = request(fake);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => queueTemplateMail(ctx, prelaunch("prelaunch:leads_tennis:lead-30"))),
    );
    await settle();

    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ dedupe_key: "prelaunch:leads_tennis:lead-30", status: "sent", attempts: 1 });
    expect(fake.calls).toHaveLength(1);
    for (const result of results) expect(result).toMatchObject({ queued: true, id: rows[0].id });
  });

  it("a repeated call after the mail went out sends nothing and reports it sent", async () => {
    const fake = fakeTransport();
    const first = request(fake);
    const queued = await queueTemplateMail(first.ctx, prelaunch("guide:leads:lead-7"));
    expect(queued).toMatchObject({ queued: true, status: "pending" });
    await first.settle();
    expect(fake.calls).toHaveLength(1);

    const again = request(fake);
    const repeated = await queueTemplateMail(again.ctx, prelaunch("guide:leads:lead-7"));
    await again.settle();
    expect(repeated).toEqual({ queued: true, id: queued.queued ? queued.id : "", status: "sent" });
    expect(fake.calls).toHaveLength(1);
    expect(await mailStatus(again.ctx, "guide:leads:lead-7")).toBe("sent");
    expect(await mailStatus(again.ctx, "guide:leads:nobody")).toBeNull();
  });

  it("returns before a hanging mail API answers; the send finishes after the response", async () => {
    const fake = fakeTransport({ hold: true });
    const { ctx, settle } = request(fake);

    const result = await queueTemplateMail(ctx, prelaunch("welcome:user-hang"));
    expect(fake.released).toBe(false);
    expect(result).toMatchObject({ queued: true, status: "pending" });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(await mailStatus(ctx, "welcome:user-hang")).toBe("pending");

    fake.release();
    await settle();
    expect(["sent", "failed"]).toContain(await mailStatus(ctx, "welcome:user-hang"));
    expect(await mailStatus(ctx, "welcome:user-hang")).toBe("sent");
  });

  it("a send that fails after the response leaves the row failed for the cron", async () => {
    const fake = fakeTransport({ answer: () => ({ ok: false, permanent: false, error: "Mail API refused the e-mail (HTTP 500): Down" }) });
    const { ctx, settle } = request(fake);
    expect(await queueTemplateMail(ctx, prelaunch("prelaunch:leads:lead-down"))).toMatchObject({ queued: true, status: "pending" });
    await settle();
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "failed", attempts: 1, last_error: "Mail API refused the e-mail (HTTP 500): Down" });
    expect(row.next_attempt_at).not.toBeNull();
  });

  it("answers queued: false, without throwing or sending, when the outbox insert fails", async () => {
    const fake = fakeTransport();
    // The real D1, except that every INSERT fails (a database that is down for writes).
    const broken = new Proxy(db, {
      get(target, property) {
        if (property !== "prepare") return Reflect.get(target, property, target);
        return (sql: string) => {
          if (/^\s*INSERT/i.test(sql)) throw new Error("D1_ERROR: database is locked");
          return target.prepare(sql);
        };
      },
    });
    const { ctx, settle } = request(fake, { ...bindings, DB: broken });
    const result = await queueTemplateMail(ctx, prelaunch("prelaunch:leads:lead-broken"));
    await settle();
    expect(result).toEqual({ queued: false, error: expect.any(String) });
    expect(fake.calls).toHaveLength(0);
    expect(await outboxRows()).toHaveLength(0);
  });

  it("different keys are different mails", async () => {
    const fake = fakeTransport();
    const { ctx, settle } = request(fake);
    await queueTemplateMail(ctx, prelaunch("guide:leads:lead-1", "a@example.com"));
    await queueTemplateMail(ctx, prelaunch("tips:leads:lead-1", "a@example.com"));
    await settle();
    expect((await outboxRows()).map((row) => row.dedupe_key).sort()).toEqual(["guide:leads:lead-1", "tips:leads:lead-1"]);
    expect(fake.calls.map((call) => call.idempotencyKey).sort()).toEqual(["guide:leads:lead-1", "tips:leads:lead-1"]);
  });
});

/**
 * Seeds `count` rows whose send failed and is due now, in one statement (bind() through the local
 * proxy is a synchronous round trip each, so hundreds of bound statements would take a while).
 */
async function seedDue(count: number, prefix = "backlog") {
  const at = new Date(Date.now() - 60 * 60_000).toISOString();
  await db
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?)
       INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts,
         last_error, provider_message_id, next_attempt_at, created_at, updated_at)
       SELECT lower(hex(randomblob(16))), ? || ':' || i, 'guide', 'genius', 'parent' || i || '@example.com',
         'Your AI Parenting Guide is Ready!', '<p>Guide</p>', 'Guide', 'failed', 1,
         'Mail API refused the e-mail (HTTP 500): Down', NULL, ?, ?, ?
       FROM seq`,
    )
    .bind(count, prefix, at, at, at)
    .run();
}

function cronContext(fake: Fake): MailContext {
  return { env: testContext("http://127.0.0.1:8810/", bindings).ctx.env, bindings: { DB: db }, transport: fake.transport };
}

// Many D1 calls through the local proxy each: give them time on a shared machine.
describe("retryFailedMail (the Cron Trigger)", { timeout: 120_000 }, () => {
  it("drains a backlog of 57 due mails in one run, a bounded number at a time", async () => {
    // Several claim batches and a partial last one; the count is not a limit of the run.
    await seedDue(57);
    const fake = fakeTransport({ overlap: 2 });
    const summary = await retryFailedMail(cronContext(fake));

    expect(summary).toMatchObject({ picked: 57, sent: 57, failed: 0, dead: 0 });
    expect(fake.calls).toHaveLength(57);
    expect(new Set(fake.calls.map((call) => call.idempotencyKey)).size).toBe(57);
    expect(fake.maxInFlight).toBeGreaterThan(1);
    expect(fake.maxInFlight).toBeLessThanOrEqual(6);
    const { results } = await db.prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status").all();
    expect(results).toEqual([{ status: "sent", n: 57 }]);

    // Nothing is due any more: the next run sends nothing.
    expect(await retryFailedMail(cronContext(fake))).toMatchObject({ picked: 0 });
    expect(fake.calls).toHaveLength(57);
  });

  it("two overlapping runs never send the same row twice", async () => {
    await seedDue(60);
    const fake = fakeTransport();
    const [a, b] = await Promise.all([retryFailedMail(cronContext(fake)), retryFailedMail(cronContext(fake))]);
    expect(a.picked + b.picked).toBe(60);
    expect(fake.calls).toHaveLength(60);
    expect(new Set(fake.calls.map((call) => call.idempotencyKey)).size).toBe(60);
  });

  it("stops at the per-run cap and leaves the rest due for the next run", async () => {
    await seedDue(36);
    const fake = fakeTransport();
    expect(await retryFailedMail(cronContext(fake), { maxPerRun: 15 })).toMatchObject({ picked: 15, sent: 15 });
    expect(fake.calls).toHaveLength(15);
    expect(await retryFailedMail(cronContext(fake), { maxPerRun: 500 })).toMatchObject({ picked: 21, sent: 21 });
    expect(new Set(fake.calls.map((call) => call.idempotencyKey)).size).toBe(36);
  });

  it("stops claiming once its wall-clock budget is spent", async () => {
    await seedDue(60);
    let clock = 0;
    // Every send takes one second of (fake) wall-clock time.
    const fake = fakeTransport({ onSend: () => (clock += 1000) });
    const summary = await retryFailedMail(cronContext(fake), {
      budgetMs: 20_000,
      claimBatch: 5,
      concurrency: 4,
      clock: () => clock,
    });
    // Rows already claimed are finished; no new batch is claimed after the budget.
    expect(summary.picked).toBeGreaterThanOrEqual(20);
    expect(summary.picked).toBeLessThanOrEqual(25);
    expect(summary.sent).toBe(summary.picked);
    const { results } = await db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'failed'").all<{ n: number }>();
    expect(results[0].n).toBe(60 - summary.picked);
  });

  it("retries a pending row whose after-response send died, once it is stale", async () => {
    const fake = fakeTransport();
    const store = createD1Outbox(db);
    const created = "2025-09-06T10:00:00.000Z";
    await store.insert({
      id: crypto.randomUUID(),
      dedupe_key: "welcome:user-evicted",
      template: "welcome",
      variant: "genius",
      recipient: "evicted@example.com",
      subject: "You're in! Welcome to AI Parenting",
      html: "<p>Welcome</p>",
      text: "Welcome",
      status: "pending",
      attempts: 0,
      last_error: null,
      provider_message_id: null,
      next_attempt_at: null,
      created_at: created,
      updated_at: created,
    });
    const at = (minutes: number) => ({ ...cronContext(fake), now: () => new Date(Date.parse(created) + minutes * 60_000) });

    // Still within the window an after-response send may take: not touched.
    expect(await retryFailedMail(at(0.5))).toMatchObject({ picked: 0 });
    expect(fake.calls).toHaveLength(0);
    expect(await retryFailedMail(at(3))).toMatchObject({ picked: 1, sent: 1 });
    expect(fake.calls.map((call) => call.idempotencyKey)).toEqual(["welcome:user-evicted"]);
  });
});
