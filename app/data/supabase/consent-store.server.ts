import type { ConsentStore } from "~/data/ports/consent-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

export function createSupabaseConsentStore(options: SupabaseOptions): ConsentStore {
  const client = createSupabaseAdminClient(options);
  return {
    async add(record) {
      const { error } = await client.from("consent_records").upsert(record, { onConflict: "id", ignoreDuplicates: true }).retry(false);
      if (error) throw new Error(`Consent record not saved: ${error.message || error.code}`);
    },
    async deleteBefore(before) {
      const { count, error } = await client.from("consent_records").delete({ count: "exact" }).lt("created_at", before).retry(false);
      if (error) throw new Error(`Consent records clean-up failed: ${error.message || error.code}`);
      return count ?? 0;
    },
  };
}
