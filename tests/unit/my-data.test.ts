import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { LeadTable } from "~/data/ports/lead-store";
import type { RewardStep } from "~/data/ports/reward-store";
import { emailHash, isSuppressed } from "~/mail/suppression.server";
import { checkLeadLink, signLeadLink } from "~/platform/lead-links.server";
import { statusPage } from "~/referrals/pages.server";
import { eraseParentData, exportParentData, summaryOf } from "~/trust/my-data.server";
import { myDataAction, myDataDownload, myDataPage } from "~/trust/pages.server";
import { testContext } from "./helpers/context";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/** Self-serve access and erasure on a real local D1. */
const d1 = useLocalD1();
const TABLES = [
  "leads",
  "leads_icehockey",
  "leads_tennis",
  "outbox",
  "referrals",
  "users",
  "account_tokens",
  "accounts",
  "suppressions",
  "erasure_log",
  "wave_members",
  "waves",
  "reward_codes",
  "rewards_earned",
  "reward_steps",
];
beforeEach(async () => {
  // One batch: each statement sent alone is a round trip to workerd.
  await emptyTables(d1.db, TABLES);
});

const ctx = () => testContext("http://127.0.0.1:8931/my-data", d1.bindings).ctx;
const PARENT = "parent@example.com";
const REFERRER = "referrer@example.com";
const FRIEND = "friend@example.com";
const NOW = "2026-01-01T00:00:00.000Z";

async function lead(table: LeadTable, email: string, refCode: string, referralCount = 0) {
  return getBackend(ctx()).leads.create(table, {
    email,
    ref_code: refCode,
    referral_count: referralCount,
    step_completed: 3,
    age_bands: ["3-5"],
  });
}

async function referral(table: LeadTable, referredId: string, referrerId: string, refCode: string, status = "credited") {
  await d1.db
    .prepare(
      `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, created_at, updated_at, credited_at)
       VALUES (?, ?, ?, ?, ?, 'genius', ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), table, referredId, referrerId, refCode, status, NOW, NOW, status === "credited" ? NOW : null)
    .run();
}

async function mail(to: string, status: string, subject = "Welcome") {
  await d1.db
    .prepare(
      `INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, created_at, updated_at, render_input)
       VALUES (?, ?, 'prelaunch', 'genius', ?, ?, '<p>Hello there</p>', 'Hello there', ?, ?, ?, NULL)`,
    )
    .bind(crypto.randomUUID(), crypto.randomUUID(), to, subject, status, NOW, NOW)
    .run();
}

/** The parent on two waitlists (genius and tennis), referred by one parent, referrer of another, with an account and mails. */
async function seed() {
  const referrer = await lead("leads", REFERRER, "REFERRER", 1);
  const parent = await lead("leads", "Parent@Example.com", "PARENT01");
  const parentTennis = await lead("leads_tennis", PARENT, "PARENT02", 1);
  const friend = await lead("leads_tennis", FRIEND, "FRIEND01");
  await referral("leads", parent.id, referrer.id, "REFERRER");
  await referral("leads_tennis", friend.id, parentTennis.id, "PARENT02");
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, lead_id) VALUES ('acc-1', ?, 'Pat', 'SECRET-HASH', 'SECRET-SALT', 1000, ?)`,
    )
    .bind(PARENT, parent.id)
    .run();
  await d1.db.prepare("INSERT INTO account_tokens (token_hash, account_id, expires_at) VALUES ('TOKEN-HASH', 'acc-1', ?)").bind(NOW).run();
  await d1.db.prepare("INSERT INTO users (id, email, name, lead_id) VALUES ('acc-1', ?, 'Pat', ?)").bind(PARENT, parent.id).run();
  await mail(PARENT, "sent");
  await mail("PARENT@example.com", "failed", "Your guide");
  await mail(REFERRER, "sent", "You moved up");
  // The tennis line's first wave admitted the parent at place 2, beside another parent at place 1.
  await d1.db.batch([
    d1.db
      .prepare(
        "INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by) VALUES ('wave-1', 'leads_tennis', ?, 1, 2, ?, 'admin@example.com')",
      )
      .bind("champion-tennis", NOW),
    d1.db
      .prepare(
        "INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at) VALUES ('wave-1', 'leads_tennis', ?, 1, ?, ?)",
      )
      .bind(friend.id, NOW, NOW),
    d1.db
      .prepare(
        "INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_sent_at, invite_expires_at, invite_opened_at) VALUES ('wave-1', 'leads_tennis', ?, 2, ?, ?, ?)",
      )
      .bind(parentTennis.id, NOW, NOW, NOW),
  ]);
  return { referrer, parent, parentTennis, friend };
}

