import type { PostgrestError } from "@supabase/supabase-js";
import { createSupabaseAdminClient, type SupabaseLeadStoreOptions } from "~/data/supabase-lead-store.server";
import type { OutboxRow, OutboxStore } from "./outbox.server";

/** Postgres timestamps come back as "2025-09-01T10:00:00+00:00"; the app uses toISOString() form. */
function normalise(row: OutboxRow): OutboxRow {
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : value);
  return {
    ...row,
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

function fail(action: string, error: PostgrestError | null) {
  if (error) throw new Error(`Outbox ${action} failed: ${error.message || error.code}`);
}

/**
 * The outbox in Supabase Postgres through the service-role key (server-side only), sharing the
 * lead store's admin client settings (timeout, no realtime). Schema: supabase/migrations/…0002_outbox.sql.
 */
export function createSupabaseOutbox(options: SupabaseLeadStoreOptions): OutboxStore {
  const client = createSupabaseAdminClient(options);
  const table = () => client.from("outbox");

  return {
    async insert(row) {
      const { error } = await table().insert(row).retry(false);
      fail("insert", error);
    },

    async get(id) {
      const { data, error } = await table().select("*").eq("id", id).maybeSingle<OutboxRow>().retry(false);
      fail("read", error);
      return data ? normalise(data) : null;
    },

    async update(id, change) {
      const { error } = await table().update(change).eq("id", id).retry(false);
      fail("update", error);
    },

    async claim(id, from, seenAt, now) {
      const { data, error } = await table()
        .update({ status: "pending", updated_at: now })
        .eq("id", id)
        .eq("status", from)
        .eq("updated_at", seenAt)
        .select("id")
        .retry(false);
      fail("claim", error);
      return (data?.length ?? 0) === 1;
    },

    async due(now, stalePendingBefore, limit) {
      const { data, error } = await table()
        .select("*")
        .or(
          // Values quoted: PostgREST's or() list would otherwise split on reserved characters.
          `and(status.eq.failed,next_attempt_at.lte."${now}"),and(status.eq.pending,updated_at.lte."${stalePendingBefore}")`,
        )
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async list(limit) {
      const { data, error } = await table()
        .select("*")
        .order("created_at", { ascending: false })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },
  };
}
