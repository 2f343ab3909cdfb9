/**
 * Facts and their handlings (docs/decisions/046-facts-and-reactions.md). One port, two adapters: D1
 * (migrations/0035_facts.sql) and Supabase (supabase/migrations/20250901000036_facts.sql). A fact is
 * written with the change it records (the wave store's admit writes a wave's); this port reads it
 * and keeps what each handler did. Types only, no I/O. Times are ISO-8601 strings.
 */

/** A recorded fact: `id` is `{type}:{table}:{row}`, `payload` ids and figures only. */
export type Fact = { id: string; type: string; payload: Record<string, unknown>; created_at: string; handled_at: string | null };

export type NewFact = Omit<Fact, "handled_at">;

export type HandlingStatus = "pending" | "done" | "dead";

/** What one handler did with one fact. */
export type FactHandling = {
  fact_id: string;
  handler: string;
  status: HandlingStatus;
  /** Failed runs so far. */
  attempts: number;
  last_error: string | null;
  updated_at: string;
  done_at: string | null;
};

/** A dead handling with its fact's type, for the admin. */
export type DeadHandling = FactHandling & { fact_type: string };

export interface FactStore {
  get(id: string): Promise<Fact | null>;
  /** Facts not yet handled, created before `before`, oldest first (the cron's sweep). */
  unhandled(before: string, limit: number): Promise<Fact[]>;
  /** The fact's handlings so far (none for a handler that has not run). */
  handlingsOf(factId: string): Promise<FactHandling[]>;
  /** Marks the handler done for the fact. */
  finish(factId: string, handler: string, at: string): Promise<void>;
  /** Counts a failed run with its error; the handling goes dead at `maxAttempts`. Answers its status now. */
  fail(factId: string, handler: string, error: string, at: string, maxAttempts: number): Promise<HandlingStatus>;
  /** Every handler is done or dead: the sweep leaves the fact alone. */
  markHandled(factId: string, at: string): Promise<void>;
  /** Dead handlings, newest first. */
  listDead(limit: number): Promise<DeadHandling[]>;
  /**
   * The admin's replay of a dead handling: pending again with no attempts, its fact unhandled again.
   * True for the one call that revived it (a double click replays once).
   */
  replay(factId: string, handler: string, at: string): Promise<boolean>;
}
