import type { PostgrestError } from "@supabase/supabase-js";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { OutboxRow, OutboxStore } from "~/data/ports/outbox-store";
import { escapeLike } from "~/data/lead-model";

/** Postgres timestamps come back as "2025-09-01T10:00:00+00:00"; the app uses toISOString() form. */
function normalise(row: OutboxRow): OutboxRow {
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : value);
  return {
    ...row,
    next_attempt_at: iso(row.next_attempt_at),
    enqueued_at: iso(row.enqueued_at ?? null),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  };
}

function fail(action: string, error: PostgrestError | null) {
  if (error) throw new Error(`Outbox ${action} failed: ${error.message || error.code}`);
}

/** A due row (see OutboxStore.due). Values quoted: PostgREST's or() list would otherwise split on reserved characters. */
const dueFilter = (now: string, stalePendingBefore: string) =>
  `and(status.eq.failed,next_attempt_at.lte."${now}"),and(status.eq.pending,updated_at.lte."${stalePendingBefore}")`;

/** A due row whose queue message lease is free (see OutboxStore.claimForEnqueue). */
const enqueueFilter = (now: string, stalePendingBefore: string, leaseBefore: string) => {
  const free = `or(enqueued_at.is.null,enqueued_at.lte."${leaseBefore}")`;
  return `and(status.eq.failed,next_attempt_at.lte."${now}",${free}),and(status.eq.pending,updated_at.lte."${stalePendingBefore}",${free})`;
};

/**
 * The outbox in Supabase Postgres through the service-role key (server-side only), sharing the
 * lead store's admin client settings (timeout, no realtime).
 * Schema: supabase/migrations/…0002_outbox.sql and …0004_outbox_dedupe.sql.
 */
