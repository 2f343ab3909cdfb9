import { leadFromD1Row } from "./lead-store.server";
import { LEAD_TABLES } from "~/data/lead-model";
import type { LeadTable } from "~/data/ports/lead-store";
import type { ErasureCounts, HeldData, MailFact, ReferralFact, TrustStore, WaveFact } from "~/data/ports/trust-store";

/**
 * The trust store in D1 (SQLite). Addresses are compared lower-cased (the lead store keeps them so,
 * `lower()` keeps older or hand-written rows honest). The erasure is one `db.batch`: D1 runs a batch
 * as one transaction, and runs one at a time, so a second erasure of the same address (a double
 * submit) starts after the first ended and finds nothing.
 */

const REFERRAL_FACT = "id, lead_table, variant, status, reason, created_at, credited_at";
const WAVE_FACT = `m.lead_table, w.variant, w.seq AS wave, w.created_at AS admitted_at, m.place, m.invite_sent_at,
  m.invite_expires_at, m.invite_opened_at, m.accepted_at, m.account_created_at`;
const MAIL_FACT = "id, template, variant, subject, status, attempts, created_at, updated_at, html, text";
/** Columns of an account that may leave the database (never password_hash, password_salt or token hashes). */
const ACCOUNT_EXPORT_COLUMNS = ["id", "email", "name", "role", "email_confirmed_at", "plan", "lead_id", "created_at"] as const;
const ACCOUNT_COLUMNS = ACCOUNT_EXPORT_COLUMNS.join(", ");

const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/**
 * A webhook delivery that still holds the address (?1, lower-cased) in its stored payload: a
 * lead.confirmed row written while it carried the e-mail. The text is looked at before it is read
 * as JSON, so a payload that is not JSON never fails an erasure.
 */
const WEBHOOK_HOLDS = `event_type = 'lead.confirmed' AND CASE WHEN instr(lower(payload), ?1) > 0 AND json_valid(payload)
  THEN lower(json_extract(payload, '$.data.email')) = ?1 ELSE 0 END`;

type IdsByTable = { table: LeadTable; ids: string[] }[];

/** Lead tables in LEAD_TABLES' order, for rows read across tables to come back as they were read table by table. */
const TABLE_ORDER = (column: string) => `CASE ${column} ${LEAD_TABLES.map((table, i) => `WHEN '${table}' THEN ${i}`).join(" ")} END`;

/** `(table column, id column)` is one of the JSON parameter's `[table, id]` pairs: one statement for every lead table. */
const inPairs = (table: string, id: string, param: string) =>
  `(${table}, ${id}) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${param}))`;

