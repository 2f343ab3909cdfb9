import type { LeadTable } from "./lead-store";

/**
 * Milestone rewards (issue 34, docs/decisions/035-rewards-and-revocation.md): the ladder per lead
 * table, the code pools and the ledger of earned rewards. One port, two adapters: D1
 * (migrations/0019_rewards.sql) and Supabase (supabase/migrations/20250901000022_rewards.sql).
 * Types only, no I/O. Times are ISO-8601 strings.
 */

export const REWARD_KINDS = ["download", "places", "code", "perk"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** One step of the ladder: at `threshold` credited referrals the parent earns it. */
export type RewardStep = {
  id: string;
  lead_table: LeadTable;
  threshold: number;
  kind: RewardKind;
  /** What the parent reads (status page, mail, ledger). */
  title: string;
  description: string;
  /** download: the file's path under /downloads/. */
  file: string | null;
  /** places: the bonus on the line. */
  places: number | null;
  /** A disabled step is earned no more; what was earned stays. */
  enabled: boolean;
  created_at: string;
  updated_at: string;
};

export type NewRewardStep = Pick<RewardStep, "threshold" | "kind" | "title" | "description" | "file" | "places" | "enabled">;

/** A row of the ledger: one step earned by one parent, once. */
export type EarnedReward = {
  id: string;
  lead_table: LeadTable;
  lead_id: string;
  step_id: string;
  kind: RewardKind;
  /** code: the code from the pool; null while the pool is empty or after a withdrawal. */
  code: string | null;
  /** places: the bonus applied; 0 for the other kinds. */
  places: number;
  earned_at: string;
  /** Download fetched, code shown, perk done, places applied. */
  delivered_at: string | null;
  /** Taken back before delivery: credits fell below the step. */
  withdrawn_at: string | null;
  /** Credits fell below the step after delivery: kept, for the team to look at. */
  flagged_at: string | null;
  /** perk: the admin who marked it done. */
  done_by: string | null;
};

/** A ledger row for the admin: with the parent's e-mail and the step's title. */
export type LedgerRow = EarnedReward & { email: string | null; title: string; threshold: number };

/** A code step's pool. */
export type CodeStock = { step_id: string; remaining: number; used: number };

export interface RewardStore {
  /** The table's ladder, lowest threshold first; disabled steps too. */
  steps(table: LeadTable): Promise<RewardStep[]>;
  /**
   * Adds a step (`id` new) or changes it (`id` of the table's step). Null when `id` names no step of
   * the table; "duplicate" (nothing written) when an active step of the table has the same threshold,
   * kind and title.
   */
  saveStep(table: LeadTable, step: NewRewardStep & { id?: string }, at: string): Promise<RewardStep | null | "duplicate">;
  /** Adds codes to a code step's pool; a code already in it is skipped. Answers how many were added. */
  addCodes(table: LeadTable, stepId: string, codes: readonly string[], at: string): Promise<number>;
  /** The pools of the table's code steps (steps without codes too). */
  codeStock(table: LeadTable): Promise<CodeStock[]>;
  /**
   * Earns the step for the lead once: the row is written (or a withdrawn one reinstated), a code
   * step takes one free code from its pool atomically, a places step adds its bonus to the lead's
   * place. Parallel calls write one row and use one code; `earnedNow` is true for that call only.
   * The call that earns (not one that reinstates) writes the fact `reward.earned:{table}:{reward}`
   * (ids and the step's kind and threshold) with the change. Null when the step is not the table's.
   */
  earn(table: LeadTable, leadId: string, stepId: string, at: string): Promise<{ reward: EarnedReward; earnedNow: boolean } | null>;
  /**
   * Credits fell below the step: undelivered (and always places) → withdrawn, code back to the pool,
   * bonus removed; delivered → kept and flagged. Null when the row is not active.
   */
  withdraw(table: LeadTable, earnedId: string, at: string): Promise<EarnedReward | null>;
  /** Marks delivered, once (a second call keeps the first time); `by` names who did a perk. */
  markDelivered(table: LeadTable, earnedId: string, at: string, by?: string): Promise<EarnedReward | null>;
  /** The lead's earned rewards (withdrawn too), in ladder order. */
  earnedBy(table: LeadTable, leadId: string): Promise<EarnedReward[]>;
  get(table: LeadTable, earnedId: string): Promise<EarnedReward | null>;
  /** The ledger, newest first, with e-mails and step titles; `perksToDo` only undelivered, active perks. */
  ledger(table: LeadTable, options?: { perksToDo?: boolean; limit?: number }): Promise<LedgerRow[]>;
}
