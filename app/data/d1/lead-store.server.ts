import {
  BOOLEAN_COLUMNS,
  DuplicateRefCodeError,
  LIST_COLUMNS,
  MAX_PAGE_SIZE,
  PENDING_EMAIL,
  WRITABLE_COLUMNS,
  assertLeadTable,
  cleanPatch,
  normalizeEmail,
  resolveListOptions,
  statsWindows,
  withLeadDefaults,
} from "~/data/lead-model";
import type {
  Lead,
  LeadPatch,
  LeadStats,
  LeadStore,
  LeadTable,
  ListOptions,
  NewLead,
  UserRecord,
  UserUpsert,
} from "~/data/ports/lead-store";

/**
 * Lead store on Cloudflare D1 (SQLite), the embedded default. Schema: migrations/0001_leads_and_users.sql.
 * Values are always bound parameters; table and column names only ever come from the allow-lists.
 */

type Row = Record<string, unknown>;

const listColumns = new Set<string>(LIST_COLUMNS);
const booleanColumns = new Set<string>(BOOLEAN_COLUMNS);

/** A lead's value as its D1 column keeps it: lists as JSON, booleans as 0/1. */
export function toStorage(column: string, value: unknown): unknown {
  if (listColumns.has(column)) return JSON.stringify(Array.isArray(value) ? value : []);
  if (booleanColumns.has(column)) return value ? 1 : 0;
  return value ?? null;
}

