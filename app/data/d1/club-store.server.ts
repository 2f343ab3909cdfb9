import { InvalidTableError } from "~/data/lead-model";
import type { Club, ClubContact, ClubStore, ClubSummary, ClubTable } from "~/data/ports/club-store";

/**
 * Clubs on D1 (migrations/0022_clubs.sql, docs/decisions/039-clubs.md). Every write is one
 * conditional statement or one batch (one transaction), so parallel requests change a row once.
 */

type Row = Record<string, unknown>;

const CLUB_TABLES: readonly string[] = ["leads_icehockey", "leads_tennis"];

function assertClubTable(table: string): asserts table is ClubTable {
  if (!CLUB_TABLES.includes(table)) throw new InvalidTableError(table);
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function clubFrom(row: Row): Club {
  return {
    id: String(row.id),
    lead_table: row.lead_table as ClubTable,
    variant: String(row.variant),
    slug: String(row.slug),
    name: String(row.name),
    city: String(row.city),
    sport: String(row.sport),
    status: row.status as Club["status"],
    merged_into: (row.merged_into as string | null) ?? null,
    milestone: nullableNumber(row.milestone),
    milestone_reached_at: (row.milestone_reached_at as string | null) ?? null,
    confirmed_at: (row.confirmed_at as string | null) ?? null,
    created_at: String(row.created_at),
    duplicate_of: (row.duplicate_of as string | null) ?? null,
  };
}

/**
 * A member the club counts, as credits count (ADR 039): confirmed, its address not disposable (the
 * lead's risk flag), and its referral credit neither held nor rejected on review. Each inbox counts
 * once per club (`inbox`).
 */
const counted = (table: ClubTable) =>
  `l.confirmed_at IS NOT NULL AND instr(l.risk_flags, '"disposable-domain"') = 0
     AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.lead_table = '${table}' AND r.referred_id = m.lead_id
     AND (r.status = 'held' OR r.reason = 'review-rejected'))`;
const inbox = "COALESCE(l.normalized_email, l.email)";

export function createD1ClubStore(db: D1Database): ClubStore {
  const first = (sql: string, ...params: unknown[]) =>
    db
      .prepare(sql)
      .bind(...params)
      .first<Row>();
  const changed = async (sql: string, ...params: unknown[]) =>
    (
      await db
        .prepare(sql)
        .bind(...params)
        .run()
    ).meta.changes > 0;

  return {
    async register(club, contactEmail) {
      assertClubTable(club.lead_table);
      // The contact is written only with a club written now (its id); the read answers who holds the slug.
      const [, , stored] = await db.batch<Row>([
        db
          .prepare(
            `INSERT INTO clubs (id, lead_table, variant, slug, name, city, sport, created_at, duplicate_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (lead_table, slug) DO NOTHING`,
          )
          .bind(
            club.id,
            club.lead_table,
            club.variant,
            club.slug,
            club.name,
            club.city,
            club.sport,
            club.created_at,
            club.duplicate_of ?? null,
          ),
        db
          .prepare(
            "INSERT INTO club_contacts (club_id, email, created_at) SELECT id, ?2, ?3 FROM clubs WHERE id = ?1 ON CONFLICT DO NOTHING",
          )
          .bind(club.id, contactEmail, club.created_at),
        db
          .prepare(
            `SELECT c.*, EXISTS (SELECT 1 FROM club_contacts k WHERE k.club_id = c.id AND k.email = ?3) AS is_contact
             FROM clubs c WHERE c.lead_table = ?1 AND c.slug = ?2`,
          )
          .bind(club.lead_table, club.slug, contactEmail),
      ]);
      const row = stored.results[0];
      if (!row) throw new Error(`Club ${club.slug} neither written nor found`);
      return { created: row.id === club.id, contact: Number(row.is_contact) === 1, club: clubFrom(row) };
    },

    async get(id) {
      const row = await first("SELECT * FROM clubs WHERE id = ?", id);
      return row ? clubFrom(row) : null;
    },

    async bySlug(table, slug) {
      const row = await first("SELECT * FROM clubs WHERE lead_table = ? AND slug = ?", table, slug);
      return row ? clubFrom(row) : null;
    },

    async confirmContact(clubId, email, at) {
      const [contact] = await db.batch([
        db
          .prepare("UPDATE club_contacts SET confirmed_at = ?3 WHERE club_id = ?1 AND email = ?2 AND confirmed_at IS NULL")
          .bind(clubId, email, at),
        db
          .prepare(
            `UPDATE clubs SET confirmed_at = ?3 WHERE id = ?1 AND confirmed_at IS NULL
             AND EXISTS (SELECT 1 FROM club_contacts WHERE club_id = ?1 AND email = ?2 AND confirmed_at IS NOT NULL)`,
          )
          .bind(clubId, email, at),
      ]);
      return contact.meta.changes > 0;
    },

    async contacts(clubId) {
      const { results } = await db
        .prepare("SELECT * FROM club_contacts WHERE club_id = ? ORDER BY created_at, email")
        .bind(clubId)
        .all<ClubContact>();
      return results;
    },

    async contactOf(email) {
      const { results } = await db
        .prepare(
          `SELECT c.*, k.email AS k_email, k.confirmed_at AS k_confirmed_at, k.created_at AS k_created_at
           FROM club_contacts k JOIN clubs c ON c.id = k.club_id WHERE k.email = ? ORDER BY c.created_at`,
        )
        .bind(email)
        .all<Row>();
      return results.map((row) => ({
        club: clubFrom(row),
        contact: {
          club_id: String(row.id),
          email: String(row.k_email),
          confirmed_at: (row.k_confirmed_at as string | null) ?? null,
          created_at: String(row.k_created_at),
        },
      }));
    },

    async removeContact(clubId, email) {
      await db.prepare("DELETE FROM club_contacts WHERE club_id = ? AND email = ?").bind(clubId, email).run();
    },

    async remove(clubId) {
      await db.batch([
        db.prepare("DELETE FROM club_members WHERE club_id = ?").bind(clubId),
        db.prepare("DELETE FROM club_contacts WHERE club_id = ?").bind(clubId),
        db.prepare("DELETE FROM clubs WHERE id = ?").bind(clubId),
      ]);
    },

    async setStatus(id, status, from) {
      if (from.length === 0) return false;
      return changed(`UPDATE clubs SET status = ? WHERE id = ? AND status IN (${from.map(() => "?").join(", ")})`, status, id, ...from);
    },

    async setMilestone(id, milestone) {
      await db.prepare("UPDATE clubs SET milestone = ?, milestone_reached_at = NULL WHERE id = ?").bind(milestone, id).run();
    },

    async markMilestoneReached(id, at, families) {
      // One batch: the fact first, from the club as the mark will find it, so only the call that marks writes it.
      const [, marked] = await db.batch([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT 'club.milestone:' || lead_table || ':' || id, 'club.milestone',
               json_object('club_id', id, 'milestone', milestone, 'families', ?3), ?1
             FROM clubs WHERE id = ?2 AND milestone_reached_at IS NULL ON CONFLICT (id) DO NOTHING`,
          )
          .bind(at, id, families),
        db.prepare("UPDATE clubs SET milestone_reached_at = ? WHERE id = ? AND milestone_reached_at IS NULL").bind(at, id),
      ]);
      return marked.meta.changes > 0;
    },

    async summaries(table) {
      assertClubTable(table);
      const { results } = await db
        .prepare(
          `SELECT c.*, (SELECT COUNT(*) FROM club_members m WHERE m.club_id = c.id) AS members,
             (SELECT COUNT(DISTINCT ${inbox}) FROM club_members m JOIN ${table} l ON l.id = m.lead_id
               WHERE m.club_id = c.id AND ${counted(table)}) AS families,
             (SELECT COUNT(*) FROM club_members m JOIN ${table} l ON l.id = m.lead_id WHERE m.club_id = c.id AND l.confirmed_at IS NULL) AS unconfirmed
           FROM clubs c WHERE c.lead_table = ? ORDER BY c.created_at, c.id`,
        )
        .bind(table)
        .all<Row>();
      return results.map((row): ClubSummary => ({
        ...clubFrom(row),
        members: Number(row.members),
        families: Number(row.families),
        unconfirmed: Number(row.unconfirmed),
      }));
    },

    async join(table, leadId, clubId, at) {
      assertClubTable(table);
      return changed(
        `INSERT INTO club_members (lead_table, lead_id, club_id, joined_at)
         SELECT ?1, ?2, id, ?4 FROM clubs WHERE id = ?3 AND lead_table = ?1 ON CONFLICT DO NOTHING`,
        table,
        leadId,
        clubId,
        at,
      );
    },

    async membershipOf(table, leadId) {
      const row = await first(
        "SELECT c.*, m.joined_at AS m_joined_at FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.lead_table = ? AND m.lead_id = ?",
        table,
        leadId,
      );
      return row ? { club: clubFrom(row), joined_at: String(row.m_joined_at) } : null;
    },

    async leave(table, leadId) {
      await db.prepare("DELETE FROM club_members WHERE lead_table = ? AND lead_id = ?").bind(table, leadId).run();
    },

    async members(clubId, limit) {
      const { results } = await db
        .prepare("SELECT lead_id, joined_at FROM club_members WHERE club_id = ? ORDER BY joined_at, lead_id LIMIT ?")
        .bind(clubId, limit)
        .all<{ lead_id: string; joined_at: string }>();
      return results.map((row) => ({ lead_id: row.lead_id, joined_at: row.joined_at }));
    },

    async countedMembers(clubId) {
      const club = await first("SELECT lead_table FROM clubs WHERE id = ?", clubId);
      if (!club) return [];
      const table = String(club.lead_table);
      assertClubTable(table);
      const { results } = await db
        .prepare(
          `SELECT lead_id FROM (
             SELECT m.lead_id, m.joined_at, ROW_NUMBER() OVER (PARTITION BY ${inbox} ORDER BY m.joined_at, m.lead_id) AS nth
             FROM club_members m JOIN ${table} l ON l.id = m.lead_id WHERE m.club_id = ? AND ${counted(table)}
           ) WHERE nth = 1 ORDER BY joined_at, lead_id`,
        )
        .bind(clubId)
        .all<{ lead_id: string }>();
      return results.map((row) => row.lead_id);
    },

    async countedMembersOfMany(table, clubIds) {
      assertClubTable(table);
      const byClub: Record<string, string[]> = Object.fromEntries(clubIds.map((id) => [id, []]));
      if (clubIds.length === 0) return byClub;
      // As countedMembers, per club: the first join of each inbox.
      const { results } = await db
        .prepare(
          `SELECT club_id, lead_id FROM (
             SELECT m.club_id, m.lead_id, m.joined_at,
               ROW_NUMBER() OVER (PARTITION BY m.club_id, ${inbox} ORDER BY m.joined_at, m.lead_id) AS nth
             FROM club_members m JOIN ${table} l ON l.id = m.lead_id
             WHERE m.club_id IN (SELECT value FROM json_each(?)) AND m.lead_table = '${table}' AND ${counted(table)}
           ) WHERE nth = 1 ORDER BY joined_at, lead_id`,
        )
        .bind(JSON.stringify(clubIds))
        .all<{ club_id: string; lead_id: string }>();
      for (const row of results) byClub[row.club_id]?.push(row.lead_id);
      return byClub;
    },

    async merge(from, into) {
      if (from === into) return false;
      // The first statement decides; the others move rows only of a club it marked merged into `into`.
      const moved = `EXISTS (SELECT 1 FROM clubs WHERE id = ?1 AND status = 'merged' AND merged_into = ?2)`;
      const [marked] = await db.batch([
        db
          .prepare(
            `UPDATE clubs SET status = 'merged', merged_into = ?2 WHERE id = ?1 AND status <> 'merged'
             AND EXISTS (SELECT 1 FROM clubs i WHERE i.id = ?2 AND i.lead_table = clubs.lead_table AND i.status <> 'merged')`,
          )
          .bind(from, into),
        // Clubs merged into `from` before now point at the club that stays: links never follow a chain.
        db.prepare(`UPDATE clubs SET merged_into = ?2 WHERE merged_into = ?1 AND status = 'merged' AND ${moved}`).bind(from, into),
        db.prepare(`UPDATE club_members SET club_id = ?2 WHERE club_id = ?1 AND ${moved}`).bind(from, into),
        db
          .prepare(
            `INSERT INTO club_contacts (club_id, email, confirmed_at, created_at)
             SELECT ?2, email, confirmed_at, created_at FROM club_contacts WHERE club_id = ?1 AND ${moved}
             ON CONFLICT (club_id, email) DO UPDATE SET confirmed_at = COALESCE(club_contacts.confirmed_at, excluded.confirmed_at)`,
          )
          .bind(from, into),
        db.prepare(`DELETE FROM club_contacts WHERE club_id = ?1 AND ${moved}`).bind(from, into),
      ]);
      return marked.meta.changes > 0;
    },
  };
}
