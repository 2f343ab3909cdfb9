import type { LeadIpCounter } from "~/data/ports/lead-ip-counter";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * PostgREST cannot add one to a column itself, so the count is the count_lead_ip() function
 * (supabase/migrations/20250901000007_lead_ip_counts.sql), which also deletes expired counters.
 */
export function createSupabaseLeadIpCounter(options: SupabaseOptions): LeadIpCounter {
  const client = createSupabaseAdminClient(options);
  return {
    async count(ipHash, windows) {
      const { data, error } = await client
        .rpc("count_lead_ip", {
          p_ip_hash: ipHash,
          p_buckets: windows.map((w) => w.bucket),
          p_expires: windows.map((w) => w.expiresAt),
        })
        .retry(false);
      if (error) throw new Error(`Lead IP count failed: ${error.message || error.code}`);
      return (data as unknown[]).map(Number);
    },

    async countMember(ipHash, member, windows) {
      const { data, error } = await client
        .rpc("count_lead_ip_member", {
          p_ip_hash: ipHash,
          p_member: member,
          p_buckets: windows.map((w) => w.bucket),
          p_expires: windows.map((w) => w.expiresAt),
        })
        .retry(false);
      if (error) throw new Error(`Lead IP count failed: ${error.message || error.code}`);
      return (data as unknown[]).map(Number);
    },
  };
}
