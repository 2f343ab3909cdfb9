import { beforeEach, describe, expect, it, vi } from "vitest";
import { standingOfLead } from "~/standing/standing.server";
import { referralRules } from "#content/referrals";
import { getBackend } from "~/data/backend.server";
import { canonicalEmail, LEAD_TABLES } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";
import { addressBinding, checkLeadLink, signLeadLink } from "~/platform/lead-links.server";
import { isDisposableEmail } from "~/leads/disposable.server";
import { recordReferral } from "~/leads/referral-record.server";
import { referralsOf } from "~/referrals/referrals.server";
import { verifyAction, verifyPage } from "~/referrals/pages.server";
import { insertParents } from "./helpers/bulk-parents";
import { testContext } from "./helpers/context";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";

/** The referral engine on a real local D1: records, credits on confirmation, places, links. */
const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...LEAD_TABLES, "outbox", "referrals"]);
});

const request = (url = "http://127.0.0.1:8810/confirm") => testContext(url, d1.bindings);

async function join(email: string, referredBy: string | null = null): Promise<Lead> {
  const { ctx } = request();
  const lead = await getBackend(ctx).leads.create("leads", { email, referred_by: referredBy, step_completed: 3, ref_code: null });
  const withCode = await getBackend(ctx).leads.update("leads", lead.id, {
    ref_code: `R${lead.id.replace(/-/g, "").slice(0, 7).toUpperCase()}`,
  });
  await recordReferral(ctx, withCode!);
  return (await getBackend(ctx).leads.getById("leads", lead.id))!;
}

/**
 * Runs `work` over `items` with eight calls in flight at once: enough for the confirmations to
 * interleave, while Miniflare's proxy socket drops some of 32+ simultaneous connections ("other side closed").
 */
async function inParallel<T, R>(items: T[], work: (item: T) => Promise<R>, inFlight = 8): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return results;
}

const reload = async (lead: Lead) => (await getBackend(request().ctx).leads.getById("leads", lead.id))!;

describe("canonical e-mails and disposable domains", () => {
  it("treats Gmail dots, +tags and case as one inbox, and other domains' dots as different", () => {
    expect(canonicalEmail("Ann.Lee+waitlist@GoogleMail.com")).toBe("annlee@gmail.com");
    expect(canonicalEmail("ann.lee@example.com")).toBe("ann.lee@example.com");
    expect(canonicalEmail("ann+x@example.com")).toBe("ann@example.com");
  });
  it("knows disposable domains from the maintained list, subdomains included", () => {
    expect(isDisposableEmail("x@mailinator.com")).toBe(true);
    expect(isDisposableEmail("x@eu.mailinator.com")).toBe(true);
    expect(isDisposableEmail("x@example.com")).toBe(false);
  });
});

