import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError, assertLeadTable } from "~/data/lead-model";
import type { Wave, WaveMember, WaveStore, WaveSummary } from "~/data/ports/wave-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Waves on Supabase Postgres (supabase/migrations/20250901000017_waves.sql): the wave and its
 * members in one transaction through admit_wave(), the figures through wave_figures(); every invite
 * change is one conditional PATCH, so parallel requests change a row once. Server-only.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

function waveFrom(row: Record<string, unknown>): Wave {
  return {
    id: String(row.id),
    lead_table: row.lead_table as Wave["lead_table"],
    variant: String(row.variant),
    seq: Number(row.seq),
    size_asked: Number(row.size_asked),
    created_at: iso(row.created_at) as string,
    created_by: String(row.created_by),
    club_id: row.club_id === null || row.club_id === undefined ? null : String(row.club_id),
  };
}

function memberFrom(row: Record<string, unknown>): WaveMember {
  return {
    wave_id: String(row.wave_id),
    lead_table: row.lead_table as WaveMember["lead_table"],
    lead_id: String(row.lead_id),
    place: Number(row.place),
    invite_sent_at: iso(row.invite_sent_at),
    invite_expires_at: iso(row.invite_expires_at) as string,
    invite_opened_at: iso(row.invite_opened_at),
    accepted_at: iso(row.accepted_at),
    account_created_at: iso(row.account_created_at),
  };
}

/** PostgREST answers at most this many rows a read (Supabase's max_rows). */
const PAGE = 1000;

