import { expect, it } from "vitest";
import { OUTBOX_T0 as T0, outboxRow as row } from "../outbox-row";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

/** The behaviour every OutboxStore adapter must have: one mail per key, claims that never send twice, the clean-up. */
export function outboxStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`OutboxStore contract: ${name}`, start, (h) => {
    const store = () => h().outbox;

    it("inserts once per dedupe key and tells the caller whether it created the row", async () => {
      const first = row("guide:leads:lead-1");
      expect(await store().insertOnce(first)).toEqual({ created: true, row: first });
      const second = row("guide:leads:lead-1", { recipient: "other@example.com" });
      expect(await store().insertOnce(second)).toEqual({ created: false, row: first });
      expect(await store().getByKey("guide:leads:lead-1")).toEqual(first);
      expect(await store().get(first.id)).toEqual(first);
      expect(await store().getByKey("guide:leads:nobody")).toBeNull();
      expect(await store().get(crypto.randomUUID())).toBeNull();
    });

    it("lists newest first, a page at a time, and by part of the recipient in any case (wildcards literal)", async () => {
      const at = (second: number) => `2025-09-01T10:00:${String(second).padStart(2, "0")}.000Z`;
      const rows = [
        row("list:1", { recipient: "ann@example.com", created_at: at(1) }),
        row("list:2", { recipient: "bob@example.com", created_at: at(2) }),
        row("list:3", { recipient: "ann_x@other.org", created_at: at(3) }),
        row("list:4", { recipient: "annx%@example.com", created_at: at(4) }),
      ];
      for (const r of rows) await store().insert(r);
      const keys = (listed: { dedupe_key: string }[]) => listed.map((r) => r.dedupe_key);
      expect(keys(await store().list(2))).toEqual(["list:4", "list:3"]);
      expect(keys(await store().list(2, { offset: 2 }))).toEqual(["list:2", "list:1"]);
      expect(keys(await store().list(2, { offset: 4 }))).toEqual([]);
      expect(keys(await store().list(10, { recipient: "ANN" }))).toEqual(["list:4", "list:3", "list:1"]);
      expect(keys(await store().list(1, { recipient: "ann", offset: 1 }))).toEqual(["list:3"]);
      expect(keys(await store().list(10, { recipient: "ann_" }))).toEqual(["list:3"]);
      expect(keys(await store().list(10, { recipient: "x%@" }))).toEqual(["list:4"]);
      expect(keys(await store().list(10, { recipient: "@example.com" }))).toEqual(["list:4", "list:2", "list:1"]);
      expect(await store().list(10, { recipient: "nobody" })).toEqual([]);
    });

    it("parallel inserts with one key: exactly one creates", async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store().insertOnce(row("welcome:user-1"))));
      expect(results.filter((result) => result.created)).toHaveLength(1);
      expect(new Set(results.map((result) => result.row.id)).size).toBe(1);
      expect(await store().list(50)).toHaveLength(1);
    });

    it("inserts many at once, once per dedupe key: the rows already there come back as they are, in the caller's order", async () => {
      const before = row("campaign:c1:lead-2");
      await store().insert(before);
      const many = ["campaign:c1:lead-1", "campaign:c1:lead-2", "campaign:c1:lead-3"].map((key) => row(key));
      const results = await store().insertManyOnce(many);
      expect(results).toEqual([
        { created: true, row: many[0] },
        { created: false, row: before },
        { created: true, row: many[2] },
      ]);
      expect(await store().getByKey("campaign:c1:lead-3")).toEqual(many[2]);
      // The same chunk again (a step written again after a crash) creates nothing.
      const again = await store().insertManyOnce(["campaign:c1:lead-1", "campaign:c1:lead-3"].map((key) => row(key)));
      expect(again).toEqual([
        { created: false, row: many[0] },
        { created: false, row: many[2] },
      ]);
      expect(await store().insertManyOnce([])).toEqual([]);
      expect(await store().list(50)).toHaveLength(3);
    });

    it("inserts hundreds of rows with rendered bodies at once", async () => {
      // About 3 MB in all: more than D1 takes as one bound value, so the adapter must split it.
      const many = Array.from({ length: 300 }, (_, i) => row(`bulk:${i}`, { html: `<p>${"x".repeat(10_000)}</p>`, attempts: i % 3 }));
      const results = await store().insertManyOnce(many);
      expect(results.every((result) => result.created)).toBe(true);
      expect(await store().getByKey("bulk:299")).toEqual(many[299]);
      expect((await store().insertManyOnce(many.slice(0, 5))).map((result) => result.created)).toEqual([false, false, false, false, false]);
    });

    it("parallel many-inserts sharing keys: each key is created by exactly one", async () => {
      const keys = Array.from({ length: 30 }, (_, i) => `campaign:c2:lead-${i}`);
      const results = await Promise.all(Array.from({ length: 4 }, () => store().insertManyOnce(keys.map((key) => row(key)))));
      for (let i = 0; i < keys.length; i++) {
        expect(results.filter((r) => r[i].created)).toHaveLength(1);
        expect(new Set(results.map((r) => r[i].row.id)).size).toBe(1);
      }
      expect(await store().list(100)).toHaveLength(30);
    });

    it("insert refuses a taken dedupe key or id", async () => {
      const first = row("api:key-1");
      await store().insert(first);
      await expect(store().insert(row("api:key-1"))).rejects.toThrow();
      await expect(store().insert({ ...row("api:key-2"), id: first.id })).rejects.toThrow();
      expect(await store().list(50)).toHaveLength(1);
    });

    it("updates a row, and with onlyIf only while it is still addressed to that recipient", async () => {
      const mail = row("guide:1");
      await store().insert(mail);
      const sentAt = "2025-09-01T10:01:00.000Z";
      await store().update(mail.id, { status: "sent", attempts: 1, provider_message_id: "msg-1", updated_at: sentAt });
      expect(await store().get(mail.id)).toEqual({
        ...mail,
        status: "sent",
        attempts: 1,
        provider_message_id: "msg-1",
        updated_at: sentAt,
      });
      await store().update(mail.id, { subject: "changed", updated_at: sentAt }, { recipient: "someone-else@example.com" });
      expect((await store().get(mail.id))?.subject).toBe(mail.subject);
      await store().update(mail.id, { subject: "changed", updated_at: sentAt }, { recipient: mail.recipient });
      expect((await store().get(mail.id))?.subject).toBe("changed");
      // A failure seen by another sender never undoes the success.
      await store().update(mail.id, { status: "failed", updated_at: sentAt }, { recipient: mail.recipient, unlessSent: true });
      expect((await store().get(mail.id))?.status).toBe("sent");
      const other = row("guide:2");
      await store().insert(other);
      await store().update(other.id, { status: "failed", updated_at: sentAt }, { recipient: other.recipient, unlessSent: true });
      expect((await store().get(other.id))?.status).toBe("failed");
    });

    it("claim moves a row to pending only from the state and time the caller saw, once", async () => {
      const failed = row("retry", { status: "failed", attempts: 1, next_attempt_at: T0 });
      await store().insert(failed);
      const now = "2025-09-01T10:05:00.000Z";
      expect(await store().claim(failed.id, "pending", T0, now)).toBe(false);
      expect(await store().claim(failed.id, "failed", "2025-09-01T09:00:00.000Z", now)).toBe(false);
      const claims = await Promise.all(Array.from({ length: 6 }, () => store().claim(failed.id, "failed", T0, now)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store().get(failed.id)).toMatchObject({ status: "pending", updated_at: now });
    });

    it("finds and claims due rows (failed and due, or pending and stale) oldest first, each only once", async () => {
      const due = row("due", { status: "failed", next_attempt_at: "2025-09-01T10:01:00.000Z", created_at: "2025-09-01T09:00:00.000Z" });
      const later = row("later", { status: "failed", next_attempt_at: "2025-09-01T11:00:00.000Z" });
      const stale = row("stale", { status: "pending", updated_at: "2025-09-01T09:50:00.000Z" });
      const fresh = row("fresh", { status: "pending", updated_at: "2025-09-01T09:59:30.000Z" });
      const sent = row("sent", { status: "sent" });
      for (const r of [due, later, stale, fresh, sent]) await store().insert(r);
      const now = "2025-09-01T10:02:00.000Z";
      const staleBefore = "2025-09-01T09:58:00.000Z";
      expect((await store().due(now, staleBefore, 10)).map((r) => r.dedupe_key)).toEqual(["due", "stale"]);
      expect((await store().due(now, staleBefore, 1)).map((r) => r.dedupe_key)).toEqual(["due"]);
      const claimed = await store().claimDue(now, staleBefore, 10);
      expect(claimed.map((r) => r.dedupe_key).sort()).toEqual(["due", "stale"]);
      for (const r of claimed) expect(r).toMatchObject({ status: "pending", updated_at: now });
      // Claimed rows are pending and fresh now: a second claim finds nothing.
      expect(await store().claimDue(now, staleBefore, 10)).toEqual([]);
    });

    // Whether parallel runs also split the backlog is the adapter's own (D1 does, outbox-d1.test.ts);
    // what every adapter promises is that no row is claimed twice and later runs take the rest.
    it("parallel claims never take a row twice, and later runs take the rest", async () => {
      await store().insertManyOnce(
        Array.from({ length: 30 }, (_, i) => row(`backlog:${i}`, { status: "failed", attempts: 1, next_attempt_at: T0 })),
      );
      const now = "2025-09-01T10:05:00.000Z";
      const claims = (await Promise.all(Array.from({ length: 6 }, () => store().claimDue(now, T0, 10)))).flat();
      for (let run = 0; run < 3; run++) claims.push(...(await store().claimDue(now, T0, 10)));
      const keys = claims.map((r) => r.dedupe_key);
      expect(keys).toHaveLength(new Set(keys).size);
      expect(keys).toHaveLength(30);
      expect(await store().claimDue(now, T0, 10)).toEqual([]);
    });

    it("claimForEnqueue stamps due rows whose message lease is free, once, and releaseEnqueued frees them again", async () => {
      const now = "2025-09-01T10:10:00.000Z";
      const staleBefore = "2025-09-01T10:08:00.000Z";
      const leaseBefore = "2025-09-01T09:40:00.000Z";
      const lost = row("lost", { status: "pending" });
      const inFlight = row("in-flight", { status: "pending", enqueued_at: "2025-09-01T10:00:00.000Z" });
      const leaseOver = row("lease-over", { status: "pending", enqueued_at: "2025-09-01T09:30:00.000Z" });
      const retry = row("retry", { status: "failed", next_attempt_at: "2025-09-01T10:09:00.000Z", attempts: 1 });
      const fresh = row("fresh", { status: "pending", updated_at: "2025-09-01T10:09:30.000Z" });
      for (const r of [lost, inFlight, leaseOver, retry, fresh]) await store().insert(r);
      const stamped = await store().claimForEnqueue(now, staleBefore, leaseBefore, 10);
      expect(stamped.map((r) => r.dedupe_key).sort()).toEqual(["lease-over", "lost", "retry"]);
      for (const r of stamped) expect(r.enqueued_at).toBe(now);
      // Their state is otherwise untouched: the sweeper only hands them to the queue.
      expect(await store().get(lost.id)).toEqual({ ...lost, enqueued_at: now });
      expect(await store().claimForEnqueue(now, staleBefore, leaseBefore, 10)).toEqual([]);
      await store().releaseEnqueued([lost.id]);
      expect((await store().get(lost.id))?.enqueued_at).toBeNull();
      expect((await store().claimForEnqueue(now, staleBefore, leaseBefore, 10)).map((r) => r.dedupe_key)).toEqual(["lost"]);
    });

    it("parallel sweeps never stamp a row twice", async () => {
      await store().insertManyOnce(Array.from({ length: 20 }, (_, i) => row(`swept:${i}`, { status: "pending" })));
      const now = "2025-09-01T10:10:00.000Z";
      const runs = await Promise.all(Array.from({ length: 5 }, () => store().claimForEnqueue(now, now, T0, 10)));
      const keys = runs.flat().map((r) => r.dedupe_key);
      expect(keys).toHaveLength(new Set(keys).size);
    });

    it("claimEnqueued takes rows with a live message that are pending or due, once, and clears their lease", async () => {
      const now = "2025-09-01T10:00:05.000Z";
      const at = "2025-09-01T10:00:01.000Z";
      const queued = row("queued", { enqueued_at: at });
      const due = row("due", { status: "failed", attempts: 1, next_attempt_at: T0, enqueued_at: at });
      const notDue = row("not-due", { status: "failed", attempts: 1, next_attempt_at: "2025-09-01T11:00:00.000Z", enqueued_at: at });
      const sent = row("sent", { status: "sent", enqueued_at: at });
      const taken = row("taken", { enqueued_at: null });
      for (const r of [queued, due, notDue, sent, taken]) await store().insert(r);
      const ids = [queued, due, notDue, sent, taken].map((r) => r.id);
      const claims = await Promise.all(Array.from({ length: 4 }, () => store().claimEnqueued(ids, now)));
      const claimed = claims.flat();
      expect(claimed.map((r) => r.dedupe_key).sort()).toEqual(["due", "queued"]);
      for (const r of claimed) expect(r).toMatchObject({ status: "pending", updated_at: now, enqueued_at: null });
      expect(await store().claimEnqueued([], now)).toEqual([]);
    });

    it("claimEnqueued and releaseEnqueued take a whole queue batch of 100 ids in one call", async () => {
      const now = "2025-09-01T10:00:05.000Z";
      const rows = Array.from({ length: 100 }, (_, i) => row(`full-batch:${i}`, { enqueued_at: "2025-09-01T10:00:01.000Z" }));
      // Seeded in one call: a hundred single inserts are a hundred round trips.
      await store().insertManyOnce(rows);
      const ids = rows.map((r) => r.id);
      await store().releaseEnqueued(ids.slice(50));
      const claimed = await store().claimEnqueued(ids, now);
      expect(claimed.map((r) => r.dedupe_key).sort()).toEqual(
        rows
          .slice(0, 50)
          .map((r) => r.dedupe_key)
          .sort(),
      );
    });

    it("a batch key marks 100 rows in one call, only those the caller still holds, lists them by id, and leaves other rows alone", async () => {
      const claimedAt = "2025-09-01T10:00:05.000Z";
      const rows = Array.from({ length: 100 }, (_, i) => row(`batch:${i}`, { updated_at: claimedAt }));
      // Lost to the sweeper (a live message again), taken by another consumer since, and not pending.
      const swept = row("swept", { updated_at: claimedAt, enqueued_at: "2025-09-01T10:02:05.000Z" });
      const retaken = row("retaken", { updated_at: "2025-09-01T10:02:06.000Z" });
      const sent = row("sent", { updated_at: claimedAt, status: "sent" });
      const other = row("other-batch", { batch_key: "batch:other" });
      await store().insertManyOnce([...rows, swept, retaken, sent, other]);
      const marked = await store().markBatch(
        [...rows, swept, retaken, sent].map((r) => r.id),
        "batch:abc",
        claimedAt,
      );
      expect(marked.sort()).toEqual(rows.map((r) => r.id).sort());
      const listed = await store().listBatch("batch:abc");
      expect(listed.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort());
      for (const r of listed) expect(r).toEqual({ ...rows.find((x) => x.id === r.id), batch_key: "batch:abc" });
      for (const r of [swept, retaken, sent]) expect((await store().get(r.id))?.batch_key).toBeNull();
      expect(await store().listBatch("batch:other")).toEqual([other]);
      expect(await store().listBatch("batch:none")).toEqual([]);
      await store().update(rows[0].id, { status: "sent", batch_key: null, updated_at: T0 });
      expect(await store().listBatch("batch:abc")).toHaveLength(99);
    });

    it("dead letters: listed newest change first, retried once as due, given up for good", async () => {
      const dead1 = row("dead-1", {
        batch_key: "batch:in-doubt",
        status: "dead",
        attempts: 5,
        last_error: "HTTP 422: invalid to",
        updated_at: "2025-09-01T10:01:00.000Z",
      });
      const dead2 = row("dead-2", { status: "dead", attempts: 1, last_error: "dead-lettered", updated_at: "2025-09-01T10:02:00.000Z" });
      const failing = row("failing", { status: "failed", attempts: 2, next_attempt_at: "2025-09-01T11:00:00.000Z" });
      for (const r of [dead1, dead2, failing, row("ok", { status: "sent" })]) await store().insert(r);
      expect((await store().listDead({ limit: 10 })).map((r) => r.dedupe_key)).toEqual(["dead-2", "dead-1"]);
      expect((await store().listDead({ limit: 1 })).map((r) => r.dedupe_key)).toEqual(["dead-2"]);

      const now = "2025-09-01T10:05:00.000Z";
      expect(await store().retryDead(dead1.id, now)).toBe(true);
      expect(await store().get(dead1.id)).toMatchObject({
        status: "failed",
        next_attempt_at: now,
        updated_at: now,
        enqueued_at: null,
        batch_key: null,
      });
      expect(await store().retryDead(dead1.id, now)).toBe(false);
      expect(await store().retryDead(failing.id, now)).toBe(false);

      expect(await store().giveUp(dead2.id, now, "Given up by an admin")).toBe(true);
      expect(await store().get(dead2.id)).toMatchObject({ status: "skipped", next_attempt_at: null, updated_at: now });
      expect((await store().get(dead2.id))?.last_error).toContain("Given up by an admin");
      expect((await store().get(dead2.id))?.last_error).toContain("dead-lettered");
      expect(await store().giveUp(failing.id, now, "Given up by an admin")).toBe(true);
      expect(await store().giveUp(row("nobody").id, now, "x")).toBe(false);
      expect((await store().listDead({ limit: 10 })).map((r) => r.dedupe_key)).toEqual([]);
    });

    it("lists newest first, at most `limit` rows", async () => {
      for (const [i, key] of ["a", "b", "c"].entries()) await store().insert(row(key, { created_at: `2025-09-01T10:0${i}:00.000Z` }));
      expect((await store().list(2)).map((r) => r.dedupe_key)).toEqual(["c", "b"]);
    });

    it("clearBodies empties old finished rows' bodies only, and counts them", async () => {
      const old = "2025-08-01T10:00:00.000Z";
      const rows = [
        row("old-sent", { status: "sent", created_at: old, render_input: '{"template":"guide"}' }),
        row("old-dead", { status: "dead", created_at: old }),
        row("old-skipped", { status: "skipped", created_at: old }),
        row("old-failed", { status: "failed", created_at: old }),
        row("old-pending", { status: "pending", created_at: old }),
        row("new-sent", { status: "sent" }),
      ];
      for (const r of rows) await store().insert(r);
      expect(await store().clearBodies("2025-08-15T00:00:00.000Z")).toBe(3);
      expect(await store().clearBodies("2025-08-15T00:00:00.000Z")).toBe(0);
      const byKey = new Map((await store().list(10)).map((r) => [r.dedupe_key, r]));
      for (const key of ["old-sent", "old-dead", "old-skipped"]) {
        expect(byKey.get(key)).toMatchObject({ subject: "", html: "", text: "", render_input: null });
      }
      for (const key of ["old-failed", "old-pending", "new-sent"]) expect(byKey.get(key)?.html).toBe("<p>Guide</p>");
      expect(byKey.get("old-sent")?.status).toBe("sent");
    });
  });
}
