/**
 * Many parents on a local D1 in two statements: the rows `createD1LeadStore(db).create` and then
 * `createD1ReferralStore(db).confirmLead` write, one parent after the other, but set-based. Through
 * the local proxy every bind and every call is a round trip to workerd, so hundreds of parents
 * made one by one cost minutes; here the rows travel as one JSON parameter.
 */
import { toStorage } from "~/data/d1/lead-store.server";
import { WRITABLE_COLUMNS, withLeadDefaults } from "~/data/lead-model";
import type { NewLead } from "~/data/ports/lead-store";
import type { LeadTable } from "~/utils/variant";

export type BulkParent = NewLead & {
  /** Confirmed (a place in the line) at this time; left unconfirmed when null. */
  confirmedAt: string | null;
};

const columns = ["id", ...WRITABLE_COLUMNS, "normalized_email", "created_at"] as const;

/**
 * Inserts the parents and confirms the confirmed ones in list order (confirm_seq and place_score
 * as confirmLead numbers them), and returns their ids in list order.
 */
export async function insertParents(db: D1Database, table: LeadTable, parents: BulkParent[], placesPerCredit: number): Promise<string[]> {
  const ids = parents.map(() => crypto.randomUUID());
  const rows = parents.map((parent, i) => {
    const values = withLeadDefaults(parent) as Record<string, unknown>;
    return columns.map((column) => (column === "id" ? ids[i] : toStorage(column, values[column])));
  });
  const confirmations = parents.flatMap((parent, i) => (parent.confirmedAt === null ? [] : [[ids[i], parent.confirmedAt]]));
  await db.batch([
    db
      .prepare(
        `INSERT INTO ${table} (${columns.join(", ")})
         SELECT ${columns.map((_, c) => `value ->> ${c}`).join(", ")} FROM json_each(?1) ORDER BY key`,
      )
      .bind(JSON.stringify(rows)),
    db
      .prepare(
        `WITH confirmed AS (
           SELECT value ->> 0 AS id, value ->> 1 AS at, key + 1 + (SELECT COALESCE(MAX(confirm_seq), 0) FROM ${table}) AS seq
           FROM json_each(?1))
         UPDATE ${table} SET email_verified = 1, confirmed_at = confirmed.at, confirm_seq = confirmed.seq,
           place_score = confirmed.seq - ?2 * referral_count - bonus_places
         FROM confirmed WHERE ${table}.id = confirmed.id AND confirm_seq IS NULL`,
      )
      .bind(JSON.stringify(confirmations), placesPerCredit),
  ]);
  return ids;
}

/** n confirmed parents, a second apart and ending now, for insertParents: `{prefix}{i}@example.com`. */
export function confirmedParents(n: number, prefix: string) {
  const at = Date.now() - n * 1000;
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    step_completed: 3,
    ref_code: `R${prefix.toUpperCase()}${i}`,
    confirmedAt: new Date(at + i * 1000).toISOString(),
  }));
}

/** The `n` a counting query answers (`SELECT COUNT(*) AS n ...`). */
export async function countRows(db: D1Database, sql: string, ...params: unknown[]): Promise<number> {
  return Number(
    (
      await db
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );
}

/** An approved ice hockey club, Rink Kings of Oslo, with these parents as its members; returns its id. */
export async function insertHockeyClub(db: D1Database, memberIds: readonly string[]): Promise<string> {
  const club = crypto.randomUUID();
  const at = new Date().toISOString();
  await db.batch([
    db
      .prepare(
        `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, status, created_at)
         VALUES (?, 'leads_icehockey', 'champion-icehockey', 'rink-kings', 'Rink Kings', 'Oslo', 'icehockey', 'approved', ?)`,
      )
      .bind(club, at),
    db
      .prepare("INSERT INTO club_members (lead_table, lead_id, club_id, joined_at) SELECT 'leads_icehockey', value, ?, ? FROM json_each(?)")
      .bind(club, at, JSON.stringify(memberIds)),
  ]);
  return club;
}
