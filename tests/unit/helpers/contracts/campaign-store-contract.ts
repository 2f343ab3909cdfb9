import { expect, it } from "vitest";
import { PENDING_EMAIL } from "~/data/lead-model";
import type { NewCampaign } from "~/data/ports/campaign-store";
import type { LeadTable } from "~/data/ports/lead-store";
import { emailHash } from "~/mail/suppression.server";
import { outboxRow } from "../outbox-row";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
const T: LeadTable = "leads_tennis";

function newCampaign(change: Partial<NewCampaign> = {}): NewCampaign {
  return {
    id: crypto.randomUUID(),
    form_key: `form-${crypto.randomUUID()}`,
    content_key: `content-${crypto.randomUUID()}`,
    scope: "champion-tennis",
    early_access_date: "2026-04-01",
    message: "Early access opens soon.",
    cta_label: "See the plans",
    cta_url: "/pricing",
    origin: "http://127.0.0.1:8810",
    created_by: "admin@example.com",
    created_at: at(0),
    send_at: at(10),
    audience: 4,
    ...change,
  };
}

/**
 * The behaviour every CampaignStore adapter must have (ADR 026): one campaign per form key and per
 * content key, a lease only one step holds, the audience in confirmation order, and progress read
 * from the campaign's outbox rows. Also SuppressionStore.entriesOfMany, which the audience reads.
 */