function parseList(value: unknown): string[] {
  if (typeof value !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function leadFromD1Row(row: Row): Lead {
  const lead: Record<string, unknown> = { ...row };
  for (const column of listColumns) lead[column] = parseList(row[column]);
  for (const column of booleanColumns) lead[column] = Boolean(row[column]);
  return lead as Lead;
}

function isRefCodeViolation(error: unknown): boolean {
  const text = `${error instanceof Error ? error.message : error} ${
    error instanceof Error && error.cause instanceof Error ? error.cause.message : ""
  }`;
  return /UNIQUE constraint failed: \w+\.ref_code/.test(text);
}

/** Default order: newest first; rowid breaks ties between rows created in the same millisecond. */
function orderBy(sortBy: string, direction: "asc" | "desc"): string {
  const dir = direction === "asc" ? "ASC" : "DESC";
  return sortBy === "created_at" ? `created_at ${dir}, rowid ${dir}` : `${sortBy} ${dir}, created_at DESC, rowid DESC`;
}

export function createD1LeadStore(db: D1Database): LeadStore {
  async function getById(table: LeadTable, id: string): Promise<Lead | null> {
    assertLeadTable(table);
    const row = await db.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first<Row>();
    return row ? leadFromD1Row(row) : null;
  }

  /** Inserts a lead; with `ifAbsent`, an existing row with the same id is left as it is (null). */
  async function insert(table: LeadTable, id: string, lead: NewLead, ifAbsent: boolean): Promise<Lead | null> {
    assertLeadTable(table);
    const values = withLeadDefaults(lead);
    const columns = ["id", ...WRITABLE_COLUMNS, "normalized_email", "created_at"] as const;
    const params = columns.map((column) => (column === "id" ? id : toStorage(column, values[column as keyof typeof values])));
    try {
      const row = await db
        .prepare(
          `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})` +
            `${ifAbsent ? " ON CONFLICT (id) DO NOTHING" : ""} RETURNING *`,
        )
        .bind(...params)
        .first<Row>();
      return row ? leadFromD1Row(row) : null;
    } catch (error) {
      if (isRefCodeViolation(error)) throw new DuplicateRefCodeError(error);
      throw error;
    }
  }

  return {
    async create(table, lead: NewLead) {
      const row = await insert(table, crypto.randomUUID(), lead, false);
      if (!row) throw new Error(`Insert into ${table} returned no row`);
      return row;
    },

    async createOnce(table, id, lead) {
      const inserted = await insert(table, id, lead, true);
      if (inserted) return { lead: inserted, created: true };
      const existing = await getById(table, id);
      if (!existing) throw new Error(`Lead ${id} neither inserted nor found in ${table}`);
      return { lead: existing, created: false };
    },

    async update(table, id, patch: LeadPatch) {
      assertLeadTable(table);
      const clean = cleanPatch(patch);
      const columns = Object.keys(clean) as (keyof LeadPatch)[];
      if (columns.length === 0) return getById(table, id);
      try {
        const row = await db
          .prepare(`UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE id = ? RETURNING *`)
          .bind(...columns.map((column) => toStorage(column, clean[column])), id)
          .first<Row>();
        return row ? leadFromD1Row(row) : null;
      } catch (error) {
        if (isRefCodeViolation(error)) throw new DuplicateRefCodeError(error);
        throw error;
      }
    },

    getById,

    async getByIds(table, ids) {
      assertLeadTable(table);
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(`SELECT * FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
        .bind(JSON.stringify(ids))
        .all<Row>();
      return results.map(leadFromD1Row);
    },

    async getByRefCode(table, refCode) {
      assertLeadTable(table);
      const row = await db.prepare(`SELECT * FROM ${table} WHERE ref_code = ?`).bind(refCode).first<Row>();
      return row ? leadFromD1Row(row) : null;
    },

    async countSameInbox(table, normalizedEmail, exceptId) {
      assertLeadTable(table);
      const row = await db
        .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE normalized_email = ? AND id <> ?`)
        .bind(normalizedEmail, exceptId)
        .first<{ n: number }>();
      return Number(row?.n ?? 0);
    },

    async getByEmail(table, email) {
      assertLeadTable(table);
      const row = await db
        .prepare(`SELECT * FROM ${table} WHERE email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`)
        .bind(normalizeEmail(email))
        .first<Row>();
      return row ? leadFromD1Row(row) : null;
    },

    async list(table, options?: ListOptions) {
      assertLeadTable(table);
      const { sortBy, direction, pageSize, offset, filters, emailSearch, search } = resolveListOptions(options);
      const where: string[] = [];
      const params: unknown[] = [];
      // instr, not LIKE: D1 refuses a LIKE pattern longer than 50 bytes, and a search needs no wildcards.
      if (emailSearch) {
        where.push("instr(lower(email), ?) > 0");
        params.push(emailSearch);
      }
      if (search) {
        where.push("(instr(lower(email), ?) > 0 OR instr(lower(COALESCE(ref_code, '')), ?) > 0)");
        params.push(search, search);
      }
      if (filters.ids) {
        // One JSON parameter: D1 binds at most 100 parameters per statement.
        where.push("id IN (SELECT value FROM json_each(?))");
        params.push(JSON.stringify(filters.ids.slice(0, MAX_PAGE_SIZE)));
      }
      if (filters.lead_source) {
        where.push("lead_source = ?");
        params.push(filters.lead_source);
      }
      if (filters.step_completed !== undefined) {
        where.push("step_completed = ?");
        params.push(filters.step_completed);
      }
      if (filters.entered) {
        where.push("email <> ?");
        params.push(PENDING_EMAIL);
      }
      const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const select = db
        .prepare(`SELECT * FROM ${table} ${whereSql} ORDER BY ${orderBy(sortBy, direction)} LIMIT ? OFFSET ?`)
        .bind(...params, pageSize, offset);
      if (options?.countTotal === false) {
        const { results } = await select.all<Row>();
        return { rows: results.map(leadFromD1Row), total: 0 };
      }
      const [rows, count] = await db.batch<Row>([select, db.prepare(`SELECT COUNT(*) AS total FROM ${table} ${whereSql}`).bind(...params)]);
      return {
        rows: rows.results.map(leadFromD1Row),
        total: Number(count.results[0]?.total ?? 0),
      };
    },

    async delete(table, id, at) {
      assertLeadTable(table);
      // One batch: the fact first, from the row the delete will find, so only the call that deletes writes it.
      const [, deleted] = await db.batch([
        db
          .prepare(
            `INSERT INTO facts (id, type, payload, created_at)
             SELECT 'lead.erased:' || ?1 || ':' || id, 'lead.erased', json_object('lead_id', id), ?3
             FROM ${table} WHERE id = ?2 ON CONFLICT (id) DO NOTHING`,
          )
          .bind(table, id, at),
        db.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(id),
      ]);
      return deleted.meta.changes > 0;
    },

    async deleteMany(table, ids) {
      assertLeadTable(table);
      if (ids.length === 0) return [];
      const { results } = await db
        .prepare(`DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?)) RETURNING id`)
        .bind(JSON.stringify(ids))
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },

    async incomplete(table) {
      assertLeadTable(table);
      const { results } = await db
        .prepare(`SELECT * FROM ${table} WHERE email = ? ORDER BY created_at DESC, rowid DESC`)
        .bind(PENDING_EMAIL)
        .all<Row>();
      return results.map(leadFromD1Row);
    },

    async stats(table, now = new Date()): Promise<LeadStats> {
      assertLeadTable(table);
      const { today, week } = statsWindows(now);
      // Each figure is counted over the whole table on its own index, then the placeholder rows
      // (found on the e-mail index) are taken off: filtering every row by e-mail would read the table.
      const figures = (where: string) =>
        `SELECT COUNT(*) AS total,
                (SELECT COUNT(*) FROM ${table} WHERE ${where} step_completed = 3) AS completed,
                (SELECT COUNT(*) FROM ${table} WHERE ${where} confirm_seq IS NOT NULL) AS confirmed,
                (SELECT COUNT(*) FROM ${table} WHERE ${where} created_at >= ?2) AS today,
                (SELECT COUNT(*) FROM ${table} WHERE ${where} created_at >= ?3) AS week
           FROM ${table} WHERE ${where} 1`;
      const placeholder = "email = ?1 AND";
      const [all, pending, sources, pendingSources, plans, pendingPlans, credited] = await db.batch<Row>([
        db.prepare(figures("")).bind(PENDING_EMAIL, today, week),
        db.prepare(figures(placeholder)).bind(PENDING_EMAIL, today, week),
        db.prepare(`SELECT lead_source AS key, COUNT(*) AS n FROM ${table} GROUP BY lead_source`),
        db.prepare(`SELECT lead_source AS key, COUNT(*) AS n FROM ${table} WHERE email = ? GROUP BY lead_source`).bind(PENDING_EMAIL),
        db.prepare(
          `SELECT plan_chosen AS key, COUNT(*) AS n FROM ${table} WHERE plan_chosen IS NOT NULL AND plan_chosen <> '' GROUP BY plan_chosen`,
        ),
        db
          .prepare(
            `SELECT plan_chosen AS key, COUNT(*) AS n FROM ${table} WHERE email = ? AND plan_chosen IS NOT NULL AND plan_chosen <> '' GROUP BY plan_chosen`,
          )
          .bind(PENDING_EMAIL),
        db.prepare(`SELECT COUNT(*) AS n FROM referrals WHERE lead_table = ? AND status = 'credited'`).bind(table),
      ]);
      const counts = (rows: Row[], minus: Row[]) => {
        const out: Record<string, number> = {};
        for (const row of rows) out[String(row.key)] = Number(row.n);
        for (const row of minus) out[String(row.key)] -= Number(row.n);
        return Object.fromEntries(Object.entries(out).filter(([, n]) => n > 0));
      };
      const a = all.results[0] ?? {};
      const p = pending.results[0] ?? {};
      const real = (key: string) => Number(a[key] ?? 0) - Number(p[key] ?? 0);
      return {
        total: real("total"),
        completed: real("completed"),
        referrals: Number(credited.results[0]?.n ?? 0),
        confirmed: real("confirmed"),
        today: real("today"),
        week: real("week"),
        incomplete: Number(p.total ?? 0),
        bySource: counts(sources.results, pendingSources.results),
        byPlan: counts(plans.results, pendingPlans.results),
      };
    },

    async upsertUser(user: UserUpsert): Promise<UserRecord> {
      const now = new Date().toISOString();
      const hasLead = user.lead_id !== undefined && user.lead_id !== null && user.lead_id !== "";
      const row = await db
        .prepare(
          `INSERT INTO users (id, email, name, lead_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET
             email = excluded.email,
             name = excluded.name,
             ${hasLead ? "lead_id = excluded.lead_id," : ""}
             updated_at = excluded.updated_at
           RETURNING *`,
        )
        .bind(user.id, user.email, user.name, hasLead ? user.lead_id : null, now, now)
        .first<UserRecord>();
      if (!row) throw new Error("Upsert into users returned no row");
      return row;
    },

    async getUser(id) {
      return (await db.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<UserRecord>()) ?? null;
    },

    async hasAccount(leadId, email) {
      const row = await db
        .prepare("SELECT 1 AS found FROM users WHERE lead_id = ? OR lower(trim(email)) = ? LIMIT 1")
        .bind(leadId, email.trim().toLowerCase())
        .first<{ found: number }>();
      return row !== null;
    },

    async withAccounts(leads) {
      if (leads.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT l.value ->> '$.id' AS id FROM json_each(?1) l
           WHERE EXISTS (SELECT 1 FROM users u WHERE u.lead_id = l.value ->> '$.id' OR lower(trim(u.email)) = l.value ->> '$.email')`,
        )
        .bind(JSON.stringify(leads.map((lead) => ({ id: lead.id, email: lead.email.trim().toLowerCase() }))))
        .all<{ id: string }>();
      return results.map((row) => row.id);
    },
  };
}