export function createD1TrustStore(db: D1Database): TrustStore {
  /** The address's leads in every table, in one statement. */
  async function leadIds(address: string): Promise<IdsByTable> {
    const { results } = await db
      .prepare(LEAD_TABLES.map((table) => `SELECT '${table}' AS lead_table, id FROM ${table} WHERE lower(email) = ?1`).join(" UNION ALL "))
      .bind(address)
      .all<{ lead_table: LeadTable; id: string }>();
    return LEAD_TABLES.map((table) => ({ table, ids: results.filter((row) => row.lead_table === table).map((row) => row.id) })).filter(
      (entry) => entry.ids.length > 0,
    );
  }

  return {
    async collect(email) {
      const address = email.trim().toLowerCase();
      // Two round trips of a few statements, whatever the tables the address is in and the rows
      // behind it: a parent's page runs within Workers Free's 50 statements.
      const found = await db.batch<Record<string, unknown>>(
        LEAD_TABLES.map((table) => db.prepare(`SELECT * FROM ${table} WHERE lower(email) = ? ORDER BY created_at`).bind(address)),
      );
      const leads: HeldData["leads"] = [];
      const pairs: [LeadTable, string][] = [];
      LEAD_TABLES.forEach((table, i) => {
        for (const row of found[i].results) {
          leads.push({ table, row: leadFromD1Row(row as never) as unknown as Record<string, unknown> });
          pairs.push([table, String(row.id)]);
        }
      });
      const json = JSON.stringify(pairs);
      const [asReferrer, asReferred, admitted, accounts, users, mails] = await db.batch([
        db
          .prepare(
            `SELECT ${REFERRAL_FACT} FROM referrals WHERE ${inPairs("lead_table", "referrer_id", "?")} ORDER BY ${TABLE_ORDER("lead_table")}, created_at`,
          )
          .bind(json),
        db
          .prepare(
            `SELECT ${REFERRAL_FACT} FROM referrals WHERE ${inPairs("lead_table", "referred_id", "?")} ORDER BY ${TABLE_ORDER("lead_table")}, created_at`,
          )
          .bind(json),
        db
          .prepare(
            `SELECT ${WAVE_FACT} FROM wave_members m JOIN waves w ON w.id = m.wave_id
             WHERE ${inPairs("m.lead_table", "m.lead_id", "?")} ORDER BY ${TABLE_ORDER("m.lead_table")}, w.created_at`,
          )
          .bind(json),
        db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE lower(email) = ?`).bind(address),
        db
          .prepare(
            `SELECT * FROM users WHERE lower(email) = ?1 OR id IN (SELECT id FROM accounts WHERE lower(email) = ?1)
             OR lead_id IN (SELECT value ->> 1 FROM json_each(?2)) ORDER BY created_at`,
          )
          .bind(address, json),
        db.prepare(`SELECT ${MAIL_FACT} FROM outbox WHERE lower(recipient) = ? ORDER BY created_at`).bind(address),
      ]);
      return {
        leads,
        referralsAsReferrer: asReferrer.results as ReferralFact[],
        referralsAsReferred: asReferred.results as ReferralFact[],
        accounts: accounts.results as Record<string, unknown>[],
        users: users.results as Record<string, unknown>[],
        mails: mails.results as MailFact[],
        waves: admitted.results as WaveFact[],
      };
    },

    async erase(email, { recipientHash, source, at }) {
      const address = email.trim().toLowerCase();
      const byTable = await leadIds(address);
      const allIds = byTable.flatMap((entry) => entry.ids);
      // Each statement below covers every table: the erasure's statements do not grow with the tables.
      const pairs = JSON.stringify(byTable.flatMap(({ table, ids }) => ids.map((id) => [table, id])));
      const idList = (n: number, from: number) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(", ");
      // The lead.confirmed events of these leads (their ids name the lead): a pending one is cancelled.
      const confirmedEvents = byTable.flatMap(({ table, ids }) => ids.map((id) => `lead.confirmed:${table}:${id}`));
      const cancels = `status = 'pending' AND ${confirmedEvents.length ? `event_id IN (${idList(confirmedEvents.length, 2)})` : "0"}`;
      const webhookMatch = `(${WEBHOOK_HOLDS}) OR (${cancels})`;
      const userMatch = `lower(email) = ?1 OR id IN (SELECT id FROM accounts WHERE lower(email) = ?1)${allIds.length ? ` OR lead_id IN (${idList(allIds.length, 2)})` : ""}`;

      // What the erasure will touch, counted first: the log row is written in the same transaction
      // as the erasure, and only when something is there to erase.
      const counted = await db.batch<{ n: number }>([
        db
          .prepare(
            `SELECT COUNT(*) AS n FROM referrals WHERE ${inPairs("lead_table", "referred_id", "?1")} OR ${inPairs("lead_table", "referrer_id", "?1")}`,
          )
          .bind(pairs),
        db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE lower(email) = ?").bind(address),
        db
          .prepare("SELECT COUNT(*) AS n FROM account_tokens WHERE account_id IN (SELECT id FROM accounts WHERE lower(email) = ?)")
          .bind(address),
        db.prepare(`SELECT COUNT(*) AS n FROM users WHERE ${userMatch}`).bind(address, ...allIds),
        db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE lower(recipient) = ?").bind(address),
        db.prepare(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${webhookMatch}`).bind(address, ...confirmedEvents),
      ]);
      const n = (i: number) => Number(counted[i].results[0]?.n ?? 0);
      const counts: ErasureCounts = {};
      for (const { table, ids } of byTable) counts[table] = ids.length;
      const referrals = n(0);
      const rest = 1;
      const named: [string, number][] = [
        ["referrals", referrals],
        ["accounts", n(rest)],
        ["account_tokens", n(rest + 1)],
        ["users", n(rest + 2)],
        ["outbox", n(rest + 3)],
        ["webhook_deliveries", n(rest + 4)],
      ];
      for (const [name, value] of named) if (value > 0) counts[name] = value;
      if (Object.keys(counts).length === 0) return null;

      // The log row only if the rows are still there when the transaction runs (a parallel erasure
      // of the same address that ran first leaves nothing, and no second row).
      const stillThere = [
        ...byTable.map(({ table }) => `EXISTS (SELECT 1 FROM ${table} WHERE id IN (${idList(allIds.length, 6)}))`),
        "EXISTS (SELECT 1 FROM accounts WHERE lower(email) = ?5)",
        "EXISTS (SELECT 1 FROM outbox WHERE lower(recipient) = ?5)",
        `EXISTS (SELECT 1 FROM users WHERE lower(email) = ?5)`,
        `EXISTS (SELECT 1 FROM webhook_deliveries WHERE ${WEBHOOK_HOLDS.replaceAll("?1", "?5")})`,
      ].join(" OR ");
      const statements: D1PreparedStatement[] = [
        db
          .prepare(`INSERT INTO erasure_log (id, at, tables, source) SELECT ?1, ?2, ?3, ?4 WHERE ${stillThere}`)
          .bind(crypto.randomUUID(), at, JSON.stringify(counts), source, address, ...allIds),
      ];
      // A lead.erased fact per entry, from the rows as the deletes below will find them: only the
      // erasure that deletes an entry writes its fact (ids only: the address is gone).
      if (byTable.length)
        statements.push(
          db
            .prepare(
              `INSERT INTO facts (id, type, payload, created_at)
               SELECT 'lead.erased:' || t || ':' || i, 'lead.erased', json_object('lead_id', i), ?1 FROM (${byTable
                 .map(
                   ({ table }, k) => `SELECT '${table}' AS t, id AS i FROM ${table} WHERE id IN (SELECT value FROM json_each(?${k + 2}))`,
                 )
                 .join(" UNION ALL ")}) WHERE true ON CONFLICT (id) DO NOTHING`,
            )
            .bind(at, ...byTable.map(({ ids }) => JSON.stringify(ids))),
        );
      statements.push(
        // A referral of this parent keeps counting for its referrer, under an id that names nobody.
        db
          .prepare(
            `UPDATE referrals SET referred_id = 'erased-' || lower(hex(randomblob(16))), updated_at = ?1
             WHERE ${inPairs("lead_table", "referred_id", "?2")}`,
          )
          .bind(at, pairs),
        db
          .prepare(
            `UPDATE referrals SET referrer_id = NULL, ref_code = 'erased', updated_at = ?1 WHERE ${inPairs("lead_table", "referrer_id", "?2")}`,
          )
          .bind(at, pairs),
        // A wave keeps its member (the figures stay), under an id that names nobody (ADR 025).
        db
          .prepare(
            `UPDATE wave_members SET lead_id = 'erased-' || lower(hex(randomblob(16))) WHERE ${inPairs("lead_table", "lead_id", "?1")}`,
          )
          .bind(pairs),
      );
      statements.push(
        db.prepare(`DELETE FROM users WHERE ${userMatch}`).bind(address, ...allIds),
        db.prepare("DELETE FROM account_tokens WHERE account_id IN (SELECT id FROM accounts WHERE lower(email) = ?)").bind(address),
        db.prepare("DELETE FROM accounts WHERE lower(email) = ?").bind(address),
        ...byTable.map(({ table, ids }) => db.prepare(`DELETE FROM ${table} WHERE id IN (${marks(ids.length)})`).bind(...ids)),
        db
          .prepare(
            `UPDATE outbox SET recipient = ?1, subject = '', html = '', text = '', render_input = NULL,
               status = CASE WHEN status IN ('pending', 'failed') THEN 'dead' ELSE status END,
               last_error = CASE WHEN status IN ('pending', 'failed') THEN 'erased before sending' ELSE NULL END,
               next_attempt_at = NULL, updated_at = ?2
             WHERE lower(recipient) = ?3`,
          )
          .bind(recipientHash, at, address),
        // Webhooks: no stored payload keeps the address, and a pending lead.confirmed of these leads
        // is cancelled (sent, it would find no lead).
        db
          .prepare(
            `UPDATE webhook_deliveries SET
               payload = CASE WHEN ${WEBHOOK_HOLDS} THEN json_remove(payload, '$.data.email') ELSE payload END,
               next_attempt_at = CASE WHEN ${cancels} THEN NULL ELSE next_attempt_at END,
               status = CASE WHEN ${cancels} THEN 'cancelled' ELSE status END,
               updated_at = ?${confirmedEvents.length + 2}
             WHERE ${webhookMatch}`,
          )
          .bind(address, ...confirmedEvents, at),
      );
      const results = await db.batch(statements);
      return results[0].meta.changes === 1 ? counts : null;
    },
  };
}