export function campaignStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`CampaignStore contract: ${name}`, start, (h) => {
    const store = () => h().campaigns;

    it("writes a campaign once per form key and once per content key, whoever asks, in parallel or later", async () => {
      const first = newCampaign();
      const results = await Promise.all([store().createOnce(first), store().createOnce({ ...first, id: crypto.randomUUID() })]);
      expect(results.map((r) => r.created).sort()).toEqual([false, true]);
      expect(new Set(results.map((r) => r.campaign.id))).toEqual(new Set([first.id]));
      const sameContent = await store().createOnce(newCampaign({ content_key: first.content_key, created_by: "other@example.com" }));
      expect(sameContent).toMatchObject({ created: false, campaign: { id: first.id, created_by: "admin@example.com" } });
      const stored = await store().get(first.id);
      expect(stored).toMatchObject({
        status: "scheduled",
        audience: 4,
        written: 0,
        excluded: 0,
        cursor: null,
        lease_until: null,
        started_at: null,
        send_at: at(10),
        created_at: at(0),
        scope: "champion-tennis",
      });
      const other = newCampaign({ created_at: at(1) });
      await store().createOnce(other);
      expect((await store().list(10)).map((c) => c.id)).toEqual([other.id, first.id]);
      expect(await store().get(crypto.randomUUID())).toBeNull();
    });

    it("finds a campaign by its form key, however far back in the ledger", async () => {
      const first = newCampaign();
      await store().createOnce(first);
      for (const minute of [1, 2, 3]) await store().createOnce(newCampaign({ created_at: at(minute) }));
      expect((await store().list(3)).map((c) => c.id)).not.toContain(first.id);
      expect(await store().byFormKey(first.form_key)).toMatchObject({ id: first.id, form_key: first.form_key, created_at: at(0) });
      expect(await store().byFormKey(`form-${crypto.randomUUID()}`)).toBeNull();
    });

    it("is due at its time; one step holds its lease until it lets go or it runs out", async () => {
      const c = newCampaign();
      await store().createOnce(c);
      expect(await store().due(at(9), 10)).toEqual([]);
      expect(await store().acquire(c.id, at(9), at(10), 5)).toBeNull();
      expect((await store().due(at(10), 10)).map((d) => d.id)).toEqual([c.id]);
      const [one, two] = await Promise.all([store().acquire(c.id, at(10), at(11), 5), store().acquire(c.id, at(10), at(11), 7)]);
      const held = one ?? two;
      expect([one, two].filter(Boolean)).toHaveLength(1);
      expect(held).toMatchObject({ status: "sending", audience: 5, started_at: at(10), lease_until: at(11) });
      expect(await store().due(at(10), 10)).toEqual([]);
      expect(
        await store().advance(c.id, at(99), { cursor: "{}", written: 1, excluded: 0, done: false, leaseUntil: null, now: at(10) }),
      ).toBe(false);
      expect(
        await store().advance(c.id, at(11), {
          cursor: '{"t":0,"seq":3}',
          written: 3,
          excluded: 1,
          done: false,
          leaseUntil: at(12),
          now: at(10),
        }),
      ).toBe(true);
      // Run out: another step takes it over, and the audience of the first start stays.
      const again = await store().acquire(c.id, at(12), at(13), 99);
      expect(again).toMatchObject({ audience: 5, written: 3, excluded: 1, cursor: '{"t":0,"seq":3}', started_at: at(10) });
      expect(
        await store().advance(c.id, at(13), {
          cursor: '{"t":1,"seq":0}',
          written: 2,
          excluded: 0,
          done: true,
          leaseUntil: null,
          now: at(12),
        }),
      ).toBe(true);
      expect(await store().get(c.id)).toMatchObject({ status: "written", written: 5, written_at: at(12), lease_until: null });
      expect(await store().acquire(c.id, at(20), at(21), 5)).toBeNull();
      expect(await store().due(at(20), 10)).toEqual([]);
    });

    it("reads confirmed parents in confirmation order after a number, and counts the unconfirmed", async () => {
      const leads = h().leads;
      const referrals = h().referrals;
      const ids: string[] = [];
      for (const i of [1, 2, 3]) {
        const lead = await leads.create(T, { email: `p${i}@example.com`, step_completed: 3 });
        await referrals.confirmLead(T, lead.id, at(i), 3);
        ids.push(lead.id);
      }
      await leads.create(T, { email: "waiting@example.com", step_completed: 3 });
      await leads.create(T, { email: PENDING_EMAIL });
      await leads.create("leads", { email: "other-table@example.com" });
      expect(await store().audiencePage(T, 0, 2)).toEqual([
        { id: ids[0], email: "p1@example.com", confirm_seq: 1 },
        { id: ids[1], email: "p2@example.com", confirm_seq: 2 },
      ]);
      expect(await store().audiencePage(T, 2, 2)).toEqual([{ id: ids[2], email: "p3@example.com", confirm_seq: 3 }]);
      expect(await store().audiencePage(T, 3, 2)).toEqual([]);
      expect(await store().unconfirmedCount(T)).toBe(1);
      expect(await store().unconfirmedCount("leads_icehockey")).toBe(0);
    });

    it("counts progress from its own outbox rows (one campaign or many at once), an erased row as skipped, and re-stamps only stale pending rows", async () => {
      const c = newCampaign();
      await store().createOnce(c);
      const other = newCampaign();
      const outbox = h().outbox;
      const row = (key: string, change: Parameters<typeof outboxRow>[1]) => outbox.insert(outboxRow(key, change));
      await row(`campaign:${c.id}:a`, { status: "sent" });
      await row(`campaign:${c.id}:b`, { status: "pending", enqueued_at: at(0) });
      await row(`campaign:${c.id}:c`, { status: "pending", enqueued_at: at(8) });
      await row(`campaign:${c.id}:d`, { status: "failed" });
      // Failed and due since before the window, under an old lease: its retry message was lost.
      await row(`campaign:${c.id}:i`, { status: "failed", next_attempt_at: at(1), enqueued_at: at(0) });
      // Failed, due only later: its retry message is still to come.
      await row(`campaign:${c.id}:j`, { status: "failed", next_attempt_at: at(9), enqueued_at: at(0) });
      await row(`campaign:${c.id}:e`, { status: "dead", recipient: "erased:abc" });
      await row(`campaign:${c.id}:f`, { status: "dead" });
      await row(`campaign:${c.id}:g`, { status: "skipped" });
      await row(`campaign:${c.id}:h`, { status: "pending", enqueued_at: null });
      await row(`campaign:${other.id}:a`, { status: "pending", enqueued_at: at(0) });
      await row(`campaign-test:${c.id}:a`, { status: "sent" });
      expect(await store().progress(c.id)).toEqual({ pending: 3, sent: 1, failed: 3, dead: 1, skipped: 2 });
      const quiet = newCampaign().id;
      expect(await store().progressOf([c.id, other.id, quiet, c.id])).toEqual({
        [c.id]: { pending: 3, sent: 1, failed: 3, dead: 1, skipped: 2 },
        [other.id]: { pending: 1, sent: 0, failed: 0, dead: 0, skipped: 0 },
        [quiet]: { pending: 0, sent: 0, failed: 0, dead: 0, skipped: 0 },
      });
      expect(await store().progressOf([])).toEqual({});
      const stamped = await store().restampStale(c.id, at(10), at(5), 10);
      const keys = await Promise.all(stamped.map(async (id) => (await outbox.get(id))?.dedupe_key));
      expect(keys.sort()).toEqual([`campaign:${c.id}:b`, `campaign:${c.id}:i`]);
      expect((await outbox.getByKey(`campaign:${c.id}:b`))?.enqueued_at).toBe(at(10));
      expect(await store().restampStale(c.id, at(10), at(5), 10)).toEqual([]);
    });

    it("tells when the newest of its sent rows was written", async () => {
      const c = newCampaign();
      await store().createOnce(c);
      const outbox = h().outbox;
      expect(await store().newestSentWrittenAt(c.id)).toBeNull();
      await outbox.insert(outboxRow(`campaign:${c.id}:a`, { status: "sent", created_at: at(1) }));
      await outbox.insert(outboxRow(`campaign:${c.id}:b`, { status: "sent", created_at: at(3) }));
      await outbox.insert(outboxRow(`campaign:${c.id}:c`, { status: "pending", created_at: at(7) }));
      await outbox.insert(outboxRow(`campaign:${newCampaign().id}:d`, { status: "sent", created_at: at(9) }));
      expect(await store().newestSentWrittenAt(c.id)).toBe(at(3));
    });
  });

  contractSuite(`SuppressionStore.entriesOfMany: ${name}`, start, (h) => {
    it("reads many addresses' entries at once; addresses without any are absent", async () => {
      const [a, b, c] = await Promise.all(["a@example.com", "b@example.com", "c@example.com"].map((e) => emailHash(e)));
      await h().suppressions.add(a, "marketing", "unsubscribe", at(1));
      await h().suppressions.add(a, "all", "bounce", at(2));
      await h().suppressions.add(b, "all", "erasure", at(3));
      const found = await h().suppressions.entriesOfMany([a, b, c]);
      expect(Object.keys(found).sort()).toEqual([a, b].sort());
      expect([...found[a]].sort((x, y) => x.scope.localeCompare(y.scope))).toEqual([
        { scope: "all", reason: "bounce", created_at: at(2) },
        { scope: "marketing", reason: "unsubscribe", created_at: at(1) },
      ]);
      expect(found[b]).toEqual([{ scope: "all", reason: "erasure", created_at: at(3) }]);
      expect(await h().suppressions.entriesOfMany([])).toEqual({});
    });
  });
}
