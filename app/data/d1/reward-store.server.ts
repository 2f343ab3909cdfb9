import { assertLeadTable } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import type { CodeStock, EarnedReward, LedgerRow, RewardStep, RewardStore } from "~/data/ports/reward-store";

/**
 * Milestone rewards on D1 (migrations/0019_rewards.sql, ADR 035). What must happen together (a row
 * earned, its code taken, the bonus recounted) is one batch, i.e. one transaction: SQLite runs one
 * writer at a time, so the unique ledger key and the "no code yet" guard make parallel settles
 * write one row and take one code. Table names come only from the allow-list.
 */

type Row = Record<string, unknown>;

const stepFrom = (row: Row): RewardStep => ({ ...(row as RewardStep), enabled: Boolean(row.enabled) });

/** Sets the lead's bonus_places to its active places rewards and moves its score by the difference. `?1` table name value, `?2` lead. */
function syncBonus(table: LeadTable) {
  const sum = `(SELECT COALESCE(SUM(e.places), 0) FROM rewards_earned e WHERE e.lead_table = ?1 AND e.lead_id = ?2 AND e.withdrawn_at IS NULL)`;
  // Every right-hand side reads the row as it was, so place_score + bonus_places is the score without the old bonus.
  return `UPDATE ${table} SET bonus_places = ${sum},
            place_score = CASE WHEN confirm_seq IS NULL THEN NULL ELSE place_score + bonus_places - ${sum} END
          WHERE id = ?2`;
}

