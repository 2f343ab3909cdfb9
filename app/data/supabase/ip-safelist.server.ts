import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError } from "~/data/lead-model";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { AuditEntry, IpSafelistStore, SafelistEntry } from "~/data/ports/ip-safelist";

/**
 * The IP safelist and admin audit on Supabase (supabase/migrations/20250901000023_referral_holds.sql).
 * The audit entry follows its change in a second write: a lost audit write is logged by the caller's error path.
 */
function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const iso = (value: unknown) => new Date(String(value)).toISOString();

export function createSupabaseIpSafelist(options: SupabaseOptions): IpSafelistStore {
  const client = createSupabaseAdminClient(options);

  async function audit(entry: Omit<AuditEntry, "id">) {
    const { error } = await client.from("admin_audit").insert(entry).retry(false);
    fail("Audit write", error);
  }

  return {
    async list() {
      const { data, error } = await client.from("ip_safelist").select("*").order("added_at").order("cidr").retry(false);
      fail("Safelist read", error);
      return ((data ?? []) as SafelistEntry[]).map((row) => ({ ...row, added_at: iso(row.added_at) }));
    },

    async add({ cidr, note, actor, at }) {
      const { data, error } = await client
        .from("ip_safelist")
        .upsert({ cidr, note, added_by: actor, added_at: at }, { onConflict: "cidr", ignoreDuplicates: true })
        .select("*")
        .retry(false);
      fail("Safelist write", error);
      const row = ((data ?? []) as SafelistEntry[])[0];
      if (!row) return null;
      await audit({ action: "safelist.add", detail: cidr, actor, at });
      return { ...row, added_at: iso(row.added_at) };
    },

    async remove(id, actor, at) {
      const { data, error } = await client.from("ip_safelist").delete().eq("id", id).select("*").retry(false);
      fail("Safelist delete", error);
      const row = ((data ?? []) as SafelistEntry[])[0];
      if (!row) return null;
      await audit({ action: "safelist.remove", detail: row.cidr, actor, at });
      return { ...row, added_at: iso(row.added_at) };
    },

    audit,

    async auditLog(limit) {
      const { data, error } = await client
        .from("admin_audit")
        .select("*")
        .order("at", { ascending: false })
        .limit(Math.max(1, Math.floor(limit)))
        .retry(false);
      fail("Audit read", error);
      return ((data ?? []) as AuditEntry[]).map((row) => ({ ...row, at: iso(row.at) }));
    },
  };
}