describe("referrals", () => {
  it("records a pending referral and credits it only when the referred parent confirms", async () => {
    const a = await join("ann@example.com");
    const { ctx, settle } = request();
    const referrals = referralsOf(ctx);
    await referrals.confirm(a.id);
    const b = await join("bob@example.com", a.ref_code);
    expect((await referrals.referralOf(b.id))?.status).toBe("pending");
    expect((await reload(a)).referral_count).toBe(0);

    await referrals.confirm(b.id);
    await settle();
    expect((await referrals.referralOf(b.id))?.status).toBe("credited");
    expect((await reload(a)).referral_count).toBe(1);
    // Confirming again changes nothing.
    expect((await referrals.confirm(b.id))?.confirmedNow).toBe(false);
    expect((await reload(a)).referral_count).toBe(1);
    // Ann was number 1 already: the credit moved her nowhere, so no "You moved up" mail.
    const mails = (await d1.db.prepare("SELECT dedupe_key FROM outbox WHERE dedupe_key LIKE 'moved-up:%'").all()).results;
    expect(mails).toHaveLength(0);
  });

  it('sends "You moved up" only when the credit really moved the referrer up', async () => {
    const { ctx, settle } = request();
    const referrals = referralsOf(ctx);
    // Each credit's reactions (the mail) run after its response: settled before the next confirmation.
    const confirm = async (id: string) => {
      await referrals.confirm(id);
      await settle();
    };
    const ann = await join("ann-first@example.com");
    await confirm(ann.id);
    const zed = await join("zed-second@example.com");
    await confirm(zed.id);
    // Ann is number 1 already: her friend's confirmation moves her nowhere.
    await confirm((await join("bob-friend@example.com", ann.ref_code)).id);
    // Zed's first friend brings him no further than second (Ann has a credit too); his second passes her.
    await confirm((await join("cat-friend@example.com", zed.ref_code)).id);
    const afterOne = await d1.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key LIKE 'moved-up:%'").first<{ n: number }>();
    expect(afterOne?.n).toBe(0);
    await confirm((await join("dan-friend@example.com", zed.ref_code)).id);
    const { standing } = await standingOfLead(ctx, await reload(zed));
    expect(standing.kind === "waiting" ? standing.place : null).toBe(1);
    const mails = (await d1.db.prepare("SELECT recipient FROM outbox WHERE dedupe_key LIKE 'moved-up:%'").all<{ recipient: string }>())
      .results;
    expect(mails.map((mail) => mail.recipient)).toEqual(["zed-second@example.com"]);
  });

  it("moves the referrer up by the documented number of places", async () => {
    const { ctx } = request();
    const referrals = referralsOf(ctx);
    // Nine confirmed parents in line, set-based: how they joined is not what is tested here.
    const at = Date.now();
    const ids = await insertParents(
      d1.db,
      "leads",
      ["first", ...Array.from({ length: 8 }, (_, i) => `p${i}`)].map((name, i) => ({
        email: `${name}@example.com`,
        step_completed: 3,
        ref_code: `R${String(i).padStart(7, "0")}`,
        confirmedAt: new Date(at + i).toISOString(),
      })),
      referralRules.placesPerCredit,
    );
    const last = (await getBackend(ctx).leads.getById("leads", ids[ids.length - 1]))!;
    const placeOf = async (lead: Lead) => {
      const { standing } = await standingOfLead(ctx, lead);
      return standing.kind === "waiting" ? standing.place : null;
    };
    expect(await placeOf(await reload(last))).toBe(9);

    const friend = await join("friend@example.com", last.ref_code);
    await referrals.confirm(friend.id);
    expect(await placeOf(await reload(last))).toBe(9 - referralRules.placesPerCredit);
    // Unconfirmed parents have no place.
    const waiting = await join("waiting@example.com");
    expect((await standingOfLead(ctx, waiting)).standing).toEqual({ kind: "unconfirmed" });
  });

  it("rejects self-referrals, Gmail-dot duplicates, disposable domains and unknown codes, with the reason", async () => {
    const a = await join("ann.lee@gmail.com");
    const self = await join("annlee+again@gmail.com", a.ref_code);
    const twin = await join("twin@example.com");
    const dup = await join("t.w.i.n@example.com", a.ref_code);
    const again = await join("twin@example.com", a.ref_code);
    const throwaway = await join("bot@mailinator.com", a.ref_code);
    const nobody = await join("carol@example.com", "NOSUCHCD");
    const referrals = referralsOf(request().ctx);
    expect(await referrals.referralOf(self.id)).toMatchObject({ status: "rejected", reason: "self-referral" });
    // Dots only fold for Gmail: t.w.i.n@example.com is another inbox.
    expect(await referrals.referralOf(dup.id)).toMatchObject({ status: "pending", reason: null });
    expect(await referrals.referralOf(again.id)).toMatchObject({ status: "rejected", reason: "duplicate-email" });
    expect(await referrals.referralOf(throwaway.id)).toMatchObject({ status: "rejected", reason: "disposable-domain" });
    expect(await referrals.referralOf(nobody.id)).toMatchObject({ status: "rejected", reason: "unknown-code", referrer_id: null });
    expect((await reload(throwaway)).risk_flags).toContain("disposable-domain");
    void twin;
    for (const lead of [self, again, throwaway]) await referrals.confirm(lead.id);
    expect((await reload(a)).referral_count).toBe(0);
  });

  it("16 referred parents confirming concurrently give exactly 16 credits and consistent places", async () => {
    const a = await join("popular@example.com");
    const { ctx } = request();
    await referralsOf(ctx).confirm(a.id);
    const friends: Lead[] = [];
    // Twice as many as inParallel keeps in flight: the confirmations interleave.
    for (let i = 0; i < 16; i++) friends.push(await join(`friend@school${i}.example`, a.ref_code));
    // At 16 domains, signed up yesterday and confirming today 6 minutes apart (each by its own clock):
    // no hold rule applies (ADR 036; the holds: holds.test.ts).
    const minute = 60_000;
    const yesterday = Date.now() - 86_400_000;
    await d1.db.batch(
      friends.map((friend, i) =>
        d1.db
          .prepare("UPDATE referrals SET created_at = ? WHERE referred_id = ?")
          .bind(new Date(yesterday + i * 6 * minute).toISOString(), friend.id),
      ),
    );
    await inParallel(friends, (friend) =>
      referralsOf(request().ctx, () => new Date(Date.now() - (friends.length - friends.indexOf(friend)) * 6 * minute)).confirm(friend.id),
    );

    expect((await reload(a)).referral_count).toBe(16);
    const { results } = await d1.db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT confirm_seq) AS seqs, MAX(confirm_seq) AS top FROM leads WHERE confirm_seq IS NOT NULL",
      )
      .all<{ n: number; seqs: number; top: number }>();
    expect(results[0]).toEqual({ n: 17, seqs: 17, top: 17 });
    const store = getBackend(ctx).referrals;
    const places = await inParallel([a, ...friends], async (lead) => store.placeOf("leads", await reload(lead)));
    expect([...places].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(places[0]).toBe(1);
  });

  it("an admin's revoke and restore move the count and the place", async () => {
    const a = await join("ann@example.com");
    const { ctx } = request();
    const referrals = referralsOf(ctx);
    await referrals.confirm(a.id);
    const b = await join("bob@example.com", a.ref_code);
    await referrals.confirm(b.id);
    const referral = (await referrals.referralOf(b.id))!;
    expect(await referrals.setCredit(referral.id, false)).toMatchObject({ status: "rejected", reason: "revoked" });
    expect((await reload(a)).referral_count).toBe(0);
    expect(await referrals.setCredit(referral.id, true)).toMatchObject({ status: "credited", reason: null });
    expect(await reload(a)).toMatchObject({ referral_count: 1, place_score: 1 - referralRules.placesPerCredit });
  });
});

