import type { PostgrestError } from "@supabase/supabase-js";
import {
  DuplicateRefCodeError,
  LeadStoreError,
  PENDING_EMAIL,
  assertLeadTable,
  cleanPatch,
  escapeLike,
  normalizeEmail,
  MAX_PAGE_SIZE,
  resolveListOptions,
  statsWindows,
  withLeadDefaults,
} from "~/data/lead-model";
import type { Lead, LeadStats, LeadStore, LeadTable, UserRecord } from "~/data/ports/lead-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Lead store on Supabase Postgres through supabase-js (PostgREST), the production adapter.
 * Server-only: it holds the service-role key, which bypasses RLS. Schema, RLS and the
 * lead_stats() function: supabase/migrations/20250901000001_leads_and_users.sql.
 */

const PG_UNIQUE_VIOLATION = "23505";
const PG_NO_ROWS = "PGRST116";

function fail(error: PostgrestError, what: string): never {
  if (error.code === PG_UNIQUE_VIOLATION && /ref_code/.test(`${error.message} ${error.details}`)) {
    throw new DuplicateRefCodeError(error);
  }
  throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

function toIso(value: unknown): string {
  return new Date(String(value)).toISOString();
}

/** PostgREST returns timestamptz as "2025-09-01T12:00:00.123456+00:00"; the app uses toISOString(). */
export function leadFromSupabaseRow(row: Record<string, unknown>): Lead {
  return {
    ...(row as Lead),
    created_at: toIso(row.created_at),
    confirmed_at: row.confirmed_at ? toIso(row.confirmed_at) : null,
    risk_flags: Array.isArray(row.risk_flags) ? (row.risk_flags as string[]) : [],
  };
}

function fromUserRow(row: Record<string, unknown>): UserRecord {
  return {
    ...(row as UserRecord),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export function createSupabaseLeadStore(options: SupabaseOptions): LeadStore {
  const client = createSupabaseAdminClient(options);

  async function getById(table: LeadTable, id: string): Promise<Lead | null> {
    assertLeadTable(table);
    const { data, error } = await client.from(table).select("*").eq("id", id).maybeSingle().retry(false);
    if (error && error.code !== PG_NO_ROWS) fail(error, `Read from ${table}`);
    return data ? leadFromSupabaseRow(data) : null;
  }

  /** Ids per read: each is in the request's URL. */
  const IDS_PER_READ = 200;

  return {
    async getByIds(table, ids) {
      assertLeadTable(table);
      const reads = [];
      for (let start = 0; start < ids.length; start += IDS_PER_READ) {
        reads.push(
          client
            .from(table)
            .select("*")
            .in("id", ids.slice(start, start + IDS_PER_READ))
            .retry(false),
        );
      }
      const found: Lead[] = [];
      for (const { data, error } of await Promise.all(reads)) {
        if (error) fail(error, `Read from ${table}`);
        found.push(...(data ?? []).map((row) => leadFromSupabaseRow(row)));
      }
      return found;
    },

    async create(table, lead) {
      assertLeadTable(table);
      const { data, error } = await client.from(table).insert(withLeadDefaults(lead)).select().single().retry(false);
      if (error) fail(error, `Insert into ${table}`);
      return leadFromSupabaseRow(data);
    },

    async createOnce(table, id, lead) {
      assertLeadTable(table);
      const { data, error } = await client
        .from(table)
        .upsert({ id, ...withLeadDefaults(lead) }, { onConflict: "id", ignoreDuplicates: true })
        .select()
        .retry(false);
      if (error) fail(error, `Insert into ${table}`);
      if (data && data.length > 0) return { lead: leadFromSupabaseRow(data[0]), created: true };
      const existing = await getById(table, id);
      if (!existing) throw new LeadStoreError(`Lead ${id} neither inserted nor found in ${table}`);
      return { lead: existing, created: false };
    },

    async update(table, id, patch) {
      assertLeadTable(table);
      const clean = cleanPatch(patch);
      if (Object.keys(clean).length === 0) return getById(table, id);
      const { data, error } = await client.from(table).update(clean).eq("id", id).select().maybeSingle().retry(false);
      if (error) fail(error, `Update of ${table}`);
      return data ? leadFromSupabaseRow(data) : null;
    },

    getById,

    async getByRefCode(table, refCode) {
      assertLeadTable(table);
      const { data, error } = await client.from(table).select("*").eq("ref_code", refCode).maybeSingle().retry(false);
      if (error && error.code !== PG_NO_ROWS) fail(error, `Read from ${table}`);
      return data ? leadFromSupabaseRow(data) : null;
    },

    async countSameInbox(table, normalizedEmail, exceptId) {
      assertLeadTable(table);
      const { count, error } = await client
        .from(table)
        .select("id", { count: "exact", head: true })
        .eq("normalized_email", normalizedEmail)
        .neq("id", exceptId)
        .retry(false);
      if (error) fail(error, `Count in ${table}`);
      return count ?? 0;
    },

    async getByEmail(table, email) {
      assertLeadTable(table);
      const { data, error } = await client
        .from(table)
        .select("*")
        .eq("email", normalizeEmail(email))
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .limit(1)
        .maybeSingle()
        .retry(false);
      if (error && error.code !== PG_NO_ROWS) fail(error, `Read from ${table}`);
      return data ? leadFromSupabaseRow(data) : null;
    },

    async list(table, listOptions) {
      assertLeadTable(table);
      const { sortBy, direction, pageSize, offset, filters, emailSearch, search } = resolveListOptions(listOptions);
      const filtered = (head: boolean) => {
        let query = client.from(table).select(head ? "id" : "*", { count: "exact", head });
        if (emailSearch) query = query.ilike("email", `%${escapeLike(emailSearch)}%`);
        if (search) {
          // Inside or=(...) a value is quoted so commas and brackets in it stay part of it.
          const pattern = `"%${escapeLike(search).replace(/["\\]/g, (char) => `\\${char}`)}%"`;
          query = query.or(`email.ilike.${pattern},ref_code.ilike.${pattern}`);
        }
        if (filters.ids) query = query.in("id", filters.ids.slice(0, MAX_PAGE_SIZE));
        if (filters.lead_source) query = query.eq("lead_source", filters.lead_source);
        if (filters.step_completed !== undefined) query = query.eq("step_completed", filters.step_completed);
        if (filters.entered) query = query.neq("email", PENDING_EMAIL);
        return query;
      };
      let query = filtered(false).order(sortBy, { ascending: direction === "asc" });
      if (sortBy !== "created_at") query = query.order("created_at", { ascending: false });
      const { data, error, count } = await query
        .order("id", { ascending: direction === "asc" && sortBy === "created_at" })
        .range(offset, offset + pageSize - 1)
        .retry(false);
      if (error?.code === "PGRST103") {
        // The page starts past the end (HTTP 416): an empty page; the total still counts.
        const head = await filtered(true).retry(false);
        if (head.error) fail(head.error, `Count of ${table}`);
        return { rows: [], total: head.count ?? 0 };
      }
      if (error) fail(error, `List of ${table}`);
      return { rows: (data ?? []).map((row) => leadFromSupabaseRow(row as Record<string, unknown>)), total: count ?? 0 };
    },

    async delete(table, id, at) {
      assertLeadTable(table);
      // The delete and its fact in one transaction (supabase/migrations/20250901000038_more_facts.sql).
      const { data, error } = await client.rpc("delete_lead", { p_table: table, p_id: id, p_at: at }).retry(false);
      if (error) fail(error, `Delete from ${table}`);
      return data === true;
    },

    async deleteMany(table, ids) {
      assertLeadTable(table);
      if (ids.length === 0) return [];
      const { data, error } = await client
        .from(table)
        .delete()
        .in("id", [...ids])
        .select("id")
        .retry(false);
      if (error) fail(error, `Delete from ${table}`);
      return (data ?? []).map((row) => String((row as { id: string }).id));
    },

    async incomplete(table) {
      assertLeadTable(table);
      const { data, error } = await client
        .from(table)
        .select("*")
        .eq("email", PENDING_EMAIL)
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .retry(false);
      if (error) fail(error, `Read from ${table}`);
      return (data ?? []).map((row) => leadFromSupabaseRow(row as Record<string, unknown>));
    },

    async stats(table, now = new Date()): Promise<LeadStats> {
      assertLeadTable(table);
      const { today, week } = statsWindows(now);
      const { data, error } = await client.rpc("lead_stats", { lead_table: table, today, week }).retry(false);
      if (error) fail(error, `Stats of ${table}`);
      const stats = data as LeadStats;
      return {
        total: Number(stats.total),
        completed: Number(stats.completed),
        referrals: Number(stats.referrals),
        confirmed: Number(stats.confirmed ?? 0),
        today: Number(stats.today ?? 0),
        week: Number(stats.week ?? 0),
        incomplete: Number(stats.incomplete ?? 0),
        bySource: stats.bySource ?? {},
        byPlan: stats.byPlan ?? {},
      };
    },

    async upsertUser(user) {
      const row: Record<string, unknown> = {
        id: user.id,
        email: user.email,
        name: user.name,
        updated_at: new Date().toISOString(),
      };
      // SPEC 3.5: lead_id only when known; leaving it out of the payload keeps the stored one.
      if (user.lead_id) row.lead_id = user.lead_id;
      const { data, error } = await client.from("users").upsert(row, { onConflict: "id" }).select().single().retry(false);
      if (error) fail(error, "Upsert into users");
      return fromUserRow(data);
    },

    async getUser(id) {
      const { data, error } = await client.from("users").select("*").eq("id", id).maybeSingle().retry(false);
      if (error && error.code !== PG_NO_ROWS) fail(error, "Read from users");
      return data ? fromUserRow(data) : null;
    },

    async hasAccount(leadId, email) {
      // Two plain filters rather than one or(): an address is never spliced into a filter string.
      const byLead = await client.from("users").select("id").eq("lead_id", leadId).limit(1).retry(false);
      if (byLead.error) fail(byLead.error, "Read from users");
      if ((byLead.data ?? []).length > 0) return true;
      const byEmail = await client.from("users").select("id").eq("email", email.trim().toLowerCase()).limit(1).retry(false);
      if (byEmail.error) fail(byEmail.error, "Read from users");
      return (byEmail.data ?? []).length > 0;
    },

    async withAccounts(leads) {
      if (leads.length === 0) return [];
      const emails = leads.map((lead) => lead.email.trim().toLowerCase());
      // Two reads, by lead and by address, as hasAccount: plain filters, no address in a filter string.
      const [byLead, byEmail] = await Promise.all([
        client
          .from("users")
          .select("lead_id")
          .in(
            "lead_id",
            leads.map((lead) => lead.id),
          )
          .retry(false),
        client.from("users").select("email").in("email", emails).retry(false),
      ]);
      if (byLead.error) fail(byLead.error, "Read from users");
      if (byEmail.error) fail(byEmail.error, "Read from users");
      const linked = new Set((byLead.data ?? []).map((row) => String(row.lead_id)));
      const addresses = new Set((byEmail.data ?? []).map((row) => String(row.email)));
      return leads.filter((lead, i) => linked.has(lead.id) || addresses.has(emails[i])).map((lead) => lead.id);
    },
  };
}