const count = async (sql: string, ...params: unknown[]) =>
  Number(
    (
      await d1.db
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n,
  );

describe("the parent's download", () => {
  it("holds their lead rows in every variant, their referrals, account and mails, and no other parent's e-mail", async () => {
    const { parent, parentTennis } = await seed();
    const data = await exportParentData(ctx(), " PARENT@example.com ");
    expect(data.email).toBe(PARENT);
    expect(data.leads.map((l) => [l.table, l.row.id])).toEqual(
      expect.arrayContaining([
        ["leads", parent.id],
        ["leads_tennis", parentTennis.id],
      ]),
    );
    expect(data.leads).toHaveLength(2);
    expect(data.leads[0].row.age_bands).toEqual(["3-5"]);
    expect(data.referrals.as_referred).toHaveLength(1);
    expect(data.referrals.as_referrer).toHaveLength(1);
    expect(data.referrals.as_referrer[0]).toMatchObject({ status: "credited", lead_table: "leads_tennis" });
    expect(data.accounts).toEqual([expect.objectContaining({ id: "acc-1", email: PARENT })]);
    expect(data.users).toHaveLength(1);
    expect(data.emails_sent.map((m) => m.subject).sort()).toEqual(["Welcome", "Your guide"]);
    expect(data.emails_sent[0].html).toContain("Hello there");
    expect(data.consent_records).toEqual([]);
    expect(data.waves).toEqual([
      {
        lead_table: "leads_tennis",
        variant: "champion-tennis",
        wave: 1,
        admitted_at: NOW,
        place: 2,
        invite_sent_at: NOW,
        invite_expires_at: NOW,
        invite_opened_at: NOW,
        accepted_at: null,
        account_created_at: null,
      },
    ]);

    const json = JSON.stringify(data);
    expect(json).not.toContain(REFERRER);
    expect(json).not.toContain(FRIEND);
    expect(json).not.toContain("REFERRER");
    expect(json).not.toContain("SECRET-");
    expect(json).not.toContain("TOKEN-HASH");
    expect(summaryOf(data)).toEqual({
      waitlists: ["AI Parenting", "Tennis Champion"],
      referrals: { credited: 1, pending: 0 },
      referred: true,
      mailsSent: 1,
      account: true,
    });
  });
  it("holds the rewards the parent earned, with a code only once they were shown it", async () => {
    const { parentTennis } = await seed();
    const store = getBackend(ctx()).rewards;
    const step = async (threshold: number, kind: "download" | "code", title: string) =>
      (await store.saveStep(
        "leads_tennis",
        { threshold, kind, title, description: "", file: kind === "download" ? "drills.pdf" : null, places: null, enabled: true },
        NOW,
      )) as RewardStep;
    const pdf = await step(1, "download", "Drill sheet");
    const code = await step(2, "code", "10% off");
    await store.addCodes("leads_tennis", code.id, ["SHOWN-1"], NOW);
    const file = (await store.earn("leads_tennis", parentTennis.id, pdf.id, NOW))!;
    await store.earn("leads_tennis", parentTennis.id, code.id, NOW);
    await store.markDelivered("leads_tennis", file.reward.id, NOW);

    const data = await exportParentData(ctx(), PARENT);
    expect(data.rewards).toEqual([
      expect.objectContaining({ waitlist: "Tennis Champion", title: "Drill sheet", kind: "download", delivered_at: NOW, code: null }),
      expect.objectContaining({ waitlist: "Tennis Champion", title: "10% off", kind: "code", delivered_at: null, code: null }),
    ]);
    expect(JSON.stringify(data)).not.toContain("SHOWN-1");
  });
});

describe("erasure", () => {
  it("removes the parent from every table, blanks their mails, suppresses the address and logs without personal data", async () => {
    const { referrer, parent, parentTennis, friend } = await seed();
    const counts = await eraseParentData(ctx(), "Parent@Example.com", "self", new Date(NOW));
    expect(counts).toEqual({ leads: 1, leads_tennis: 1, referrals: 2, accounts: 1, account_tokens: 1, users: 1, outbox: 2 });

    for (const table of ["leads", "leads_icehockey", "leads_tennis"]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE lower(email) = ?`, PARENT), table).toBe(0);
    }
    expect(await count("SELECT COUNT(*) AS n FROM accounts")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM account_tokens")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM users")).toBe(0);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM referrals WHERE referred_id IN (?, ?) OR referrer_id IN (?, ?)",
        parent.id,
        parentTennis.id,
        parent.id,
        parentTennis.id,
      ),
    ).toBe(0);

    // Their mails: status rows kept, bodies and subject gone, recipient a hash, the unsent one given up.
    const { results: mails } = await d1.db
      .prepare("SELECT * FROM outbox WHERE recipient <> ? ORDER BY status")
      .bind(REFERRER)
      .all<Record<string, string>>();
    expect(mails.map((m) => m.status)).toEqual(["dead", "sent"]);
    for (const row of mails) {
      expect(row).toMatchObject({ subject: "", html: "", text: "", render_input: null, recipient: `erased:${await emailHash(PARENT)}` });
    }
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ? AND html <> ''", REFERRER)).toBe(1);

    // The referrer keeps the credit, in the lead row and in the ledger (a recount finds it).
    expect((await getBackend(ctx()).leads.getById("leads", referrer.id))?.referral_count).toBe(1);
    expect((await getBackend(ctx()).referrals.countsFor("leads", referrer.id)).credited).toBe(1);
    // The friend the parent referred stays, and their referral row no longer names the parent.
    expect(await getBackend(ctx()).leads.getById("leads_tennis", friend.id)).not.toBeNull();
    expect(await getBackend(ctx()).referrals.referralOf("leads_tennis", friend.id)).toMatchObject({
      referrer_id: null,
      status: "credited",
    });

    expect(await isSuppressed(ctx(), PARENT, "transactional")).toBe(true);

    const { results: log } = await d1.db.prepare("SELECT * FROM erasure_log").all<Record<string, string>>();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ source: "self", at: NOW });
    expect(JSON.parse(log[0].tables)).toEqual(counts);
    const logText = JSON.stringify(log);
    expect(logText).not.toMatch(/@|parent/i);
    expect(logText).not.toContain(await emailHash(PARENT));
    expect(logText).not.toContain(parent.id);
  });

  it("is a no-op the second time: nothing changes, no second log row", async () => {
    await seed();
    expect(await eraseParentData(ctx(), PARENT, "admin")).not.toBeNull();
    const outboxBefore = await d1.db.prepare("SELECT * FROM outbox ORDER BY id").all();
    expect(await eraseParentData(ctx(), PARENT, "admin")).toBeNull();
    const [a, b] = await Promise.all([eraseParentData(ctx(), PARENT, "self"), eraseParentData(ctx(), PARENT, "self")]);
    expect([a, b]).toEqual([null, null]);
    expect(await count("SELECT COUNT(*) AS n FROM erasure_log")).toBe(1);
    expect((await d1.db.prepare("SELECT * FROM outbox ORDER BY id").all()).results).toEqual(outboxBefore.results);
    expect((await exportParentData(ctx(), PARENT)).leads).toEqual([]);
  });

  it("two erasures at once write one log row", async () => {
    await seed();
    const results = await Promise.all([eraseParentData(ctx(), PARENT, "self"), eraseParentData(ctx(), PARENT, "self")]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM erasure_log")).toBe(1);
  });

  it("refuses the placeholder address of a lead that has none (it would match every such lead)", async () => {
    await expect(eraseParentData(ctx(), "pending@placeholder.invalid", "admin")).rejects.toThrow(TypeError);
    await expect(exportParentData(ctx(), "")).rejects.toThrow(TypeError);
  });
});

describe("the /my-data page and its forms", () => {
  const page = (query: string) => {
    const { ctx } = testContext(`http://127.0.0.1:8931/my-data${query}`, d1.bindings);
    return { ctx, url: new URL(`http://127.0.0.1:8931/my-data${query}`) };
  };
  const sign = (leadId: string, ttlMs = 60_000, table: LeadTable = "leads") =>
    signLeadLink({}, true, { purpose: "manage", table, leadId, ttlMs });
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return body;
  };
  const statusOf = async (work: Promise<unknown>) => {
    try {
      const result = (await work) as { init?: { status?: number } | null } | Response;
      return result instanceof Response ? result.status : (result.init?.status ?? 200);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      throw thrown;
    }
  };

  it("answers 400 for a bad link, 410 for an expired one, 404 once nothing is held, never 500", async () => {
    const { parent } = await seed();
    const { ctx, url } = page("?t=nonsense");
    expect(await statusOf(myDataPage(ctx, url))).toBe(400);
    const statusLink = await signLeadLink({}, true, { purpose: "status", table: "leads", leadId: parent.id, ttlMs: 60_000 });
    expect(await statusOf(myDataPage(ctx, page(`?t=${statusLink}`).url))).toBe(400);
    expect(await statusOf(myDataPage(ctx, page(`?t=${await sign(parent.id, -1)}`).url))).toBe(410);
    expect(await statusOf(myDataPage(ctx, page(`?t=${await sign(crypto.randomUUID())}`).url))).toBe(404);
    const ok = await myDataPage(ctx, page(`?t=${await sign(parent.id)}`).url);
    expect(ok.data.view).toMatchObject({
      state: "summary",
      email: PARENT,
      held: { waitlists: ["AI Parenting", "Tennis Champion"], account: true },
    });
    expect((await myDataPage(ctx, page(`?t=${await sign(parent.id)}&step=erase`).url)).data.view.state).toBe("confirm");
    expect(await statusOf(myDataAction(ctx, form({ t: await sign(parent.id), intent: "nonsense" })))).toBe(400);
    expect(await statusOf(myDataAction(ctx, form({ intent: "download" })))).toBe(400);
  });

  it("downloads a JSON attachment nobody caches, erases with a redirect, and a second press is the same redirect", async () => {
    const { parent } = await seed();
    const { ctx } = page("");
    const token = await sign(parent.id);
    const file = await myDataDownload(ctx, form({ t: token }));
    expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect(((await file.json()) as { email: string }).email).toBe(PARENT);

    for (let i = 0; i < 2; i++) {
      const done = await myDataAction(ctx, form({ t: token, intent: "erase" })).catch((thrown: unknown) => thrown as Response);
      expect((done as Response).status).toBe(303);
      expect((done as Response).headers.get("Location")).toBe("/my-data?done=1");
    }
    expect(await count("SELECT COUNT(*) AS n FROM erasure_log WHERE source = 'self'")).toBe(1);
    expect(await statusOf(myDataPage(ctx, page(`?t=${token}`).url))).toBe(404);
    // The download of a link that leads nowhere goes back to the page, which says why.
    const back = await myDataDownload(ctx, form({ t: token }));
    expect([back.status, back.headers.get("Location")]).toEqual([303, `/my-data?t=${encodeURIComponent(token)}`]);
    expect((await myDataPage(ctx, page("?done=1").url)).data.view.state).toBe("done");
  });
});

describe("the status page", () => {
  it("links to the parent's data with a signed manage link of the same lead", async () => {
    const { parent } = await seed();
    const token = await signLeadLink({}, true, { purpose: "status", table: "leads", leadId: parent.id, ttlMs: 60_000 });
    const { ctx } = testContext(`http://127.0.0.1:8931/status?t=${token}`, d1.bindings);
    const page = (await statusPage(ctx, new URL(`http://127.0.0.1:8931/status?t=${token}`))) as unknown as {
      data: { view: { manage: { href: string; label: string } } };
    };
    const href = new URL(page.data.view.manage.href);
    expect(href.origin + href.pathname).toBe("http://127.0.0.1:8931/my-data");
    expect(page.data.view.manage.label).toBe("Manage my data");
    expect(await checkLeadLink({}, true, href.searchParams.get("t"), "manage")).toMatchObject({
      ok: true,
      table: "leads",
      leadId: parent.id,
    });
  });
});

describe("an erasure while a mail to the parent is being sent", () => {
  it("keeps the row erased: the send's outcome and body are not written back", async () => {
    const { sendMail } = await import("~/mail/outbox.server");
    await lead("leads", PARENT, "PARENT01");
    const base = ctx();
    const erasing = {
      name: "outbox" as const,
      async send(outgoing: { id: string }) {
        // The parent erases their data while the provider holds the mail.
        await eraseParentData(ctx(), PARENT, "self");
        return { ok: true as const, providerMessageId: `local-${outgoing.id}` };
      },
    };

    await sendMail(
      { env: base.env, bindings: base.bindings, transport: erasing },
      {
        template: "api",
        variant: "genius",
        to: PARENT,
        subject: "Your place",
        html: "<p>Hello parent</p>",
        text: "Hello parent",
        dedupeKey: "api:race",
      },
    );

    const row = await d1.db
      .prepare("SELECT recipient, subject, html, text, status FROM outbox WHERE dedupe_key = 'api:race'")
      .first<Record<string, string>>();
    expect(row?.recipient).toMatch(/^erased:/);
    expect([row?.subject, row?.html, row?.text]).toEqual(["", "", ""]);
    expect(row?.status).not.toBe("sent");
  });
});
