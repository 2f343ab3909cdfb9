import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError, assertLeadTable } from "~/data/lead-model";
import type { Lead } from "~/data/ports/lead-store";
import { leadFromSupabaseRow } from "./lead-store.server";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { Referral, ReferralCounts, ReferralListRow, ReferralStore } from "~/data/ports/referral-store";

/**
 * The referral ledger on Supabase Postgres (supabase/migrations/20250901000006_referrals.sql).
 * What must happen in one transaction (confirming, crediting, revoking with the recount) runs in
 * SQL functions called over RPC; plain reads go through PostgREST. Server-only: service-role key.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const iso = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

function referralFrom(row: Record<string, unknown>): Referral {
  return {
    ...(row as Referral),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    credited_at: iso(row.credited_at),
  };
}

export function createSupabaseReferralStore(options: SupabaseOptions): ReferralStore {
  const client = createSupabaseAdminClient(options);
  const referrals = () => client.from("referrals");

  async function referralOf(table: string, referredId: string): Promise<Referral | null> {
    const { data, error } = await referrals().select("*").eq("lead_table", table).eq("referred_id", referredId).maybeSingle().retry(false);
    fail("Referral read", error);
    return data ? referralFrom(data) : null;
  }

  return {
    async confirmLead(table, leadId, at, placesPerCredit, context = {}) {
      assertLeadTable(table);
      const { data, error } = await client
        .rpc("confirm_lead", { lead_table: table, lead_id: leadId, at, places: placesPerCredit, context })
        .retry(false);
      fail("Confirmation", error);
      if (!data) return null;
      const result = data as { lead: Record<string, unknown>; confirmed_now: boolean };
      return { lead: leadFromSupabaseRow(result.lead), confirmedNow: result.confirmed_now };
    },

    async record(table, referral, at) {
      assertLeadTable(table);
      const { error } = await referrals()
        .upsert(
          { ...referral, lead_table: table, created_at: at, updated_at: at },
          { onConflict: "lead_table,referred_id", ignoreDuplicates: true },
        )
        .retry(false);
      fail("Referral write", error);
      const stored = await referralOf(table, referral.referred_id);
      if (!stored) throw new LeadStoreError(`Referral of ${referral.referred_id} neither written nor found`);
      return stored;
    },

    async creditedByChannel(table) {
      assertLeadTable(table);
      const { data, error } = await client.rpc("referral_channels", { lead_table: table }).retry(false);
      fail("Referrals by channel", error);
      const rows = (data ?? []) as { channel: string | null; count: number }[];
      return rows.map((row) => ({ channel: row.channel, count: Number(row.count) }));
    },

    async credit(table, referredId, at, placesPerCredit, hold = [], context = {}) {
      assertLeadTable(table);
      const { data, error } = await client
        .rpc("credit_or_hold_referral", {
          lead_table: table,
          referred: referredId,
          at,
          places: placesPerCredit,
          hold: hold.join(","),
          context,
        })
        .retry(false);
      fail("Credit", error);
      return data ? referralFrom(data as Record<string, unknown>) : null;
    },

    async decideHeld(table, ids, approve, at, placesPerCredit, context = {}) {
      assertLeadTable(table);
      if (ids.length === 0) return [];
      const { data, error } = await client
        .rpc("decide_held_referrals", { lead_table: table, ids: [...ids], approve, at, places: placesPerCredit, context })
        .retry(false);
      fail("Held credits decision", error);
      return ((data ?? []) as Record<string, unknown>[]).map(referralFrom);
    },

    async holdFacts(table, referrerId, { domain, network, networkSince, burstSince, burstUntil, signedUpFrom, signedUpTo }) {
      assertLeadTable(table);
      const { data, error } = await client
        .rpc("referral_hold_facts", {
          lead_table: table,
          referrer: referrerId,
          domain,
          net: network,
          network_since: networkSince,
          burst_since: burstSince,
          burst_until: burstUntil,
          signed_up_from: signedUpFrom,
          signed_up_to: signedUpTo,
        })
        .retry(false);
      fail("Hold facts", error);
      const facts = (data ?? {}) as { same_domain?: number; same_network?: number; recent?: number };
      return {
        sameDomain: Number(facts.same_domain ?? 0),
        sameNetwork: Number(facts.same_network ?? 0),
        recent: Number(facts.recent ?? 0),
      };
    },

    async setStatus(table, referralId, status, at, placesPerCredit) {
      assertLeadTable(table);
      const { data, error } = await client
        .rpc("set_referral_status", { lead_table: table, referral: referralId, new_status: status, at, places: placesPerCredit })
        .retry(false);
      fail("Referral status change", error);
      return data ? referralFrom(data as Record<string, unknown>) : null;
    },

    referralOf,

    async countsFor(table, referrerId) {
      const { data, error } = await referrals().select("status").eq("lead_table", table).eq("referrer_id", referrerId).retry(false);
      fail("Referral counts", error);
      const counts: ReferralCounts = { pending: 0, credited: 0, rejected: 0, held: 0 };
      for (const row of (data ?? []) as Array<{ status: keyof ReferralCounts }>) counts[row.status] += 1;
      return counts;
    },

    async recentCount(table, referrerId, since) {
      const { count, error } = await referrals()
        .select("id", { count: "exact", head: true })
        .eq("lead_table", table)
        .eq("referrer_id", referrerId)
        .gte("created_at", since)
        .retry(false);
      fail("Recent referrals", error);
      return count ?? 0;
    },

    async placeOf(table, lead: Pick<Lead, "confirm_seq" | "place_score" | "referral_count">) {
      assertLeadTable(table);
      if (lead.confirm_seq === null || lead.place_score === null) return null;
      const { data, error } = await client
        .rpc("lead_place", { lead_table: table, score: lead.place_score, credits: lead.referral_count, seq: lead.confirm_seq })
        .retry(false);
      fail("Place", error);
      return Number(data);
    },

    async placesOf(table, ids) {
      assertLeadTable(table);
      if (ids.length === 0) return {};
      const { data, error } = await client.rpc("lead_places", { lead_table: table, ids: [...ids] }).retry(false);
      fail("Places", error);
      const rows = (data ?? []) as { id: string; place: number | null }[];
      return Object.fromEntries(rows.map((row) => [row.id, row.place === null ? null : Number(row.place)]));
    },

    async line(table) {
      assertLeadTable(table);
      // PostgREST answers at most 1,000 rows a request: read the ordered line in ranges.
      const ids: string[] = [];
      for (let from = 0; ; from += 1000) {
        const { data, error } = await client
          .from("lead_line")
          .select("id")
          .eq("lead_table", table)
          .order("place", { ascending: true })
          .range(from, from + 999)
          .retry(false);
        fail("Line", error);
        const rows = (data ?? []) as { id: string }[];
        ids.push(...rows.map((row) => row.id));
        if (rows.length < 1000) return ids;
      }
    },

    async confirmedCount(table) {
      assertLeadTable(table);
      const { count, error } = await client
        .from(table)
        .select("id", { count: "exact", head: true })
        .not("confirm_seq", "is", null)
        .retry(false);
      fail("Confirmed count", error);
      return count ?? 0;
    },

    async list(table, { page, pageSize, status }) {
      assertLeadTable(table);
      let query = referrals().select("*", { count: "exact" }).eq("lead_table", table);
      if (status) query = query.eq("status", status);
      const { data, count, error } = await query
        .order("created_at", { ascending: false })
        .range((page - 1) * pageSize, page * pageSize - 1)
        .retry(false);
      fail("Referral list", error);
      const rows = (data ?? []).map(referralFrom);
      const ids = [...new Set(rows.flatMap((row) => [row.referrer_id, row.referred_id]).filter((id): id is string => Boolean(id)))];
      const emails = new Map<string, string>();
      if (ids.length) {
        const leads = await client.from(table).select("id,email").in("id", ids).retry(false);
        fail("Referral list e-mails", leads.error);
        for (const lead of (leads.data ?? []) as Array<{ id: string; email: string }>) emails.set(lead.id, lead.email);
      }
      const withEmails: ReferralListRow[] = rows.map((row) => ({
        ...row,
        referrer_email: row.referrer_id ? (emails.get(row.referrer_id) ?? null) : null,
        referred_email: emails.get(row.referred_id) ?? null,
      }));
      return { rows: withEmails, total: count ?? 0 };
    },

    async purgeUnconfirmed(table, before, options = {}) {
      assertLeadTable(table);
      const purge = options.placeholdersOnly ? "purge_placeholders" : "purge_unconfirmed";
      const { data, error } = await client.rpc(purge, { lead_table: table, before }).retry(false);
      fail("Purge of unconfirmed leads", error);
      return Number(data ?? 0);
    },
  };
}
