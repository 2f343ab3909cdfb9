import { assertLeadTable } from "~/data/lead-model";
import type { Wave, WaveMember, WaveStore, WaveSummary } from "~/data/ports/wave-store";

/**
 * Waves on D1 (migrations/0016_waves.sql, docs/decisions/025-waves-and-invites.md). A wave and its
 * members go in one batch (one transaction); every invite change is one conditional statement, so
 * parallel requests change a row once.
 */

type Row = Record<string, unknown>;

const num = (value: unknown) => Number(value ?? 0);

function waveFrom(row: Row): Wave {
  return {
    id: String(row.id),
    lead_table: row.lead_table as Wave["lead_table"],
    variant: String(row.variant),
    seq: num(row.seq),
    size_asked: num(row.size_asked),
    created_at: String(row.created_at),
    created_by: String(row.created_by),
    club_id: (row.club_id as string | null | undefined) ?? null,
  };
}

/** The club columns of a list row: none for a plain wave or a club removed since. */
function clubFrom(row: Row): WaveSummary["club"] {
  return row.club_name === null || row.club_name === undefined ? null : { name: String(row.club_name), city: String(row.club_city) };
}

function memberFrom(row: Row): WaveMember {
  return { ...(row as WaveMember), place: num(row.place) };
}

export function createD1WaveStore(db: D1Database): WaveStore {
  const stamp = async (sql: string, ...params: unknown[]) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .run()
    ).meta.changes > 0;

  return {
    async admit(table, wave, members, fact) {
      assertLeadTable(table);
      await db.batch([
        db
          .prepare(
            `INSERT INTO waves (id, lead_table, variant, seq, size_asked, created_at, created_by, club_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_table, seq) DO NOTHING`,
          )
          .bind(wave.id, table, wave.variant, wave.seq, wave.size_asked, wave.created_at, wave.created_by, wave.club_id ?? null),
        // Only when the row above is ours (a fresh id): a repeat of the number writes no members.
        db
          .prepare(
            `INSERT INTO wave_members (wave_id, lead_table, lead_id, place, invite_expires_at)
             SELECT ?1, ?2, json_extract(value, '$.lead_id'), json_extract(value, '$.place'), json_extract(value, '$.invite_expires_at')
             FROM json_each(?3) WHERE EXISTS (SELECT 1 FROM waves WHERE id = ?1)`,
          )
          .bind(wave.id, table, JSON.stringify(members)),
        // The wave's fact, in the same transaction and on the same condition as its members.
        ...(fact
          ? [
              db
                .prepare(
                  `INSERT INTO facts (id, type, payload, created_at) SELECT ?2, ?3, ?4, ?5
                   WHERE EXISTS (SELECT 1 FROM waves WHERE id = ?1) ON CONFLICT (id) DO NOTHING`,
                )
                .bind(wave.id, fact.id, fact.type, JSON.stringify(fact.payload), fact.created_at),
            ]
          : []),
      ]);
      const stored = await db.prepare("SELECT * FROM waves WHERE lead_table = ? AND seq = ?").bind(table, wave.seq).first<Row>();
      if (!stored) throw new Error(`Wave ${wave.seq} of ${table} neither written nor found`);
      return { created: stored.id === wave.id, wave: waveFrom(stored) };
    },

    async list(table, now) {
      assertLeadTable(table);
      const { results } = await db
        .prepare(
          `SELECT w.*, COUNT(m.lead_id) AS admitted, COUNT(m.invite_sent_at) AS invited, COUNT(m.invite_opened_at) AS opened,
             COUNT(m.accepted_at) AS accepted, COUNT(m.account_created_at) AS accounts,
             SUM(CASE WHEN m.lead_id IS NOT NULL AND m.accepted_at IS NULL AND m.invite_expires_at <= ?2 THEN 1 ELSE 0 END) AS expired,
             MAX(m.place) AS last_place, COALESCE(kept.name, c.name) AS club_name, COALESCE(kept.city, c.city) AS club_city
           FROM waves w LEFT JOIN wave_members m ON m.wave_id = w.id
             LEFT JOIN clubs c ON c.id = w.club_id
             -- A merge points at the club that stays (chains are pointed at their end), so one hop is enough.
             LEFT JOIN clubs kept ON kept.id = c.merged_into AND c.status = 'merged'
           WHERE w.lead_table = ?1 GROUP BY w.id ORDER BY w.seq DESC`,
        )
        .bind(table, now)
        .all<Row>();
      return results.map((row): WaveSummary => ({
        ...waveFrom(row),
        admitted: num(row.admitted),
        invited: num(row.invited),
        opened: num(row.opened),
        accepted: num(row.accepted),
        accounts: num(row.accounts),
        expired: num(row.expired),
        last_place: row.last_place === null || row.last_place === undefined ? null : num(row.last_place),
        club: clubFrom(row),
      }));
    },

    async count(table) {
      assertLeadTable(table);
      return num((await db.prepare("SELECT COUNT(*) AS n FROM waves WHERE lead_table = ?").bind(table).first<Row>())?.n);
    },

    async get(waveId) {
      const row = await db.prepare("SELECT * FROM waves WHERE id = ?").bind(waveId).first<Row>();
      return row ? waveFrom(row) : null;
    },

    async membersOf(waveId) {
      const { results } = await db.prepare("SELECT * FROM wave_members WHERE wave_id = ? ORDER BY place").bind(waveId).all<Row>();
      return results.map(memberFrom);
    },

    async memberOf(table, leadId) {
      const row = await db.prepare("SELECT * FROM wave_members WHERE lead_table = ? AND lead_id = ?").bind(table, leadId).first<Row>();
      return row ? memberFrom(row) : null;
    },

    async membersOfMany(table, leadIds) {
      if (leadIds.length === 0) return {};
      const { results } = await db
        .prepare("SELECT * FROM wave_members WHERE lead_table = ? AND lead_id IN (SELECT value FROM json_each(?))")
        .bind(table, JSON.stringify(leadIds))
        .all<Row>();
      return Object.fromEntries(results.map((row) => [String(row.lead_id), memberFrom(row)]));
    },

    async admittedIds(table) {
      const { results } = await db.prepare("SELECT lead_id FROM wave_members WHERE lead_table = ?").bind(table).all<{ lead_id: string }>();
      return results.map((row) => row.lead_id);
    },

    async admittedCount(table) {
      return num((await db.prepare("SELECT COUNT(*) AS n FROM wave_members WHERE lead_table = ?").bind(table).first<Row>())?.n);
    },

    async expiredOf(table, now) {
      assertLeadTable(table);
      const { results } = await db
        .prepare(
          `SELECT m.*, w.seq AS seq FROM wave_members m JOIN waves w ON w.id = m.wave_id
           WHERE m.lead_table = ? AND m.accepted_at IS NULL AND m.invite_expires_at <= ? ORDER BY w.seq DESC, m.place`,
        )
        .bind(table, now)
        .all<Row>();
      return results.map((row) => ({ ...memberFrom(row), seq: num(row.seq) }));
    },

    async unsentOf(waveId, afterPlace, limit) {
      const { results } = await db
        .prepare("SELECT * FROM wave_members WHERE wave_id = ? AND invite_sent_at IS NULL AND place > ? ORDER BY place LIMIT ?")
        .bind(waveId, afterPlace, limit)
        .all<Row>();
      return results.map(memberFrom);
    },

    async markSentMany(table, leadIds, at) {
      assertLeadTable(table);
      if (leadIds.length === 0) return;
      await db
        .prepare(
          `UPDATE wave_members SET invite_sent_at = ?
           WHERE lead_table = ? AND lead_id IN (SELECT value FROM json_each(?)) AND invite_sent_at IS NULL`,
        )
        .bind(at, table, JSON.stringify(leadIds))
        .run();
    },

    async markSent(table, leadId, at) {
      await stamp("UPDATE wave_members SET invite_sent_at = ? WHERE lead_table = ? AND lead_id = ?", at, table, leadId);
    },

    renew: (table, leadId, at, expiresAt) =>
      stamp(
        `UPDATE wave_members SET invite_sent_at = ?1, invite_expires_at = ?2
         WHERE lead_table = ?3 AND lead_id = ?4 AND accepted_at IS NULL AND invite_expires_at <= ?1`,
        at,
        expiresAt,
        table,
        leadId,
      ),

    resendDue: (table, leadId, at, sentBefore) =>
      stamp(
        `UPDATE wave_members SET invite_sent_at = ?1
         WHERE lead_table = ?2 AND lead_id = ?3 AND accepted_at IS NULL AND invite_expires_at > ?1
           AND (invite_sent_at IS NULL OR invite_sent_at < ?4)`,
        at,
        table,
        leadId,
        sentBefore,
      ),

    markOpened: (table, leadId, at) =>
      stamp(
        "UPDATE wave_members SET invite_opened_at = ? WHERE lead_table = ? AND lead_id = ? AND invite_opened_at IS NULL",
        at,
        table,
        leadId,
      ),

    async accept(table, leadId, at) {
      // One batch: the fact first, from the invite as the acceptance will find it, so only the call that accepts writes it.
      const [, accepted] = await db.batch([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT 'invite.accepted:' || lead_table || ':' || lead_id, 'invite.accepted', json_object('lead_id', lead_id, 'wave_id', wave_id), ?1
             FROM wave_members WHERE lead_table = ?2 AND lead_id = ?3 AND accepted_at IS NULL ON CONFLICT (id) DO NOTHING`,
          )
          .bind(at, table, leadId),
        db
          .prepare("UPDATE wave_members SET accepted_at = ?1 WHERE lead_table = ?2 AND lead_id = ?3 AND accepted_at IS NULL")
          .bind(at, table, leadId),
      ]);
      return accepted.meta.changes > 0;
    },

    markAccount: (table, leadId, at) =>
      stamp(
        `UPDATE wave_members SET account_created_at = ? WHERE lead_table = ? AND lead_id = ?
           AND accepted_at IS NOT NULL AND account_created_at IS NULL`,
        at,
        table,
        leadId,
      ),
  };
}
