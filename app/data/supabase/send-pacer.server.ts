import type { SendPacer } from "~/data/ports/send-pacer";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * PostgREST cannot compare and move a row's value in one step, so the slot is taken by
 * reserve_send_slot() and a pause set by pause_sends() (supabase/migrations/…16_mail_queue.sql).
 */
export function createSupabaseSendPacer(options: SupabaseOptions): SendPacer {
  const client = createSupabaseAdminClient(options);
  return {
    async reserve(key, now, intervalMs, latest) {
      const { data, error } = await client
        .rpc("reserve_send_slot", { p_key: key, p_now: now, p_interval: intervalMs, p_latest: latest })
        .retry(false);
      if (error) throw new Error(`Send slot failed: ${error.message || error.code}`);
      const row = (data as { granted: boolean; slot_at: number | string }[])[0];
      return { granted: Boolean(row?.granted), at: Number(row?.slot_at ?? now) };
    },

    async pauseUntil(key, until) {
      const { error } = await client.rpc("pause_sends", { p_key: key, p_until: until }).retry(false);
      if (error) throw new Error(`Send pause failed: ${error.message || error.code}`);
    },
  };
}
