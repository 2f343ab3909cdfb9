import type { Suppression, SuppressionStore } from "~/data/ports/suppression-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

export function createSupabaseSuppressions(options: SupabaseOptions): SuppressionStore {
  const client = createSupabaseAdminClient(options);
  return {
    async add(hash, scope, reason, at) {
      const { error } = await client
        .from("suppressions")
        .upsert({ email_hash: hash, scope, reason, created_at: at }, { onConflict: "email_hash,scope", ignoreDuplicates: true })
        .retry(false);
      if (error) throw new Error(`Suppression write failed: ${error.message || error.code}`);
    },
    async entriesOf(hash) {
      const { data, error } = await client.from("suppressions").select("scope, reason, created_at").eq("email_hash", hash).retry(false);
      if (error) throw new Error(`Suppression read failed: ${error.message || error.code}`);
      return (data ?? []).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }) as Suppression);
    },
    async entriesOfMany(hashes) {
      const found: Record<string, Suppression[]> = {};
      if (!hashes.length) return found;
      const { data, error } = await client
        .from("suppressions")
        .select("email_hash, scope, reason, created_at")
        .in("email_hash", [...hashes])
        .retry(false);
      if (error) throw new Error(`Suppression read failed: ${error.message || error.code}`);
      for (const { email_hash, ...row } of data ?? [])
        (found[email_hash as string] ??= []).push({ ...row, created_at: new Date(row.created_at).toISOString() } as Suppression);
      return found;
    },
  };
}
