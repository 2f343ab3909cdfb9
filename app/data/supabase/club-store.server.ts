import type { PostgrestError } from "@supabase/supabase-js";
import { InvalidTableError, LeadStoreError } from "~/data/lead-model";
import type { Club, ClubContact, ClubStore, ClubSummary, ClubTable } from "~/data/ports/club-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Clubs on Supabase Postgres (supabase/migrations/20250901000025_clubs.sql, ADR 039): the figures
 * through club_summaries(), a merge in one transaction through merge_clubs(); every other write is
 * one conditional request, so parallel requests change a row once. Server-only.
 */

type Row = Record<string, unknown>;

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const CLUB_TABLES: readonly string[] = ["leads_icehockey", "leads_tennis"];
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

function assertClubTable(table: string): asserts table is ClubTable {
  if (!CLUB_TABLES.includes(table)) throw new InvalidTableError(table);
}

function clubFrom(row: Row): Club {
  return {
    id: String(row.id),
    lead_table: row.lead_table as ClubTable,
    variant: String(row.variant),
    slug: String(row.slug),
    name: String(row.name),
    city: String(row.city),
    sport: String(row.sport),
    status: row.status as Club["status"],
    merged_into: (row.merged_into as string | null) ?? null,
    milestone: row.milestone === null || row.milestone === undefined ? null : Number(row.milestone),
    milestone_reached_at: iso(row.milestone_reached_at),
    confirmed_at: iso(row.confirmed_at),
    created_at: iso(row.created_at) as string,
    duplicate_of: (row.duplicate_of as string | null) ?? null,
  };
}

function contactFrom(row: Row): ClubContact {
  return {
    club_id: String(row.club_id),
    email: String(row.email),
    confirmed_at: iso(row.confirmed_at),
    created_at: iso(row.created_at) as string,
  };
}

