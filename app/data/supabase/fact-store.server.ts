import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError } from "~/data/lead-model";
import type { DeadHandling, Fact, FactHandling, FactStore, HandlingStatus } from "~/data/ports/fact-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Facts on Supabase Postgres (supabase/migrations/20250901000036_facts.sql). A handling changes by
 * conditional PATCHes on its status (and its attempts), so parallel runs change a row once.
 * Server-only.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

function factFrom(row: Record<string, unknown>): Fact {
  return {
    id: String(row.id),
    type: String(row.type),
    payload: (row.payload ?? {}) as Record<string, unknown>,
    created_at: iso(row.created_at) as string,
    handled_at: iso(row.handled_at),
  };
}

function handlingFrom(row: Record<string, unknown>): FactHandling {
  return {
    fact_id: String(row.fact_id),
    handler: String(row.handler),
    status: row.status as HandlingStatus,
    attempts: Number(row.attempts ?? 0),
    last_error: (row.last_error as string | null) ?? null,
    updated_at: iso(row.updated_at) as string,
    done_at: iso(row.done_at),
  };
}

export function createSupabaseFactStore(options: SupabaseOptions): FactStore {
  const client = createSupabaseAdminClient(options);
  const handlings = () => client.from("fact_handlings");

  async function handling(factId: string, handler: string): Promise<FactHandling | null> {
    const { data, error } = await handlings().select("*").eq("fact_id", factId).eq("handler", handler).maybeSingle().retry(false);
    fail("Fact handling read", error);
    return data ? handlingFrom(data) : null;
  }

  /** Writes the handling's first row unless one exists; true when this call wrote it. */
  async function insertFirst(row: Record<string, unknown>): Promise<boolean> {
    const { data, error } = await handlings()
      .upsert(row, { onConflict: "fact_id,handler", ignoreDuplicates: true })
      .select("fact_id")
      .retry(false);
    fail("Fact handling write", error);
    return (data ?? []).length > 0;
  }

  return {
    async get(id) {
      const { data, error } = await client.from("facts").select("*").eq("id", id).maybeSingle().retry(false);
      fail("Fact read", error);
      return data ? factFrom(data) : null;
    },

    async unhandled(before, limit) {
      const { data, error } = await client
        .from("facts")
        .select("*")
        .is("handled_at", null)
        .lt("created_at", before)
        .order("created_at")
        .limit(limit)
        .retry(false);
      fail("Unhandled facts read", error);
      return (data ?? []).map(factFrom);
    },

    async handlingsOf(factId) {
      const { data, error } = await handlings().select("*").eq("fact_id", factId).retry(false);
      fail("Fact handlings read", error);
      return (data ?? []).map(handlingFrom);
    },

    async finish(factId, handler, at) {
      if (await insertFirst({ fact_id: factId, handler, status: "done", updated_at: at, done_at: at })) return;
      const { error } = await handlings()
        .update({ status: "done", updated_at: at, done_at: at })
        .eq("fact_id", factId)
        .eq("handler", handler)
        .eq("status", "pending")
        .retry(false);
      fail("Fact handling done", error);
    },

    async fail(factId, handler, message, at, maxAttempts) {
      const lastError = message.slice(0, 1000);
      const first = { fact_id: factId, handler, attempts: 1, last_error: lastError, updated_at: at };
      if (await insertFirst({ ...first, status: maxAttempts <= 1 ? "dead" : "pending" })) return maxAttempts <= 1 ? "dead" : "pending";
      const found = await handling(factId, handler);
      if (!found || found.status !== "pending") return found?.status ?? "pending";
      const status: HandlingStatus = found.attempts + 1 >= maxAttempts ? "dead" : "pending";
      // On the attempts read: of two parallel failures, one counts (the other's run is counted by the next).
      const { error } = await handlings()
        .update({ attempts: found.attempts + 1, last_error: lastError, updated_at: at, status })
        .eq("fact_id", factId)
        .eq("handler", handler)
        .eq("status", "pending")
        .eq("attempts", found.attempts)
        .retry(false);
      fail("Fact handling failure", error);
      return status;
    },

    async markHandled(factId, at) {
      const { error } = await client.from("facts").update({ handled_at: at }).eq("id", factId).is("handled_at", null).retry(false);
      fail("Fact handled", error);
    },

    async listDead(limit) {
      const { data, error } = await handlings()
        .select("*")
        .eq("status", "dead")
        .order("updated_at", { ascending: false })
        .limit(limit)
        .retry(false);
      fail("Dead handlings read", error);
      const dead = (data ?? []).map(handlingFrom);
      if (dead.length === 0) return [];
      const { data: facts, error: factsError } = await client
        .from("facts")
        .select("id, type")
        .in("id", [...new Set(dead.map((h) => h.fact_id))])
        .retry(false);
      fail("Facts read", factsError);
      const typeOf = new Map((facts ?? []).map((row) => [String(row.id), String(row.type)]));
      return dead.map((h): DeadHandling => ({ ...h, fact_type: typeOf.get(h.fact_id) ?? "" }));
    },

    async replay(factId, handler, at) {
      const { data, error } = await handlings()
        .update({ status: "pending", attempts: 0, updated_at: at })
        .eq("fact_id", factId)
        .eq("handler", handler)
        .eq("status", "dead")
        .select("fact_id")
        .retry(false);
      fail("Fact handling replay", error);
      if ((data ?? []).length === 0) return false;
      const { error: unhandled } = await client.from("facts").update({ handled_at: null }).eq("id", factId).retry(false);
      fail("Fact replay", unhandled);
      return true;
    },
  };
}