describe("the double opt-in page", () => {
  async function linkFor(lead: Lead, ttlMs = 60_000, now = new Date()) {
    const address = await addressBinding(lead);
    return signLeadLink({}, true, { purpose: "confirm", table: "leads", leadId: lead.id, ttlMs, address }, now);
  }
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return body;
  };
  async function outcome(run: () => Promise<unknown>) {
    try {
      const value = await run();
      return value instanceof Response ? value : (value as { init?: { status?: number } });
    } catch (thrown) {
      return thrown as Response;
    }
  }

  it("a GET (a mail scanner) confirms nobody; the button's POST does, once", async () => {
    const a = await join("ann@example.com");
    const t = await linkFor(a);
    const { ctx } = request(`http://127.0.0.1:8810/verify-email?t=${t}`);
    for (let i = 0; i < 3; i++) await verifyPage(ctx, new URL(`http://127.0.0.1:8810/verify-email?t=${t}`));
    expect((await reload(a)).email_verified).toBe(false);

    const posted = (await outcome(() => verifyAction(ctx, form({ t, intent: "confirm" })))) as Response;
    expect(posted.status).toBe(303);
    expect(posted.headers.get("Location")).toMatch(/^\/status\?t=/);
    expect(await reload(a)).toMatchObject({ email_verified: true, confirm_seq: 1 });
    await outcome(() => verifyAction(ctx, form({ t, intent: "confirm" })));
    expect((await reload(a)).confirm_seq).toBe(1);
  });

  it("a link made before links named their inbox confirms nobody and offers a fresh one to the address on file", async () => {
    const a = await join("ann@example.com");
    const t = await signLeadLink({}, true, { purpose: "confirm", table: "leads", leadId: a.id, ttlMs: 60_000 });
    const { ctx } = request();
    const page = (await verifyPage(ctx, new URL(`http://127.0.0.1:8810/verify-email?t=${t}`))) as unknown as {
      data: { view: { state: string; email?: string } };
    };
    expect(page.data.view).toMatchObject({ state: "expired", email: "ann@example.com" });
    await outcome(() => verifyAction(ctx, form({ t, intent: "confirm" })));
    expect((await reload(a)).email_verified).toBe(false);
  });

  it("forged, cross-variant or garbage links are a 400 and change nothing", async () => {
    const a = await join("ann@example.com");
    const t = await linkFor(a);
    const { ctx } = request();
    for (const bad of [t.slice(0, -2) + "xx", "garbage", "", `${t}.x`]) {
      const answer = (await outcome(() => verifyAction(ctx, form({ t: bad, intent: "confirm" })))) as { init?: { status?: number } };
      expect(answer.init?.status).toBe(400);
    }
    const tennis = testContext("http://127.0.0.1:8810/verify-email?domain=champion&sport=tennis", d1.bindings).ctx;
    expect(
      ((await outcome(() => verifyAction(tennis, form({ t, intent: "confirm" })))) as { init?: { status?: number } }).init?.status,
    ).toBe(400);
    expect((await reload(a)).email_verified).toBe(false);
  });

  it("an expired link confirms nobody and offers a fresh one: one per address every 10 minutes, at most 3 a day", async () => {
    const a = await join("ann@example.com");
    // The same inbox joined again (+tag): its fresh links count with the first one's.
    const twin = await join("Ann+again@example.com");
    const t = await linkFor(a, 1000, new Date(Date.now() - 60_000));
    const tTwin = await linkFor(twin, 1000, new Date(Date.now() - 60_000));
    expect((await checkLeadLink({}, true, t, "confirm")).ok).toBe(false);
    const { ctx, settle } = request();
    const page = (await verifyPage(ctx, new URL(`http://127.0.0.1:8810/verify-email?t=${t}`))) as unknown as {
      data: { view: { state: string } };
    };
    expect(page.data.view.state).toBe("expired");
    const ask = async (at: string, token = t) => {
      vi.setSystemTime(new Date(at));
      const answer = (await outcome(() => verifyAction(ctx, form({ t: token, intent: "resend" })))) as Response;
      return new URL(answer.headers.get("Location")!, "http://x").searchParams.get("sent");
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const answers = [
        await ask("2030-03-01T09:00:00Z"),
        await ask("2030-03-01T09:00:01Z"),
        await ask("2030-03-01T09:05:00Z", tTwin),
        await ask("2030-03-01T09:11:00Z"),
        await ask("2030-03-01T09:30:00Z"),
        await ask("2030-03-01T10:00:00Z"),
        await ask("2030-03-02T09:00:00Z", tTwin),
      ];
      expect(answers).toEqual(["1", "limit", "limit", "1", "1", "limit", "1"]);
    } finally {
      vi.useRealTimers();
    }
    await settle();
    const { results } = await d1.db
      .prepare("SELECT template, recipient FROM outbox ORDER BY created_at")
      .all<{ template: string; recipient: string }>();
    expect(results).toEqual([
      ...Array.from({ length: 3 }, () => ({ template: "confirm-email", recipient: "ann@example.com" })),
      { template: "confirm-email", recipient: "ann+again@example.com" },
    ]);
    await outcome(() => verifyAction(ctx, form({ t, intent: "confirm" })));
    expect((await reload(a)).email_verified).toBe(false);
  });
});