export function createSupabaseClubStore(options: SupabaseOptions): ClubStore {
  const client = createSupabaseAdminClient(options);
  const clubs = () => client.from("clubs");
  const contacts = () => client.from("club_contacts");
  const members = () => client.from("club_members");

  async function rows(what: string, query: PromiseLike<{ data: unknown; error: PostgrestError | null }>): Promise<Row[]> {
    const { data, error } = await query;
    fail(what, error);
    return (data ?? []) as Row[];
  }

  async function bySlug(table: ClubTable, slug: string): Promise<Club | null> {
    const [row] = await rows("Club read", clubs().select("*").eq("lead_table", table).eq("slug", slug).retry(false));
    return row ? clubFrom(row) : null;
  }

  return {
    async register(club, contactEmail) {
      assertClubTable(club.lead_table);
      // One transaction: a parallel repeat sees the club with its first contact, never one without.
      const { data, error } = await client
        .rpc("register_club", { p_club: { ...club, duplicate_of: club.duplicate_of ?? null }, p_email: contactEmail })
        .retry(false);
      fail("Club registration", error);
      const row = data as Row | null;
      if (!row?.id) throw new Error(`Club ${club.slug} neither written nor found`);
      return { created: row.created === true, contact: row.contact === true, club: clubFrom(row) };
    },

    async get(id) {
      if (!isUuid(id)) return null;
      const [row] = await rows("Club read", clubs().select("*").eq("id", id).retry(false));
      return row ? clubFrom(row) : null;
    },

    bySlug,

    async confirmContact(clubId, email, at) {
      if (!isUuid(clubId)) return false;
      const done = await rows(
        "Club contact confirmation",
        contacts()
          .update({ confirmed_at: at })
          .eq("club_id", clubId)
          .eq("email", email)
          .is("confirmed_at", null)
          .select("club_id")
          .retry(false),
      );
      if (done.length > 0)
        await rows(
          "Club confirmation",
          clubs().update({ confirmed_at: at }).eq("id", clubId).is("confirmed_at", null).select("id").retry(false),
        );
      return done.length > 0;
    },

    async contacts(clubId) {
      if (!isUuid(clubId)) return [];
      const found = await rows(
        "Club contacts read",
        contacts().select("*").eq("club_id", clubId).order("created_at").order("email").retry(false),
      );
      return found.map(contactFrom);
    },

    async contactOf(email) {
      const found = await rows("Club contacts read", contacts().select("*").eq("email", email).retry(false));
      const out: { club: Club; contact: ClubContact }[] = [];
      for (const row of found) {
        const [club] = await rows("Club read", clubs().select("*").eq("id", String(row.club_id)).retry(false));
        if (club) out.push({ club: clubFrom(club), contact: contactFrom(row) });
      }
      return out.sort((a, b) => a.club.created_at.localeCompare(b.club.created_at));
    },

    async removeContact(clubId, email) {
      if (!isUuid(clubId)) return;
      await rows("Club contact removal", contacts().delete().eq("club_id", clubId).eq("email", email).retry(false));
    },

    async remove(clubId) {
      if (!isUuid(clubId)) return;
      // Members and contacts go with it (on delete cascade).
      await rows("Club removal", clubs().delete().eq("id", clubId).retry(false));
    },

    async setStatus(id, status, from) {
      if (!isUuid(id) || from.length === 0) return false;
      const done = await rows(
        "Club status",
        clubs()
          .update({ status })
          .eq("id", id)
          .in("status", [...from])
          .select("id")
          .retry(false),
      );
      return done.length > 0;
    },

    async setMilestone(id, milestone) {
      if (!isUuid(id)) return;
      await rows("Club milestone", clubs().update({ milestone, milestone_reached_at: null }).eq("id", id).retry(false));
    },

    async markMilestoneReached(id, at, families) {
      if (!isUuid(id)) return false;
      // The mark and its fact in one transaction (supabase/migrations/20250901000038_more_facts.sql).
      const { data, error } = await client.rpc("mark_club_milestone", { p_id: id, p_at: at, p_families: families }).retry(false);
      fail("Club milestone mark", error);
      return data === true;
    },

    async summaries(table) {
      assertClubTable(table);
      const { data, error } = await client.rpc("club_summaries", { p_lead_table: table }).retry(false);
      fail("Club figures", error);
      return ((data ?? []) as Row[]).map((row): ClubSummary => ({
        ...clubFrom(row),
        members: Number(row.members),
        families: Number(row.families),
        unconfirmed: Number(row.unconfirmed),
      }));
    },

    async join(table, leadId, clubId, at) {
      assertClubTable(table);
      if (!isUuid(leadId) || !isUuid(clubId)) return false;
      const club = await this.get(clubId);
      if (!club || club.lead_table !== table) return false;
      const made = await rows(
        "Club join",
        members()
          .upsert(
            { lead_table: table, lead_id: leadId, club_id: clubId, joined_at: at },
            { onConflict: "lead_table,lead_id", ignoreDuplicates: true },
          )
          .select("lead_id")
          .retry(false),
      );
      return made.length > 0;
    },

    async membershipOf(table, leadId) {
      if (!isUuid(leadId)) return null;
      const [row] = await rows("Club membership read", members().select("*").eq("lead_table", table).eq("lead_id", leadId).retry(false));
      if (!row) return null;
      const club = await this.get(String(row.club_id));
      return club ? { club, joined_at: iso(row.joined_at) as string } : null;
    },

    async leave(table, leadId) {
      if (!isUuid(leadId)) return;
      await rows("Club leave", members().delete().eq("lead_table", table).eq("lead_id", leadId).retry(false));
    },

    async members(clubId, limit) {
      if (!isUuid(clubId)) return [];
      const found = await rows(
        "Club members read",
        members().select("lead_id, joined_at").eq("club_id", clubId).order("joined_at").order("lead_id").limit(limit).retry(false),
      );
      return found.map((row) => ({ lead_id: String(row.lead_id), joined_at: iso(row.joined_at) as string }));
    },

    async countedMembers(clubId) {
      if (!isUuid(clubId)) return [];
      const { data, error } = await client.rpc("club_counted_members", { p_club: clubId }).retry(false);
      fail("Club members read", error);
      return ((data ?? []) as unknown[]).map(String);
    },

    async countedMembersOfMany(_table, clubIds) {
      // One call per club: club_counted_members holds the rule, and Postgres counts no statements per invocation.
      const found = await Promise.all(
        clubIds.map(async (id) => {
          if (!isUuid(id)) return [id, []] as const;
          const { data, error } = await client.rpc("club_counted_members", { p_club: id }).retry(false);
          fail("Club members read", error);
          return [id, ((data ?? []) as unknown[]).map(String)] as const;
        }),
      );
      return Object.fromEntries(found);
    },

    async merge(from, into) {
      if (!isUuid(from) || !isUuid(into)) return false;
      const { data, error } = await client.rpc("merge_clubs", { p_from: from, p_into: into }).retry(false);
      fail("Club merge", error);
      return data === true;
    },
  };
}
