import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError } from "~/data/lead-model";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import { AUDIT_KIND, type AdminAuditStore, type AuditRow } from "~/data/ports/admin-audit";

/** The admin audit on Supabase (supabase/migrations/20250901000023_referral_holds.sql, 20250901000029_admin_audit_target.sql). */
export function createSupabaseAdminAudit(options: SupabaseOptions): AdminAuditStore {
  const client = createSupabaseAdminClient(options);
  const fail = (what: string, error: PostgrestError | null) => {
    if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
  };
  async function total(kind: string | null): Promise<number> {
    let query = client.from("admin_audit").select("id", { count: "exact", head: true });
    if (kind && AUDIT_KIND.test(kind)) query = query.like("action", `${kind}.%`);
    const { error, count } = await query.retry(false);
    fail("Audit count", error);
    return count ?? 0;
  }
  return {
    async record(entry) {
      const { error } = await client.from("admin_audit").insert(entry).retry(false);
      fail("Audit write", error);
    },

    async page({ kind, page, pageSize }) {
      const size = Math.max(1, Math.floor(pageSize));
      const from = (Math.max(1, Math.floor(page)) - 1) * size;
      let query = client.from("admin_audit").select("id, action, target, detail, variant, actor, at", { count: "exact" });
      if (kind && AUDIT_KIND.test(kind)) query = query.like("action", `${kind}.%`);
      const { data, error, count } = await query
        .order("at", { ascending: false })
        .order("id", { ascending: false })
        .range(from, from + size - 1)
        .retry(false);
      // A page past the end is no error: it is empty, with the count of the whole log.
      if (error?.code === "PGRST103") return { rows: [], total: await total(kind) };
      fail("Audit read", error);
      const rows = ((data ?? []) as AuditRow[]).map((row) => ({ ...row, at: new Date(String(row.at)).toISOString() }));
      return { rows, total: count ?? rows.length };
    },
  };
}
