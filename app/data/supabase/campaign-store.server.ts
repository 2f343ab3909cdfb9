import type { PostgrestError } from "@supabase/supabase-js";
import { campaignKeyRange } from "~/data/campaign-model";
import { assertLeadTable, PENDING_EMAIL } from "~/data/lead-model";
import type { AudienceLead, Campaign, CampaignStore } from "~/data/ports/campaign-store";
import type { OutboxStatus } from "~/data/ports/outbox-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Campaigns on Supabase Postgres (supabase/migrations/20250901000018_campaigns.sql): the
 * conditional writes and the reads over a lead table or the outbox run in SQL functions over RPC.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new Error(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const iso = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

function campaignFrom(row: Record<string, unknown>): Campaign {
  return {
    ...(row as Campaign),
    created_at: iso(row.created_at) as string,
    send_at: iso(row.send_at) as string,
    updated_at: iso(row.updated_at) as string,
    lease_until: iso(row.lease_until),
    started_at: iso(row.started_at),
    written_at: iso(row.written_at),
    audience: Number(row.audience),
    written: Number(row.written),
    excluded: Number(row.excluded),
  };
}

export function createSupabaseCampaignStore(options: SupabaseOptions): CampaignStore {
  const client = createSupabaseAdminClient(options);
  const rows = (data: unknown) => ((data ?? []) as Record<string, unknown>[]).map(campaignFrom);

  /** The campaign whose unique column holds `value`. */
  async function oneWhere(column: "id" | "form_key", value: string): Promise<Campaign | null> {
    const { data, error } = await client.from("campaigns").select("*").eq(column, value).maybeSingle().retry(false);
    fail("Campaign read", error);
    return data ? campaignFrom(data) : null;
  }

  /** Every campaign's outbox rows by status in one call (campaign_progress_of, 20250901000020_campaign_progress_of.sql). */
  async function progressOf(ids: readonly string[]): Promise<Record<string, Record<OutboxStatus, number>>> {
    const counts: Record<string, Record<OutboxStatus, number>> = Object.fromEntries(
      ids.map((id) => [id, { pending: 0, sent: 0, failed: 0, dead: 0, skipped: 0 }]),
    );
    if (ids.length === 0) return counts;
    const unique = [...new Set(ids)];
    const ranges = unique.map(campaignKeyRange);
    const { data, error } = await client
      .rpc("campaign_progress_of", { p_ids: unique, p_from: ranges.map(([from]) => from), p_to: ranges.map(([, to]) => to) })
      .retry(false);
    fail("Campaign progress", error);
    for (const row of (data ?? []) as { campaign_id: string; status: OutboxStatus; n: number }[]) {
      if (row.status in counts[row.campaign_id]) counts[row.campaign_id][row.status] = Number(row.n);
    }
    return counts;
  }

  return {
    async createOnce(campaign) {
      const { data, error } = await client.rpc("campaign_create", { p: campaign }).retry(false);
      fail("Campaign write", error);
      const answer = data as { created: boolean; campaign: Record<string, unknown> };
      return { created: answer.created === true, campaign: campaignFrom(answer.campaign) };
    },

    get: (id) => oneWhere("id", id),

    byFormKey: (formKey) => oneWhere("form_key", formKey),

    async list(limit) {
      const { data, error } = await client
        .from("campaigns")
        .select("*")
        .order("created_at", { ascending: false })
        .order("id")
        .limit(limit)
        .retry(false);
      fail("Campaign list", error);
      return rows(data);
    },

    async due(now, limit) {
      const { data, error } = await client.rpc("campaign_due", { p_now: now, p_limit: limit }).retry(false);
      fail("Due campaigns read", error);
      return rows(data);
    },

    async acquire(id, now, leaseUntil, audience) {
      const { data, error } = await client
        .rpc("campaign_acquire", { p_id: id, p_now: now, p_lease: leaseUntil, p_audience: audience })
        .retry(false);
      fail("Campaign acquire", error);
      return rows(data)[0] ?? null;
    },

    async advance(id, lease, change) {
      const { data, error } = await client
        .rpc("campaign_advance", {
          p_id: id,
          p_lease: lease,
          p_cursor: change.cursor,
          p_written: change.written,
          p_excluded: change.excluded,
          p_done: change.done,
          p_next_lease: change.leaseUntil,
          p_now: change.now,
        })
        .retry(false);
      fail("Campaign advance", error);
      return data === true;
    },

    async audiencePage(table, afterSeq, limit) {
      assertLeadTable(table);
      const { data, error } = await client.rpc("campaign_audience", { lead_table: table, p_after: afterSeq, p_limit: limit }).retry(false);
      fail("Audience read", error);
      return ((data ?? []) as AudienceLead[]).map((row) => ({ id: row.id, email: row.email, confirm_seq: Number(row.confirm_seq) }));
    },

    async unconfirmedCount(table) {
      assertLeadTable(table);
      const { data, error } = await client.rpc("campaign_unconfirmed", { lead_table: table, p_pending: PENDING_EMAIL }).retry(false);
      fail("Unconfirmed count", error);
      return Number(data ?? 0);
    },

    async progress(id) {
      return (await progressOf([id]))[id];
    },

    progressOf,

    async restampStale(id, now, leaseBefore, limit) {
      const [from, to] = campaignKeyRange(id);
      const { data, error } = await client
        .rpc("campaign_restamp", { p_from: from, p_to: to, p_now: now, p_lease_before: leaseBefore, p_limit: limit })
        .retry(false);
      fail("Campaign restamp", error);
      return ((data ?? []) as { id: string }[]).map((row) => row.id);
    },

    async newestSentWrittenAt(id) {
      const [from, to] = campaignKeyRange(id);
      const { data, error } = await client
        .from("outbox")
        .select("created_at")
        .gte("dedupe_key", from)
        .lt("dedupe_key", to)
        .eq("status", "sent")
        .order("created_at", { ascending: false })
        .limit(1)
        .retry(false);
      fail("Campaign read", error);
      const at = (data?.[0] as { created_at: string } | undefined)?.created_at;
      return at ? new Date(at).toISOString() : null;
    },
  };
}