export function createD1RewardStore(db: D1Database): RewardStore {
  const get = async (table: LeadTable, id: string) =>
    (await db.prepare("SELECT * FROM rewards_earned WHERE id = ? AND lead_table = ?").bind(id, table).first<EarnedReward>()) ?? null;

  const writeStep = async (table: LeadTable, step: Parameters<RewardStore["saveStep"]>[1], at: string) => {
    const values = [step.threshold, step.kind, step.title, step.description, step.file, step.places, step.enabled ? 1 : 0, at];
    if (step.id) {
      const row = await db
        .prepare(
          `UPDATE reward_steps SET threshold = ?1, kind = ?2, title = ?3, description = ?4, file = ?5, places = ?6, enabled = ?7,
             updated_at = ?8 WHERE id = ?9 AND lead_table = ?10 RETURNING *`,
        )
        .bind(...values, step.id, table)
        .first<Row>();
      return row ? stepFrom(row) : null;
    }
    const row = await db
      .prepare(
        `INSERT INTO reward_steps (threshold, kind, title, description, file, places, enabled, created_at, updated_at, id, lead_table)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?9, ?10) RETURNING *`,
      )
      .bind(...values, crypto.randomUUID(), table)
      .first<Row>();
    return row ? stepFrom(row) : null;
  };

  return {
    async steps(table) {
      const { results } = await db
        .prepare("SELECT * FROM reward_steps WHERE lead_table = ? ORDER BY threshold, created_at, id")
        .bind(table)
        .all<Row>();
      return results.map(stepFrom);
    },

    async saveStep(table, step, at) {
      assertLeadTable(table);
      try {
        return await writeStep(table, step, at);
      } catch (error) {
        // The only unique key a write can hit: an identical active step (the id is new or unchanged).
        if (/UNIQUE constraint failed/.test(String((error as Error)?.message ?? error))) return "duplicate";
        throw error;
      }
    },

    async addCodes(table, stepId, codes, at) {
      const step = await db
        .prepare("SELECT id FROM reward_steps WHERE id = ? AND lead_table = ? AND kind = 'code'")
        .bind(stepId, table)
        .first();
      if (!step || codes.length === 0) return 0;
      const results = await db.batch(
        codes.map((code, i) =>
          db
            .prepare("INSERT INTO reward_codes (id, step_id, code, added_at) VALUES (?, ?, ?, ?) ON CONFLICT (step_id, code) DO NOTHING")
            // Codes of one upload keep their order: the pool hands them out oldest first.
            .bind(crypto.randomUUID(), stepId, code, new Date(Date.parse(at) + i).toISOString()),
        ),
      );
      return results.reduce((sum, result) => sum + result.meta.changes, 0);
    },

    async codeStock(table) {
      const { results } = await db
        .prepare(
          `SELECT s.id AS step_id, COUNT(c.id) - COUNT(c.earned_id) AS remaining, COUNT(c.earned_id) AS used
           FROM reward_steps s LEFT JOIN reward_codes c ON c.step_id = s.id
           WHERE s.lead_table = ? AND s.kind = 'code' GROUP BY s.id ORDER BY s.threshold, s.id`,
        )
        .bind(table)
        .all<CodeStock>();
      return results.map((row) => ({ step_id: row.step_id, remaining: Number(row.remaining), used: Number(row.used) }));
    },

    async earn(table, leadId, stepId, at) {
      assertLeadTable(table);
      const step = await db.prepare("SELECT * FROM reward_steps WHERE id = ? AND lead_table = ?").bind(stepId, table).first<Row>();
      if (!step) return null;
      const { kind } = stepFrom(step);
      const places = kind === "places" ? Number(step.places ?? 0) : 0;
      const key = "lead_table = ?1 AND lead_id = ?2 AND step_id = ?3";
      const earnedId = `(SELECT id FROM rewards_earned WHERE ${key})`;
      const earnedRow = crypto.randomUUID();
      // The fact first, from the ledger as the change will find it (no row, or a withdrawn one): only
      // the call that earns writes it; a reinstated reward has its fact already (the same id).
      const [, inserted, reinstated, , , , , current] = await db.batch<Row>([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT 'reward.earned:' || ?1 || ':' || COALESCE(e.id, ?4), 'reward.earned',
               json_object('reward_id', COALESCE(e.id, ?4), 'lead_id', ?2, 'step_id', ?3, 'kind', ?5, 'threshold', ?6), ?7
             FROM (SELECT 1) LEFT JOIN rewards_earned e ON e.lead_table = ?1 AND e.lead_id = ?2 AND e.step_id = ?3
             WHERE e.id IS NULL OR e.withdrawn_at IS NOT NULL ON CONFLICT (id) DO NOTHING`,
          )
          .bind(table, leadId, stepId, earnedRow, kind, Number(step.threshold), at),
        db
          .prepare(
            `INSERT INTO rewards_earned (id, lead_table, lead_id, step_id, kind, places, earned_at, delivered_at)
             VALUES (?4, ?1, ?2, ?3, ?5, ?6, ?7, CASE WHEN ?5 = 'places' THEN ?7 END)
             ON CONFLICT (lead_table, lead_id, step_id) DO NOTHING RETURNING id`,
          )
          .bind(table, leadId, stepId, earnedRow, kind, places, at),
        // A withdrawn reward earned again: reinstated (a fresh code below, the bonus recounted).
        db
          .prepare(
            `UPDATE rewards_earned SET withdrawn_at = NULL, flagged_at = NULL, earned_at = ?4,
               delivered_at = CASE WHEN kind = 'places' THEN ?4 ELSE delivered_at END
             WHERE ${key} AND withdrawn_at IS NOT NULL RETURNING id`,
          )
          .bind(table, leadId, stepId, at),
        // Back at or above the step after a revocation: a kept, flagged reward is in order again.
        db.prepare(`UPDATE rewards_earned SET flagged_at = NULL WHERE ${key} AND flagged_at IS NOT NULL`).bind(table, leadId, stepId),
        // One free code, only for an active code reward that holds none yet: one statement, atomic.
        db
          .prepare(
            `UPDATE reward_codes SET earned_id = ${earnedId}, assigned_at = ?4
             WHERE id = (SELECT c.id FROM reward_codes c WHERE c.step_id = ?3 AND c.earned_id IS NULL ORDER BY c.added_at, c.id LIMIT 1)
               AND EXISTS (SELECT 1 FROM rewards_earned e WHERE ${key} AND e.kind = 'code' AND e.withdrawn_at IS NULL AND e.code IS NULL)
               AND NOT EXISTS (SELECT 1 FROM reward_codes c WHERE c.earned_id = ${earnedId})`,
          )
          .bind(table, leadId, stepId, at),
        db
          .prepare(
            `UPDATE rewards_earned SET code = (SELECT c.code FROM reward_codes c WHERE c.earned_id = rewards_earned.id)
             WHERE ${key} AND code IS NULL AND kind = 'code'`,
          )
          .bind(table, leadId, stepId),
        db.prepare(syncBonus(table)).bind(table, leadId),
        db.prepare(`SELECT * FROM rewards_earned WHERE ${key}`).bind(table, leadId, stepId),
      ]);
      const reward = current.results[0] as EarnedReward;
      return { reward, earnedNow: inserted.results.length > 0 || reinstated.results.length > 0 };
    },

    async withdraw(table, earnedId, at) {
      assertLeadTable(table);
      const current = await get(table, earnedId);
      if (!current || current.withdrawn_at) return null;
      const takenBack = "kind = 'places' OR delivered_at IS NULL";
      const [changed] = await db.batch<EarnedReward>([
        db
          .prepare(
            `UPDATE rewards_earned SET
               withdrawn_at = CASE WHEN ${takenBack} THEN ?2 END,
               flagged_at = CASE WHEN ${takenBack} THEN NULL ELSE COALESCE(flagged_at, ?2) END,
               code = CASE WHEN ${takenBack} THEN NULL ELSE code END
             WHERE id = ?1 AND withdrawn_at IS NULL RETURNING *`,
          )
          .bind(earnedId, at),
        // The code of a withdrawn reward goes back to the pool.
        db
          .prepare(
            `UPDATE reward_codes SET earned_id = NULL, assigned_at = NULL
             WHERE earned_id = ?1 AND EXISTS (SELECT 1 FROM rewards_earned WHERE id = ?1 AND withdrawn_at IS NOT NULL)`,
          )
          .bind(earnedId),
        db.prepare(syncBonus(table)).bind(table, current.lead_id),
      ]);
      return changed.results[0] ?? null;
    },

    async markDelivered(table, earnedId, at, by) {
      await db
        .prepare(
          `UPDATE rewards_earned SET delivered_at = ?1, done_by = COALESCE(done_by, ?2)
           WHERE id = ?3 AND lead_table = ?4 AND delivered_at IS NULL AND withdrawn_at IS NULL`,
        )
        .bind(at, by ?? null, earnedId, table)
        .run();
      return get(table, earnedId);
    },

    async earnedBy(table, leadId) {
      const { results } = await db
        .prepare(
          `SELECT e.* FROM rewards_earned e JOIN reward_steps s ON s.id = e.step_id
           WHERE e.lead_table = ? AND e.lead_id = ? ORDER BY s.threshold, e.earned_at`,
        )
        .bind(table, leadId)
        .all<EarnedReward>();
      return results;
    },

    get,

    async ledger(table, { perksToDo = false, limit = 500 } = {}) {
      assertLeadTable(table);
      const todo = perksToDo ? "AND e.kind = 'perk' AND e.delivered_at IS NULL AND e.withdrawn_at IS NULL" : "";
      const { results } = await db
        .prepare(
          `SELECT e.*, l.email AS email, s.title AS title, s.threshold AS threshold FROM rewards_earned e
           JOIN reward_steps s ON s.id = e.step_id LEFT JOIN ${table} l ON l.id = e.lead_id
           WHERE e.lead_table = ? ${todo} ORDER BY e.earned_at DESC, e.id LIMIT ${Number(limit)}`,
        )
        .bind(table)
        .all<LedgerRow>();
      return results.map((row) => ({ ...row, threshold: Number(row.threshold) }));
    },
  };
}
