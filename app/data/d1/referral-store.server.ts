import { PENDING_EMAIL, assertLeadTable } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import { leadFromD1Row } from "./lead-store.server";
import type { Referral, ReferralCounts, ReferralListRow, ReferralStore } from "~/data/ports/referral-store";

/**
 * The referral ledger on D1 (migrations/0006_referrals.sql). Every change of a credit recounts the
 * referrer in the same batch (one transaction), so referral_count is always the number of credited
 * rows, however many confirmations arrive at once. Table names come only from the allow-list.
 */

type Row = Record<string, unknown>;

/**
 * Sets the referrers' (`which`: `= expression` or `IN (subquery)`) referral_count and place score
 * from the ledger; `?1` table, `?2` places per credit. Only credited rows count: a held one does not.
 * The score also subtracts the places rewards gave (bonus_places, ADR 035).
 */
function recount(table: LeadTable, which: string) {
  const credited = `(SELECT COUNT(*) FROM referrals r WHERE r.lead_table = ?1 AND r.referrer_id = ${table}.id AND r.status = 'credited')`;
  return `UPDATE ${table} SET referral_count = ${credited},
            place_score = CASE WHEN confirm_seq IS NULL THEN NULL ELSE confirm_seq - ?2 * ${credited} - bonus_places END
          WHERE id ${which}`;
}

