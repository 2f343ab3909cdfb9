import type { PostgrestError } from "@supabase/supabase-js";
import { LeadStoreError, assertLeadTable } from "~/data/lead-model";
import type { CodeStock, EarnedReward, LedgerRow, RewardStep, RewardStore } from "~/data/ports/reward-store";
import { createSupabaseAdminClient, type SupabaseOptions } from "~/data/supabase-client.server";

/**
 * Milestone rewards on Supabase Postgres (supabase/migrations/20250901000022_rewards.sql, ADR 035).
 * Earning and withdrawing run in SQL functions over RPC (one transaction each: the unique ledger
 * key, a code taken FOR UPDATE SKIP LOCKED, the bonus recounted); the rest is plain PostgREST.
 */

function fail(what: string, error: PostgrestError | null): void {
  if (error) throw new LeadStoreError(`${what} failed: ${error.message || error.code}`, { cause: error });
}

/** Postgres unique_violation. */
const PG_UNIQUE_VIOLATION = "23505";

const iso = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

const stepFrom = (row: Record<string, unknown>): RewardStep => ({
  ...(row as RewardStep),
  created_at: iso(row.created_at) as string,
  updated_at: iso(row.updated_at) as string,
});

const earnedFrom = (row: Record<string, unknown>): EarnedReward => ({
  ...(row as EarnedReward),
  earned_at: iso(row.earned_at) as string,
  delivered_at: iso(row.delivered_at),
  withdrawn_at: iso(row.withdrawn_at),
  flagged_at: iso(row.flagged_at),
});

export function createSupabaseRewardStore(options: SupabaseOptions): RewardStore {
  const client = createSupabaseAdminClient(options);

  async function steps(table: string): Promise<RewardStep[]> {
    const { data, error } = await client
      .from("reward_steps")
      .select("*")
      .eq("lead_table", table)
      .order("threshold")
      .order("created_at")
      .order("id")
      .retry(false);
    fail("Reward steps", error);
    return (data ?? []).map(stepFrom);
  }

  async function get(table: string, id: string): Promise<EarnedReward | null> {
    const { data, error } = await client.from("rewards_earned").select("*").eq("id", id).eq("lead_table", table).maybeSingle().retry(false);
    fail("Reward read", error);
    return data ? earnedFrom(data) : null;
  }

  return {
    steps,

    async saveStep(table, step, at) {
      assertLeadTable(table);
      const { id, ...fields } = step;
      const row = { ...fields, updated_at: at };
      const query = id
        ? client.from("reward_steps").update(row).eq("id", id).eq("lead_table", table).select("*").maybeSingle()
        : client
            .from("reward_steps")
            .insert({ ...row, lead_table: table, created_at: at })
            .select("*")
            .maybeSingle();
      const { data, error } = await query.retry(false);
      // The only unique key a write can hit: an identical active step (reward_steps_active_once).
      if (error?.code === PG_UNIQUE_VIOLATION) return "duplicate";
      fail("Reward step write", error);
      return data ? stepFrom(data) : null;
    },

    async addCodes(table, stepId, codes, at) {
      const step = (await steps(table)).find((row) => row.id === stepId && row.kind === "code");
      if (!step || codes.length === 0) return 0;
      const rows = codes.map((code, i) => ({ step_id: stepId, code, added_at: new Date(Date.parse(at) + i).toISOString() }));
      const { data, error } = await client
        .from("reward_codes")
        .upsert(rows, { onConflict: "step_id,code", ignoreDuplicates: true })
        .select("id")
        .retry(false);
      fail("Reward codes write", error);
      return (data ?? []).length;
    },

    async codeStock(table) {
      const codeSteps = (await steps(table)).filter((step) => step.kind === "code");
      if (codeSteps.length === 0) return [];
      const { data, error } = await client
        .from("reward_codes")
        .select("step_id,earned_id")
        .in(
          "step_id",
          codeSteps.map((step) => step.id),
        )
        .retry(false);
      fail("Reward code stock", error);
      const stock = new Map<string, CodeStock>(codeSteps.map((step) => [step.id, { step_id: step.id, remaining: 0, used: 0 }]));
      for (const row of (data ?? []) as { step_id: string; earned_id: string | null }[]) {
        const entry = stock.get(row.step_id)!;
        if (row.earned_id) entry.used += 1;
        else entry.remaining += 1;
      }
      return [...stock.values()];
    },

    async earn(table, leadId, stepId, at) {
      assertLeadTable(table);
      const { data, error } = await client.rpc("earn_reward", { p_table: table, p_lead: leadId, p_step: stepId, p_at: at }).retry(false);
      fail("Reward earning", error);
      if (!data) return null;
      const result = data as { reward: Record<string, unknown>; earned_now: boolean };
      return { reward: earnedFrom(result.reward), earnedNow: result.earned_now };
    },

    async withdraw(table, earnedId, at) {
      assertLeadTable(table);
      const current = await get(table, earnedId);
      if (!current) return null;
      const { data, error } = await client.rpc("withdraw_reward", { p_id: earnedId, p_at: at }).retry(false);
      fail("Reward withdrawal", error);
      return data ? earnedFrom(data as Record<string, unknown>) : null;
    },

    async markDelivered(table, earnedId, at, by) {
      const { error } = await client
        .from("rewards_earned")
        .update({ delivered_at: at, done_by: by ?? null })
        .eq("id", earnedId)
        .eq("lead_table", table)
        .is("delivered_at", null)
        .is("withdrawn_at", null)
        .retry(false);
      fail("Reward delivery", error);
      return get(table, earnedId);
    },

    async earnedBy(table, leadId) {
      const { data, error } = await client.from("rewards_earned").select("*").eq("lead_table", table).eq("lead_id", leadId).retry(false);
      fail("Rewards of a lead", error);
      const threshold = new Map((await steps(table)).map((step) => [step.id, step.threshold]));
      return (data ?? [])
        .map(earnedFrom)
        .sort((a, b) => (threshold.get(a.step_id) ?? 0) - (threshold.get(b.step_id) ?? 0) || a.earned_at.localeCompare(b.earned_at));
    },

    get,

    async ledger(table, { perksToDo = false, limit = 500 } = {}) {
      assertLeadTable(table);
      let query = client.from("rewards_earned").select("*").eq("lead_table", table);
      if (perksToDo) query = query.eq("kind", "perk").is("delivered_at", null).is("withdrawn_at", null);
      const { data, error } = await query.order("earned_at", { ascending: false }).order("id").limit(limit).retry(false);
      fail("Reward ledger", error);
      const rows = (data ?? []).map(earnedFrom);
      const byStep = new Map((await steps(table)).map((step) => [step.id, step]));
      const ids = [...new Set(rows.map((row) => row.lead_id))];
      const emails = new Map<string, string>();
      if (ids.length) {
        const leads = await client.from(table).select("id,email").in("id", ids).retry(false);
        fail("Reward ledger e-mails", leads.error);
        for (const lead of (leads.data ?? []) as { id: string; email: string }[]) emails.set(lead.id, lead.email);
      }
      return rows.map((row): LedgerRow => ({
        ...row,
        email: emails.get(row.lead_id) ?? null,
        title: byStep.get(row.step_id)?.title ?? "",
        threshold: byStep.get(row.step_id)?.threshold ?? 0,
      }));
    },
  };
}
