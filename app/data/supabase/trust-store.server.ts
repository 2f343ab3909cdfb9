import { leadFromSupabaseRow } from "./lead-store.server";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";
import type { ErasureCounts, HeldData, TrustStore, WaveFact } from "~/data/ports/trust-store";

/** Postgres times come back as "2025-09-01T10:00:00+00:00"; the app uses toISOString() form. */
function isoTimes(fact: WaveFact): WaveFact {
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : value);
  return {
    ...fact,
    admitted_at: iso(fact.admitted_at) as string,
    invite_sent_at: iso(fact.invite_sent_at),
    invite_expires_at: iso(fact.invite_expires_at) as string,
    invite_opened_at: iso(fact.invite_opened_at),
    accepted_at: iso(fact.accepted_at),
    account_created_at: iso(fact.account_created_at),
  };
}

/**
 * The trust store in Supabase Postgres: one call each to `parent_data` and `erase_parent`
 * (supabase/migrations/20250901000012_erasure_log.sql). PostgREST cannot run several statements in
 * one transaction, so the erasure is a function; it also reaches Supabase Auth's accounts
 * (auth.users, with their sessions and identities), which the REST API does not expose.
 */
export function createSupabaseTrustStore(options: SupabaseOptions): TrustStore {
  const client = createSupabaseAdminClient(options);
  return {
    async collect(email) {
      const { data, error } = await client.rpc("parent_data", { p_email: email }).retry(false);
      if (error) throw new Error(`Reading a parent's data failed: ${error.message || error.code}`);
      const held = data as HeldData;
      return {
        ...held,
        // A database before 20250901000019 has no waves in parent_data().
        waves: (held.waves ?? []).map(isoTimes),
        leads: held.leads.map(({ table, row }) => ({ table, row: leadFromSupabaseRow(row) as unknown as Record<string, unknown> })),
      };
    },
    async erase(email, { recipientHash, source, at }) {
      const { data, error } = await client
        .rpc("erase_parent", { p_email: email, p_recipient: recipientHash, p_source: source, p_at: at })
        .retry(false);
      if (error) throw new Error(`Erasing a parent's data failed: ${error.message || error.code}`);
      return (data as ErasureCounts | null) ?? null;
    },
  };
}