export function createD1ReferralStore(db: D1Database): ReferralStore {
  const referralById = (id: string) => db.prepare("SELECT * FROM referrals WHERE id = ?").bind(id).first<Referral>();

  return {
    async confirmLead(table, leadId, at, placesPerCredit, context = {}) {
      assertLeadTable(table);
      // One batch (one transaction): the fact first, from the row as the update will find it, so only
      // the call that confirms writes it. The update is one statement: two confirmations never get the same number.
      const [, updated] = await db.batch<Row>([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT 'lead.confirmed:' || ?1 || ':' || id, 'lead.confirmed',
               json_set(?2, '$.lead_id', id, '$.source', lead_source, '$.confirmed_at', ?3), ?3
             FROM ${table} WHERE id = ?4 AND confirm_seq IS NULL ON CONFLICT (id) DO NOTHING`,
          )
          .bind(table, JSON.stringify(context), at, leadId),
        db
          .prepare(
            `UPDATE ${table} SET email_verified = 1, confirmed_at = ?1,
               confirm_seq = (SELECT COALESCE(MAX(confirm_seq), 0) + 1 FROM ${table}),
               place_score = (SELECT COALESCE(MAX(confirm_seq), 0) + 1 FROM ${table}) - ?2 * referral_count - bonus_places
             WHERE id = ?3 AND confirm_seq IS NULL RETURNING *`,
          )
          .bind(at, placesPerCredit, leadId),
      ]);
      const row = updated.results[0];
      if (row) return { lead: leadFromD1Row(row), confirmedNow: true };
      const existing = await db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(leadId).first<Row>();
      return existing ? { lead: leadFromD1Row(existing), confirmedNow: false } : null;
    },

    async record(table, referral, at) {
      assertLeadTable(table);
      await db
        .prepare(
          `INSERT INTO referrals (id, lead_table, referred_id, referrer_id, ref_code, variant, status, reason, channel, network, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_table, referred_id) DO NOTHING`,
        )
        .bind(
          crypto.randomUUID(),
          table,
          referral.referred_id,
          referral.referrer_id,
          referral.ref_code,
          referral.variant,
          referral.status,
          referral.reason,
          referral.channel ?? null,
          referral.network ?? null,
          at,
          at,
        )
        .run();
      const stored = await this.referralOf(table, referral.referred_id);
      if (!stored) throw new Error(`Referral of ${referral.referred_id} neither written nor found`);
      return stored;
    },

    async credit(table, referredId, at, placesPerCredit, hold = [], context = {}) {
      assertLeadTable(table);
      const held = hold.length ? hold.join(",") : null;
      const type = held ? "referral.held" : "referral.credited";
      // The fact first, from the row still pending: only the call that moves it writes it.
      const [, credited] = await db.batch<Referral>([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT ?1 || ':' || ?2 || ':' || id, ?1,
               CASE WHEN ?1 = 'referral.held'
                 THEN json_set(?4, '$.referral_id', id, '$.referrer_id', referrer_id, '$.referred_id', referred_id, '$.reasons', json(?5))
                 ELSE json_set(?4, '$.referral_id', id, '$.referrer_id', referrer_id, '$.referred_id', referred_id, '$.credits', 1) END, ?6
             FROM referrals WHERE lead_table = ?2 AND referred_id = ?3 AND status = 'pending' ON CONFLICT (id) DO NOTHING`,
          )
          .bind(type, table, referredId, JSON.stringify(context), JSON.stringify(hold), at),
        db
          .prepare(
            `UPDATE referrals SET status = CASE WHEN ?4 IS NULL THEN 'credited' ELSE 'held' END, hold_reasons = ?4,
               reason = NULL, credited_at = CASE WHEN ?4 IS NULL THEN ?1 ELSE NULL END, updated_at = ?1
             WHERE lead_table = ?2 AND referred_id = ?3 AND status = 'pending' RETURNING *`,
          )
          .bind(at, table, referredId, held),
        db
          .prepare(recount(table, "= (SELECT referrer_id FROM referrals WHERE lead_table = ?1 AND referred_id = ?3)"))
          .bind(table, placesPerCredit, referredId),
      ]);
      return credited.results[0] ?? null;
    },

    async setStatus(table, referralId, status, at, placesPerCredit) {
      assertLeadTable(table);
      const current = await referralById(referralId);
      if (!current || current.lead_table !== table) return null;
      await db.batch([
        db
          .prepare(
            `UPDATE referrals SET status = ?1, reason = ?2, updated_at = ?3,
               credited_at = CASE WHEN ?1 = 'credited' THEN COALESCE(credited_at, ?3) ELSE credited_at END
             WHERE id = ?4`,
          )
          .bind(status, status === "rejected" ? "revoked" : null, at, referralId),
        db.prepare(recount(table, "= ?3")).bind(table, placesPerCredit, current.referrer_id),
      ]);
      return referralById(referralId);
    },

    async decideHeld(table, ids, approve, at, placesPerCredit, context = {}) {
      assertLeadTable(table);
      if (ids.length === 0) return [];
      const type = approve ? "referral.approved" : "referral.rejected";
      // One batch (one transaction): a fact for each row still held (one statement for all, with its
      // referrer's credits in this decision), then those rows change, then each of their referrers is
      // recounted; a repeat finds nothing held and writes and recounts nothing.
      const [, changed] = await db.batch<Referral>([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT ?1 || ':' || ?2 || ':' || id, ?1,
               json_set(?4, '$.referral_id', id, '$.referrer_id', referrer_id, '$.referred_id', referred_id,
                 '$.credits', COUNT(*) OVER (PARTITION BY referrer_id)), ?5
             FROM referrals WHERE lead_table = ?2 AND status = 'held' AND id IN (SELECT value FROM json_each(?3))
             ON CONFLICT (id) DO NOTHING`,
          )
          .bind(type, table, JSON.stringify(ids), JSON.stringify(context), at),
        db
          .prepare(
            `UPDATE referrals SET status = CASE WHEN ?1 THEN 'credited' ELSE 'rejected' END,
               reason = CASE WHEN ?1 THEN NULL ELSE 'review-rejected' END,
               credited_at = CASE WHEN ?1 THEN ?2 ELSE NULL END, updated_at = ?2
             WHERE lead_table = ?3 AND status = 'held' AND id IN (SELECT value FROM json_each(?4)) RETURNING *`,
          )
          .bind(approve ? 1 : 0, at, table, JSON.stringify(ids)),
        db
          .prepare(recount(table, "IN (SELECT referrer_id FROM referrals WHERE id IN (SELECT value FROM json_each(?3)))"))
          .bind(table, placesPerCredit, JSON.stringify(ids)),
      ]);
      return changed.results;
    },

    async holdFacts(table, referrerId, { domain, network, networkSince, burstSince, burstUntil, signedUpFrom, signedUpTo }) {
      assertLeadTable(table);
      // Each count reads only this referrer's referrals (referrals_referrer_idx), one statement in all.
      // A host is at the registrable domain when "." + host ends with "." + domain (s0.corp-b.test, corp-b.test).
      const row = await db
        .prepare(
          `SELECT
             (SELECT COUNT(DISTINCT COALESCE(l.normalized_email, lower(l.email))) FROM referrals r JOIN ${table} l ON l.id = r.referred_id
               WHERE r.lead_table = ?1 AND r.referrer_id = ?2 AND r.status <> 'rejected'
                 AND substr('.' || lower(substr(l.email, instr(l.email, '@') + 1)), -length(?3) - 1) = '.' || lower(?3)) AS same_domain,
             (SELECT COUNT(*) FROM referrals r WHERE r.lead_table = ?1 AND r.referrer_id = ?2 AND r.status <> 'rejected'
                 AND ?4 IS NOT NULL AND r.network = ?4 AND r.created_at >= ?5) AS same_network,
             (SELECT COUNT(*) FROM referrals r LEFT JOIN ${table} l ON l.id = r.referred_id
               WHERE r.lead_table = ?1 AND r.referrer_id = ?2
                 AND (r.created_at >= ?6 OR r.created_at BETWEEN ?7 AND ?8 OR l.confirmed_at BETWEEN ?6 AND ?9)) AS recent`,
        )
        .bind(table, referrerId, domain, network, networkSince, burstSince, signedUpFrom, signedUpTo, burstUntil)
        .first<{ same_domain: number; same_network: number; recent: number }>();
      return { sameDomain: Number(row?.same_domain ?? 0), sameNetwork: Number(row?.same_network ?? 0), recent: Number(row?.recent ?? 0) };
    },

    async creditedByChannel(table) {
      assertLeadTable(table);
      const { results } = await db
        .prepare(
          `SELECT channel, COUNT(*) AS count FROM referrals WHERE lead_table = ? AND status = 'credited'
           GROUP BY channel ORDER BY count DESC, channel IS NULL, channel`,
        )
        .bind(table)
        .all<{ channel: string | null; count: number }>();
      return results.map((row) => ({ channel: row.channel, count: Number(row.count) }));
    },

    async referralOf(table, referredId) {
      return (
        (await db.prepare("SELECT * FROM referrals WHERE lead_table = ? AND referred_id = ?").bind(table, referredId).first<Referral>()) ??
        null
      );
    },

    async countsFor(table, referrerId) {
      const { results } = await db
        .prepare("SELECT status, COUNT(*) AS n FROM referrals WHERE lead_table = ? AND referrer_id = ? GROUP BY status")
        .bind(table, referrerId)
        .all<{ status: keyof ReferralCounts; n: number }>();
      const counts: ReferralCounts = { pending: 0, credited: 0, rejected: 0, held: 0 };
      for (const row of results) counts[row.status] = Number(row.n);
      return counts;
    },

    async recentCount(table, referrerId, since) {
      const row = await db
        .prepare("SELECT COUNT(*) AS n FROM referrals WHERE lead_table = ? AND referrer_id = ? AND created_at >= ?")
        .bind(table, referrerId, since)
        .first<{ n: number }>();
      return Number(row?.n ?? 0);
    },

    async placeOf(table, lead) {
      assertLeadTable(table);
      if (lead.confirm_seq === null || lead.place_score === null) return null;
      // One parent's place is counted, not read from the ranked line (${table}_line, migrations/0014):
      // ranking the whole line costs several times more than counting the parents ahead on its index.
      // Parents ahead: a lower score; on a tie more credits, then the earlier confirmation.
      const row = await db
        .prepare(
          `SELECT COUNT(*) AS ahead FROM ${table}
           WHERE confirm_seq IS NOT NULL AND (place_score < ?1 OR (place_score = ?1 AND
             (referral_count > ?2 OR (referral_count = ?2 AND confirm_seq < ?3))))`,
        )
        .bind(lead.place_score, lead.referral_count, lead.confirm_seq)
        .first<{ ahead: number }>();
      return Number(row?.ahead ?? 0) + 1;
    },

    async placesOf(table, ids) {
      assertLeadTable(table);
      if (ids.length === 0) return {};
      // One statement for the page: the line ranked once (a walk of its index), the page's rows
      // picked from it.
      const { results } = await db
        .prepare(`SELECT id, place FROM ${table}_line WHERE id IN (SELECT value FROM json_each(?))`)
        // One JSON parameter: D1 binds at most 100 parameters per statement.
        .bind(JSON.stringify(ids))
        .all<{ id: string; place: number }>();
      // A lead that has not confirmed is not in the line: no place.
      const places: Record<string, number | null> = Object.fromEntries(ids.map((id) => [id, null]));
      for (const row of results) places[row.id] = Number(row.place);
      return places;
    },

    async line(table) {
      assertLeadTable(table);
      const { results } = await db.prepare(`SELECT id FROM ${table}_line ORDER BY place`).all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async confirmedCount(table) {
      assertLeadTable(table);
      const row = await db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE confirm_seq IS NOT NULL`).first<{ n: number }>();
      return Number(row?.n ?? 0);
    },

    async list(table, { page, pageSize, status }) {
      assertLeadTable(table);
      const where = status ? "WHERE r.lead_table = ?1 AND r.status = ?2" : "WHERE r.lead_table = ?1";
      const params = status ? [table, status] : [table];
      const [rows, count] = await db.batch<Row>([
        db
          .prepare(
            `SELECT r.*, a.email AS referrer_email, b.email AS referred_email FROM referrals r
             LEFT JOIN ${table} a ON a.id = r.referrer_id LEFT JOIN ${table} b ON b.id = r.referred_id
             ${where} ORDER BY r.created_at DESC, r.rowid DESC LIMIT ${Number(pageSize)} OFFSET ${Number((page - 1) * pageSize)}`,
          )
          .bind(...params),
        db.prepare(`SELECT COUNT(*) AS total FROM referrals r ${where}`).bind(...params),
      ]);
      return { rows: rows.results as ReferralListRow[], total: Number(count.results[0]?.total ?? 0) };
    },

    async purgeUnconfirmed(table, before, options = {}) {
      assertLeadTable(table);
      const which = `email_verified = 0 AND created_at < ?2${options.placeholdersOnly ? ` AND email = '${PENDING_EMAIL}'` : ""}`;
      const doomed = `SELECT id FROM ${table} WHERE ${which}`;
      const [, deleted] = await db.batch([
        db
          .prepare(
            `DELETE FROM referrals WHERE lead_table = ?1 AND status = 'pending'
               AND (referred_id IN (${doomed}) OR referrer_id IN (${doomed}))`,
          )
          .bind(table, before),
        db.prepare(`DELETE FROM ${table} WHERE ${which.replace("?2", "?1")}`).bind(before),
      ]);
      return deleted.meta.changes;
    },
  };
}
