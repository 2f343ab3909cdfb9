import { beforeEach, describe, expect, it } from "vitest";
import type { MailContext } from "~/mail/mailer.server";
import { queueTemplateMail, sendMail } from "~/mail/outbox.server";
import { retryFailedMail } from "~/mail/sweep.server";
import { getTransport } from "~/mail/transport.server";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { parseEnv } from "~/utils/env.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * A preview (PREVIEW_MODE=on) with the Resend transport hands the provider only mail to
 * PREVIEW_MAIL_ALLOW; every other mail stays in the outbox as the outbox transport leaves it, in a
 * final state, marked as kept. Every send path goes through the same delivery: a page's
 * after-response send, the cron and /api/send-email's sendMail.
 */
const d1 = useLocalD1();

let fetched: { url: string; to: string[] }[] = [];
beforeEach(async () => {
  fetched = [];
  await d1.db.prepare("DELETE FROM outbox").run();
});

/** Resend as far as the transport can tell: every call recorded, each accepted. */
const fakeFetch: typeof fetch = async (input, init) => {
  const body = JSON.parse(String(init?.body)) as { to: string[] };
  fetched.push({ url: String(input), to: body.to });
  return Response.json({ id: `re_${fetched.length}` });
};

const VARS = {
  MAIL_TRANSPORT: "resend",
  RESEND_API_KEY: "re_test",
  RESEND_API_URL: "https://resend.test",
  PREVIEW_MAIL_ALLOW: "@qa.example, lead@example.com",
};

function mailContext(vars: Record<string, string>): MailContext {
  const env = parseEnv({ ...VARS, ...vars });
  return { env, bindings: { DB: d1.db }, transport: getTransport(env, fakeFetch) };
}

const apiMail = (to: string) => ({ template: "api" as const, variant: "genius", to, subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
const rowOf = async (id: string) => (await d1.db.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>())!;

describe("mail on a preview (PREVIEW_MODE=on, MAIL_TRANSPORT=resend)", () => {
  const preview = () => mailContext({ PREVIEW_MODE: "on" });

  it.each(["someone@qa.example", "Someone@QA.example", "lead@example.com"])("hands allow-listed %s to the provider", async (to) => {
    const sent = await sendMail(preview(), apiMail(to));
    expect(sent.ok).toBe(true);
    expect(fetched).toEqual([{ url: "https://resend.test/emails", to: [to] }]);
    expect(await rowOf(sent.id!)).toMatchObject({ status: "sent", provider_message_id: "re_1", last_error: null });
  });

  it.each(["parent@example.com", "someone@sub.qa.example", "someone@qa.example.evil.test", "lead@example.com.evil.test"])(
    "keeps %s in the outbox: never fetched, final, marked as kept",
    async (to) => {
      const kept = await sendMail(preview(), apiMail(to));
      expect(kept.ok).toBe(true);
      expect(fetched).toEqual([]);
      const row = await rowOf(kept.id!);
      expect(row).toMatchObject({ status: "sent", recipient: to, subject: "Hi", html: "<p>Hi</p>", attempts: 1, next_attempt_at: null });
      expect(row.last_error).toMatch(/kept.*preview mail allow-list/i);
      // Final: the cron never picks it up again.
      expect((await retryFailedMail(preview(), { clock: () => 0 })).picked).toBe(0);
    },
  );

  it("keeps a page's after-response mail and a cron retry the same way", async () => {
    const t = testContext("https://qa.team.workers.dev/confirm", {
      DB: d1.db,
      ...VARS,
      PREVIEW_MODE: "on",
      SESSION_SECRET: "s".repeat(32),
    });
    const ctx = { ...t.ctx, transport: getTransport(t.ctx.env, fakeFetch) };
    const data = { origin: "https://qa.team.workers.dev", selectedPlan: "Compete", refLink: "https://qa.team.workers.dev/?r=ABCDEFGH" };
    const variant = { domain: "genius" } as const;
    await queueTemplateMail(ctx, { dedupeKey: "prelaunch:leads:kept", template: "prelaunch", variant, to: "parent@example.com", data });
    await queueTemplateMail(ctx, { dedupeKey: "prelaunch:leads:qa", template: "prelaunch", variant, to: "tester@qa.example", data });
    await t.settle();
    expect(fetched.map((call) => call.to)).toEqual([["tester@qa.example"]]);

    // A row a dead Worker left pending is sent by the cron: kept too, not fetched.
    await d1.db
      .prepare(
        "UPDATE outbox SET status = 'pending', provider_message_id = NULL, updated_at = '2000-01-01T00:00:00.000Z' WHERE dedupe_key = ?",
      )
      .bind("prelaunch:leads:kept")
      .run();
    const summary = await retryFailedMail(mailContext({ PREVIEW_MODE: "on" }));
    expect(summary).toMatchObject({ picked: 1, sent: 1 });
    expect(fetched).toHaveLength(1);
    const kept = (await d1.db.prepare("SELECT * FROM outbox WHERE dedupe_key = 'prelaunch:leads:kept'").first<OutboxRow>())!;
    expect(kept.status).toBe("sent");
    expect(kept.subject).not.toBe("");
    expect(kept.last_error).toMatch(/kept.*preview mail allow-list/i);
  });

  it("keeps everyone's mail with an empty allow-list", async () => {
    await sendMail(mailContext({ PREVIEW_MODE: "on", PREVIEW_MAIL_ALLOW: "" }), apiMail("someone@qa.example"));
    expect(fetched).toEqual([]);
  });
});

describe("mail without preview mode", () => {
  it("goes to the provider whatever the allow-list says", async () => {
    const sent = await sendMail(mailContext({ PREVIEW_MODE: "off" }), apiMail("parent@example.com"));
    expect(sent.ok).toBe(true);
    expect(fetched).toEqual([{ url: "https://resend.test/emails", to: ["parent@example.com"] }]);
    expect(await rowOf(sent.id!)).toMatchObject({ status: "sent", provider_message_id: "re_1", last_error: null });
  });
});
