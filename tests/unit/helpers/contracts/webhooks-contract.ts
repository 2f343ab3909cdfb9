import { expect, it } from "vitest";
import type { WebhookDelivery, WebhookEndpoint } from "~/data/ports/webhook-store";
import type { ContractBackend } from "./backends";
import { contractSuite } from "./suite";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString();

const endpoint = (id: string, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  url: `https://hooks.example/${id}`,
  events: ["lead.confirmed", "referral.credited"],
  secret: `whsec_${id}`,
  previous_secret: null,
  previous_secret_expires_at: null,
  enabled: true,
  created_at: at(0),
  updated_at: at(0),
  ...over,
});

const delivery = (eventId: string, endpointId: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
  event_id: eventId,
  endpoint_id: endpointId,
  event_type: "lead.confirmed",
  payload: JSON.stringify({ type: "lead.confirmed", timestamp: at(1), data: { event: eventId } }),
  status: "pending",
  attempts: 0,
  last_response_code: null,
  last_latency_ms: null,
  next_attempt_at: at(1),
  created_at: at(1),
  updated_at: at(1),
  ...over,
});

/** The behaviour every WebhookStore adapter must have: one delivery chain per event and endpoint (ADR 038). */
export function webhooksContract(name: string, start: () => Promise<ContractBackend>) {
  contractSuite(`WebhookStore contract: ${name}`, start, (h) => {
    const store = () => h().webhooks;

    it("keeps an endpoint with its events, and changes its secret and state", async () => {
      await store().addEndpoint(endpoint("ep1"));
      await store().addEndpoint(endpoint("ep2", { events: ["lead.erased"], created_at: at(2), updated_at: at(2) }));
      expect(await store().getEndpoint("ep1")).toEqual(endpoint("ep1"));
      expect((await store().listEndpoints()).map((e) => [e.id, e.events])).toEqual([
        ["ep1", ["lead.confirmed", "referral.credited"]],
        ["ep2", ["lead.erased"]],
      ]);
      expect(
        await store().updateEndpoint("ep1", {
          secret: "whsec_new",
          previous_secret: "whsec_ep1",
          previous_secret_expires_at: at(30),
          enabled: false,
          updated_at: at(3),
        }),
      ).toBe(true);
      expect(await store().getEndpoint("ep1")).toMatchObject({
        secret: "whsec_new",
        previous_secret: "whsec_ep1",
        previous_secret_expires_at: at(30),
        enabled: false,
        updated_at: at(3),
      });
      expect(await store().updateEndpoint("nope", { enabled: true, updated_at: at(4) })).toBe(false);
    });

    it("the same event emitted twice gives one delivery", async () => {
      const first = delivery("lead.confirmed:leads:a", "ep1");
      expect(await store().insertDeliveries([first])).toEqual([first]);
      expect(await store().insertDeliveries([delivery("lead.confirmed:leads:a", "ep1")])).toEqual([]);
      // Another endpoint has its own chain of the same event.
      expect(await store().insertDeliveries([delivery("lead.confirmed:leads:a", "ep2")])).toHaveLength(1);
      const all = await store().listDeliveries(10, { endpointId: "ep1" });
      expect(all.map((row) => row.id)).toEqual([first.id]);
      expect(await store().getDelivery(first.id)).toEqual(first);
    });

    it("20 parallel emits of 20 distinct events give 20 deliveries, none twice", async () => {
      const emit = (n: number) => store().insertDeliveries([delivery(`lead.confirmed:leads:${n}`, "ep1")]);
      // Each event emitted twice at once, as parallel confirmations of the same lead would.
      const written = await Promise.all([
        ...Array.from({ length: 20 }, (_, n) => emit(n)),
        ...Array.from({ length: 20 }, (_, n) => emit(n)),
      ]);
      expect(written.flat()).toHaveLength(20);
      const rows = await store().listDeliveries(100);
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((row) => row.event_id)).size).toBe(20);
    });

    it("a due delivery is claimed once; a replay starts a new chain on the same id", async () => {
      const row = delivery("e1", "ep1");
      await store().insertDeliveries([row, delivery("e2", "ep1", { next_attempt_at: at(50) })]);
      const claims = await Promise.all([store().claim(row.id, at(5), at(6)), store().claim(row.id, at(5), at(6))]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(claims.find(Boolean)).toMatchObject({ id: row.id, next_attempt_at: at(6) });
      // Under its lease it is not due, nor is the one due later.
      expect(await store().claimDue(at(5), at(6), 10)).toEqual([]);
      expect(await store().dueIds(at(7), 10)).toEqual([row.id]);
      await store().recordAttempt(row.id, {
        status: "dead",
        attempts: 7,
        last_response_code: 500,
        last_latency_ms: 12,
        next_attempt_at: null,
        updated_at: at(7),
      });
      expect(await store().getDelivery(row.id)).toMatchObject({
        status: "dead",
        attempts: 7,
        last_response_code: 500,
        last_latency_ms: 12,
      });
      expect(await store().claim(row.id, at(8), at(9))).toBeNull();
      expect(await store().replay(row.id, at(10))).toMatchObject({ id: row.id, status: "pending", attempts: 0, next_attempt_at: at(10) });
      const due = await Promise.all([store().claimDue(at(10), at(11), 10), store().claimDue(at(10), at(11), 10)]);
      expect(due.flat().map((d) => d.id)).toEqual([row.id]);
      expect(await store().replay("msg_none", at(10))).toBeNull();
    });
  });
}