export function createSupabaseWaveStore(options: SupabaseOptions): WaveStore {
  const client = createSupabaseAdminClient(options);
  const members = () => client.from("wave_members");

  /** A conditional update of one member; true when it changed the row. */
  async function changed(what: string, query: PromiseLike<{ data: unknown[] | null; error: PostgrestError | null }>) {
    const { data, error } = await query;
    fail(what, error);
    return (data ?? []).length > 0;
  }

  return {
    async admit(table, wave, rows, fact) {
      assertLeadTable(table);
      const { data, error } = await client
        .rpc("admit_wave", { wave: { ...wave, lead_table: table }, members: rows, fact: fact ?? null })
        .retry(false);
      fail("Admission", error);
      const result = data as { created: boolean; wave: Record<string, unknown> };
      return { created: result.created, wave: waveFrom(result.wave) };
    },

    async list(table, now) {
      assertLeadTable(table);
      const { data, error } = await client.rpc("wave_figures", { p_table: table, p_at: now }).retry(false);
      fail("Wave figures", error);
      return ((data ?? []) as Record<string, unknown>[]).map((row): WaveSummary => ({
        ...waveFrom(row),
        admitted: Number(row.admitted),
        invited: Number(row.invited),
        opened: Number(row.opened),
        accepted: Number(row.accepted),
        accounts: Number(row.accounts),
        expired: Number(row.expired),
        last_place: row.last_place === null || row.last_place === undefined ? null : Number(row.last_place),
        club: row.club_name === null || row.club_name === undefined ? null : { name: String(row.club_name), city: String(row.club_city) },
      }));
    },

    async count(table) {
      assertLeadTable(table);
      const { count, error } = await client.from("waves").select("id", { count: "exact", head: true }).eq("lead_table", table).retry(false);
      fail("Wave count", error);
      return count ?? 0;
    },

    async get(waveId) {
      if (!/^[0-9a-f-]{36}$/i.test(waveId)) return null;
      const { data, error } = await client.from("waves").select("*").eq("id", waveId).maybeSingle().retry(false);
      fail("Wave read", error);
      return data ? waveFrom(data) : null;
    },

    async membersOf(waveId) {
      if (!/^[0-9a-f-]{36}$/i.test(waveId)) return [];
      const out: WaveMember[] = [];
      for (let from = 0; ; from += PAGE) {
        const { data, error } = await members()
          .select("*")
          .eq("wave_id", waveId)
          .order("place")
          .range(from, from + PAGE - 1)
          .retry(false);
        fail("Wave members read", error);
        out.push(...(data ?? []).map(memberFrom));
        if ((data ?? []).length < PAGE) return out;
      }
    },

    async memberOf(table, leadId) {
      if (!/^[0-9a-f-]{36}$/i.test(leadId)) return null;
      const { data, error } = await members().select("*").eq("lead_table", table).eq("lead_id", leadId).maybeSingle().retry(false);
      fail("Wave member read", error);
      return data ? memberFrom(data) : null;
    },

    async membersOfMany(table, leadIds) {
      const ids = leadIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (ids.length === 0) return {};
      const { data, error } = await members().select("*").eq("lead_table", table).in("lead_id", ids).retry(false);
      fail("Wave members read", error);
      return Object.fromEntries((data ?? []).map((row) => [String(row.lead_id), memberFrom(row)]));
    },

    async admittedIds(table) {
      const out: string[] = [];
      for (let from = 0; ; from += PAGE) {
        const { data, error } = await members()
          .select("lead_id")
          .eq("lead_table", table)
          .order("lead_id")
          .range(from, from + PAGE - 1)
          .retry(false);
        fail("Admitted read", error);
        out.push(...(data ?? []).map((row) => String(row.lead_id)));
        if ((data ?? []).length < PAGE) return out;
      }
    },

    async admittedCount(table) {
      const { count, error } = await members().select("lead_id", { count: "exact", head: true }).eq("lead_table", table).retry(false);
      fail("Admitted count", error);
      return count ?? 0;
    },

    async expiredOf(table, now) {
      assertLeadTable(table);
      const found: WaveMember[] = [];
      for (let from = 0; ; from += PAGE) {
        const { data, error } = await members()
          .select("*")
          .eq("lead_table", table)
          .is("accepted_at", null)
          .lte("invite_expires_at", now)
          .order("place")
          .range(from, from + PAGE - 1)
          .retry(false);
        fail("Expired invites read", error);
        found.push(...(data ?? []).map(memberFrom));
        if ((data ?? []).length < PAGE) break;
      }
      if (found.length === 0) return [];
      const { data: waves, error } = await client
        .from("waves")
        .select("id, seq")
        .in("id", [...new Set(found.map((member) => member.wave_id))])
        .retry(false);
      fail("Waves read", error);
      const seqOf = new Map((waves ?? []).map((row) => [String(row.id), Number(row.seq)]));
      return found.map((member) => ({ ...member, seq: seqOf.get(member.wave_id) ?? 0 })).sort((a, b) => b.seq - a.seq || a.place - b.place);
    },

    async unsentOf(waveId, afterPlace, limit) {
      if (!/^[0-9a-f-]{36}$/i.test(waveId)) return [];
      const { data, error } = await members()
        .select("*")
        .eq("wave_id", waveId)
        .is("invite_sent_at", null)
        .gt("place", afterPlace)
        .order("place")
        .limit(limit)
        .retry(false);
      fail("Wave members read", error);
      return (data ?? []).map(memberFrom);
    },

    async markSentMany(table, leadIds, at) {
      assertLeadTable(table);
      // Ids per write: each is in the request's URL.
      for (let start = 0; start < leadIds.length; start += 200) {
        const { error } = await members()
          .update({ invite_sent_at: at })
          .eq("lead_table", table)
          .in("lead_id", leadIds.slice(start, start + 200))
          .is("invite_sent_at", null)
          .retry(false);
        fail("Invites sent", error);
      }
    },

    async markSent(table, leadId, at) {
      const { error } = await members().update({ invite_sent_at: at }).eq("lead_table", table).eq("lead_id", leadId).retry(false);
      fail("Invite sent", error);
    },

    renew: (table, leadId, at, expiresAt) =>
      changed(
        "Invite renewal",
        members()
          .update({ invite_sent_at: at, invite_expires_at: expiresAt })
          .eq("lead_table", table)
          .eq("lead_id", leadId)
          .is("accepted_at", null)
          .lte("invite_expires_at", at)
          .select("lead_id")
          .retry(false),
      ),

    resendDue: (table, leadId, at, sentBefore) =>
      changed(
        "Invite re-send",
        members()
          .update({ invite_sent_at: at })
          .eq("lead_table", table)
          .eq("lead_id", leadId)
          .is("accepted_at", null)
          .gt("invite_expires_at", at)
          .or(`invite_sent_at.is.null,invite_sent_at.lt.${sentBefore}`)
          .select("lead_id")
          .retry(false),
      ),

    markOpened: (table, leadId, at) =>
      changed(
        "Invite opened",
        members()
          .update({ invite_opened_at: at })
          .eq("lead_table", table)
          .eq("lead_id", leadId)
          .is("invite_opened_at", null)
          .select("lead_id")
          .retry(false),
      ),

    async accept(table, leadId, at) {
      // The acceptance and its fact in one transaction (supabase/migrations/20250901000038_more_facts.sql).
      const { data, error } = await client.rpc("accept_invite", { p_table: table, p_lead: leadId, p_at: at }).retry(false);
      fail("Invite acceptance", error);
      return data === true;
    },

    markAccount: (table, leadId, at) =>
      changed(
        "Invite account",
        members()
          .update({ account_created_at: at })
          .eq("lead_table", table)
          .eq("lead_id", leadId)
          .not("accepted_at", "is", null)
          .is("account_created_at", null)
          .select("lead_id")
          .retry(false),
      ),
  };
}
