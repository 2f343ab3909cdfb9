import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * The service-role Supabase client every Supabase adapter reads and writes through. Server-only:
 * the service-role key bypasses RLS.
 */
export type SupabaseOptions = {
  url: string;
  serviceRoleKey: string;
  /** Injected in tests to see and answer the HTTP requests. */
  fetch?: typeof fetch;
  /** Per-request timeout so an unreachable backend fails fast (STACK pitfall 3). */
  timeoutMs?: number;
};

/** The server never opens a realtime socket; this keeps supabase-js from demanding one on Node 20. */
class NoRealtimeTransport {
  constructor() {
    throw new Error("Realtime is not used by the stores");
  }
}

export function createSupabaseAdminClient(options: SupabaseOptions): SupabaseClient {
  return createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    db: { timeout: options.timeoutMs ?? 5000 },
    realtime: { transport: NoRealtimeTransport as never },
    global: options.fetch ? { fetch: options.fetch } : {},
  });
}
