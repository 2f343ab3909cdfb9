import { expect, it } from "vitest";
import type { NewWave } from "~/data/ports/wave-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

/** The behaviour every FactStore adapter must have (docs/decisions/046-facts-and-reactions.md). */
export function factStoreContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`FactStore contract: ${name}`, start, (h) => {
    const store = () => h().facts;

    /** A fact as a wave writes it (the only writer of facts so far). */
    async function fact(minute: number) {
      const id = crypto.randomUUID();
      const wave: NewWave = { id, variant: "genius", seq: minute, size_asked: 1, created_at: at(minute), created_by: "admin@example.com" };
      const factId = `wave.admitted:leads:${id}`;
      await h().waves.admit("leads", wave, [{ lead_id: crypto.randomUUID(), place: minute, invite_expires_at: at(60) }], {
        id: factId,
        type: "wave.admitted",
        payload: { wave_id: id, seq: minute },
        created_at: at(minute),
      });
      return factId;
    }

    it("lists the facts not yet handled, oldest first, until they are marked handled", async () => {
      const [a, b] = [await fact(1), await fact(2)];
      expect((await store().unhandled(at(3), 10)).map((f) => f.id)).toEqual([a, b]);
      expect((await store().unhandled(at(2), 10)).map((f) => f.id)).toEqual([a]);
      expect(await store().unhandled(at(3), 1)).toHaveLength(1);
      await store().markHandled(a, at(4));
      await store().markHandled(a, at(5));
      expect((await store().unhandled(at(9), 10)).map((f) => f.id)).toEqual([b]);
      expect((await store().get(a))?.handled_at).toBe(at(4));
      expect(await store().get("wave.admitted:leads:none")).toBeNull();
    });

    it("keeps each handler's outcome: done once, failures counted until dead with the last error", async () => {
      const id = await fact(1);
      expect(await store().handlingsOf(id)).toEqual([]);
      await store().finish(id, "webhook", at(2));
      expect(await store().fail(id, "invites", "first", at(3), 3)).toBe("pending");
      expect(await store().fail(id, "invites", "second", at(4), 3)).toBe("pending");
      expect(await store().fail(id, "invites", "third", at(5), 3)).toBe("dead");
      // Dead stays dead; done stays done.
      expect(await store().fail(id, "invites", "fourth", at(6), 3)).toBe("dead");
      await store().finish(id, "invites", at(6));
      const byHandler = Object.fromEntries((await store().handlingsOf(id)).map((row) => [row.handler, row]));
      expect(byHandler.webhook).toMatchObject({ status: "done", done_at: at(2), attempts: 0 });
      expect(byHandler.invites).toMatchObject({ status: "dead", attempts: 3, last_error: "third", done_at: null });
      expect(await store().listDead(10)).toEqual([
        expect.objectContaining({ fact_id: id, handler: "invites", fact_type: "wave.admitted" }),
      ]);
    });

    it("replays a dead handling once: pending again with no attempts, and its fact unhandled again", async () => {
      const id = await fact(1);
      expect(await store().fail(id, "invites", "boom", at(2), 1)).toBe("dead");
      await store().markHandled(id, at(3));
      const replays = await Promise.all([store().replay(id, "invites", at(4)), store().replay(id, "invites", at(4))]);
      expect(replays.filter(Boolean)).toHaveLength(1);
      expect(await store().listDead(10)).toEqual([]);
      expect((await store().handlingsOf(id))[0]).toMatchObject({ status: "pending", attempts: 0 });
      expect((await store().get(id))?.handled_at).toBeNull();
      expect(await store().replay(id, "webhook", at(5))).toBe(false);
    });
  });
}
