import type { PostgrestError } from "@supabase/supabase-js";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { WebhookDelivery, WebhookEndpoint, WebhookStore } from "~/data/ports/webhook-store";

/**
 * Webhook endpoints and deliveries in Supabase Postgres through the service-role key
 * (supabase/migrations/…0024_webhooks.sql, ADR 038).
 */

/** Postgres timestamps come back as "2025-09-01T10:00:00+00:00"; the app uses toISOString() form. */
const iso = (value: string | null) => (value ? new Date(value).toISOString() : value);

function endpointFrom(row: WebhookEndpoint): WebhookEndpoint {
  return {
    ...row,
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

function deliveryFrom(row: WebhookDelivery): WebhookDelivery {
  return {
    ...row,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

function fail(action: string, error: PostgrestError | null) {
  if (error) throw new Error(`Webhook ${action} failed: ${error.message || error.code}`);
}

export function createSupabaseWebhookStore(options: SupabaseOptions): WebhookStore {
  const client = createSupabaseAdminClient(options);
  const endpoints = () => client.from("webhook_endpoints");
  const deliveries = () => client.from("webhook_deliveries");

  return {
    async addEndpoint(endpoint) {
      const { error } = await endpoints().insert(endpoint).retry(false);
      fail("endpoint insert", error);
    },

    async getEndpoint(id) {
      const { data, error } = await endpoints().select("*").eq("id", id).maybeSingle<WebhookEndpoint>().retry(false);
      fail("endpoint read", error);
      return data ? endpointFrom(data) : null;
    },

    async listEndpoints() {
      const { data, error } = await endpoints()
        .select("*")
        .order("created_at", { ascending: true })
        .order("id", { ascending: true })
        .retry(false);
      fail("endpoint read", error);
      return ((data ?? []) as WebhookEndpoint[]).map(endpointFrom);
    },

    async updateEndpoint(id, change) {
      const { data, error } = await endpoints().update(change).eq("id", id).select("id").retry(false);
      fail("endpoint update", error);
      return (data?.length ?? 0) > 0;
    },

    async insertDeliveries(rows) {
      if (!rows.length) return [];
      // INSERT ... ON CONFLICT (event_id, endpoint_id) DO NOTHING RETURNING id: only the rows this call wrote.
      const { data, error } = await deliveries()
        .upsert(rows, { onConflict: "event_id,endpoint_id", ignoreDuplicates: true })
        .select("id")
        .retry(false);
      fail("delivery insert", error);
      const written = new Set(((data ?? []) as { id: string }[]).map((row) => row.id));
      return rows.filter((row) => written.has(row.id));
    },

    async getDelivery(id) {
      const { data, error } = await deliveries().select("*").eq("id", id).maybeSingle<WebhookDelivery>().retry(false);
      fail("delivery read", error);
      return data ? deliveryFrom(data) : null;
    },

    async claim(id, now, leaseUntil) {
      const { data, error } = await deliveries()
        .update({ next_attempt_at: leaseUntil, updated_at: now })
        .eq("id", id)
        .eq("status", "pending")
        .lte("next_attempt_at", now)
        .select("*")
        .retry(false);
      fail("claim", error);
      const row = (data as WebhookDelivery[] | null)?.[0];
      return row ? deliveryFrom(row) : null;
    },

    async claimDue(now, leaseUntil, limit) {
      const { data: due, error: readError } = await deliveries()
        .select("id")
        .eq("status", "pending")
        .lte("next_attempt_at", now)
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", readError);
      const ids = ((due ?? []) as { id: string }[]).map((row) => row.id);
      if (!ids.length) return [];
      // The update repeats the due filter: Postgres re-checks it on each row after a parallel claim's lock.
      const { data, error } = await deliveries()
        .update({ next_attempt_at: leaseUntil, updated_at: now })
        .in("id", ids)
        .eq("status", "pending")
        .lte("next_attempt_at", now)
        .select("*")
        .retry(false);
      fail("claim", error);
      return ((data ?? []) as WebhookDelivery[]).map(deliveryFrom).sort((a, b) => a.created_at.localeCompare(b.created_at));
    },

    async dueIds(before, limit) {
      const { data, error } = await deliveries()
        .select("id")
        .eq("status", "pending")
        .lte("next_attempt_at", before)
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as { id: string }[]).map((row) => row.id);
    },

    async recordAttempt(id, record) {
      const { error } = await deliveries().update(record).eq("id", id).retry(false);
      fail("attempt record", error);
    },

    async replay(id, now) {
      const { data, error } = await deliveries()
        .update({ status: "pending", attempts: 0, next_attempt_at: now, updated_at: now })
        .eq("id", id)
        .neq("status", "cancelled")
        .select("*")
        .retry(false);
      fail("replay", error);
      const row = (data as WebhookDelivery[] | null)?.[0];
      return row ? deliveryFrom(row) : null;
    },

    async listDeliveries(limit, filter = {}) {
      let query = deliveries().select("*");
      if (filter.endpointId) query = query.eq("endpoint_id", filter.endpointId);
      const { data, error } = await query
        .order("created_at", { ascending: false })
        .order("id", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as WebhookDelivery[]).map(deliveryFrom);
    },
  };
}