export function createSupabaseOutbox(options: SupabaseOptions): OutboxStore {
  const client = createSupabaseAdminClient(options);
  const table = () => client.from("outbox");

  async function getByKey(dedupeKey: string): Promise<OutboxRow | null> {
    const { data, error } = await table().select("*").eq("dedupe_key", dedupeKey).maybeSingle<OutboxRow>().retry(false);
    fail("read", error);
    return data ? normalise(data) : null;
  }

  return {
    async insert(row) {
      const { error } = await table().insert(row).retry(false);
      fail("insert", error);
    },

    async insertOnce(row) {
      // INSERT ... ON CONFLICT (dedupe_key) DO NOTHING RETURNING *: the row comes back only when this call wrote it.
      const { data, error } = await table().upsert(row, { onConflict: "dedupe_key", ignoreDuplicates: true }).select("*").retry(false);
      fail("insert", error);
      const written = (data ?? []) as OutboxRow[];
      if (written.length === 1) return { created: true, row: normalise(written[0]) };
      const existing = await getByKey(row.dedupe_key);
      if (!existing) throw new Error(`Outbox insert of ${row.dedupe_key} neither wrote nor found a row`);
      return { created: false, row: existing };
    },

    async insertManyOnce(rows) {
      if (!rows.length) return [];
      // INSERT ... ON CONFLICT (dedupe_key) DO NOTHING RETURNING *: only the rows this call wrote come back.
      const { data, error } = await table().upsert(rows, { onConflict: "dedupe_key", ignoreDuplicates: true }).select("*").retry(false);
      fail("insert", error);
      const created = new Set(((data ?? []) as OutboxRow[]).map((row) => row.dedupe_key));
      const missing = rows.filter((row) => !created.has(row.dedupe_key)).map((row) => row.dedupe_key);
      const existing = new Map<string, OutboxRow>();
      if (missing.length) {
        const found = await table().select("*").in("dedupe_key", missing).retry(false);
        fail("read", found.error);
        for (const row of (found.data ?? []) as OutboxRow[]) existing.set(row.dedupe_key, normalise(row));
      }
      return rows.map((row) => {
        if (created.has(row.dedupe_key)) return { created: true, row };
        const found = existing.get(row.dedupe_key);
        if (!found) throw new Error(`Outbox insert of ${row.dedupe_key} neither wrote nor found a row`);
        return { created: false, row: found };
      });
    },

    async get(id) {
      const { data, error } = await table().select("*").eq("id", id).maybeSingle<OutboxRow>().retry(false);
      fail("read", error);
      return data ? normalise(data) : null;
    },

    getByKey,

    async update(id, change, onlyIf) {
      let update = table().update(change).eq("id", id);
      if (onlyIf) update = update.eq("recipient", onlyIf.recipient);
      if (onlyIf?.unlessSent) update = update.neq("status", "sent");
      const { error } = await update.retry(false);
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
        .or(dueFilter(now, stalePendingBefore))
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async claimDue(now, stalePendingBefore, limit) {
      const { data: due, error: readError } = await table()
        .select("id")
        .or(dueFilter(now, stalePendingBefore))
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", readError);
      const ids = ((due ?? []) as { id: string }[]).map((row) => row.id);
      if (!ids.length) return [];
      // The update repeats the due filter: Postgres re-checks it on each row after waiting for a
      // parallel claim's lock, so a row another run has just moved to pending (fresh) is skipped.
      const { data, error } = await table()
        .update({ status: "pending", updated_at: now })
        .in("id", ids)
        .or(dueFilter(now, stalePendingBefore))
        .select("*")
        .retry(false);
      fail("claim", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async list(limit, { offset = 0, recipient } = {}) {
      let query = table().select("*");
      if (recipient) query = query.ilike("recipient", `%${escapeLike(recipient)}%`);
      const { data, error } = await query
        .order("created_at", { ascending: false })
        // A fixed order among rows of one instant, so a row shows on exactly one page.
        .order("id", { ascending: false })
        .range(offset, offset + limit - 1)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async clearBodies(before) {
      const { count, error } = await table()
        .update({ subject: "", html: "", text: "", render_input: null }, { count: "exact" })
        .lt("created_at", before)
        .not("status", "in", "(pending,failed)")
        .or("subject.neq.,html.neq.,text.neq.,render_input.not.is.null")
        .retry(false);
      fail("body clean-up", error);
      return count ?? 0;
    },

    async claimForEnqueue(now, stalePendingBefore, leaseBefore, limit) {
      const filter = enqueueFilter(now, stalePendingBefore, leaseBefore);
      const { data: due, error: readError } = await table()
        .select("id")
        .or(filter)
        .order("created_at", { ascending: true })
        .limit(limit)
        .retry(false);
      fail("read", readError);
      const ids = ((due ?? []) as { id: string }[]).map((row) => row.id);
      if (!ids.length) return [];
      // The filter again: Postgres re-checks it after a parallel sweep's lock, which has stamped the row.
      const { data, error } = await table().update({ enqueued_at: now }).in("id", ids).or(filter).select("*").retry(false);
      fail("enqueue claim", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async releaseEnqueued(ids) {
      if (!ids.length) return;
      const { error } = await table().update({ enqueued_at: null }).in("id", ids).retry(false);
      fail("release", error);
    },

    async claimEnqueued(ids, now) {
      if (!ids.length) return [];
      const { data, error } = await table()
        .update({ status: "pending", updated_at: now, enqueued_at: null })
        .in("id", ids)
        .not("enqueued_at", "is", null)
        .or(`status.eq.pending,and(status.eq.failed,next_attempt_at.lte."${now}")`)
        .select("*")
        .retry(false);
      fail("claim", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async markBatch(ids, key, claimedAt) {
      if (!ids.length) return [];
      const { data, error } = await table()
        .update({ batch_key: key })
        .in("id", ids)
        .eq("status", "pending")
        .is("enqueued_at", null)
        .eq("updated_at", claimedAt)
        .select("id")
        .retry(false);
      fail("batch mark", error);
      return ((data ?? []) as { id: string }[]).map((row) => row.id);
    },

    async listBatch(key) {
      const { data, error } = await table().select("*").eq("batch_key", key).order("id", { ascending: true }).retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async listDead({ limit }) {
      const { data, error } = await table()
        .select("*")
        .eq("status", "dead")
        .order("updated_at", { ascending: false })
        .limit(limit)
        .retry(false);
      fail("read", error);
      return ((data ?? []) as OutboxRow[]).map(normalise);
    },

    async retryDead(id, now) {
      const { data, error } = await table()
        .update({ status: "failed", next_attempt_at: now, updated_at: now, enqueued_at: null, batch_key: null })
        .eq("id", id)
        .eq("status", "dead")
        .select("id")
        .retry(false);
      fail("retry", error);
      return (data?.length ?? 0) === 1;
    },

    async giveUp(id, now, reason) {
      // Read then write on the status seen, so a row that moved on meanwhile is left alone.
      const { data: found, error: readError } = await table()
        .select("status, last_error")
        .eq("id", id)
        .maybeSingle<OutboxRow>()
        .retry(false);
      fail("read", readError);
      if (!found || (found.status !== "failed" && found.status !== "dead")) return false;
      const last_error = found.last_error ? `${reason} (last error: ${found.last_error})` : reason;
      const { data, error } = await table()
        .update({ status: "skipped", next_attempt_at: null, updated_at: now, enqueued_at: null, last_error })
        .eq("id", id)
        .eq("status", found.status)
        .select("id")
        .retry(false);
      fail("give up", error);
      return (data?.length ?? 0) === 1;
    },
  };
}
