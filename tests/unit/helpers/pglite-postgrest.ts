import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { startSupabasePg } from "./supabase-pg";

/**
 * A PostgREST stand-in for supabase-js: a `fetch` that answers `/rest/v1/<table>` and
 * `/rest/v1/rpc/<fn>` by running parameterised SQL on PGlite with the whole supabase/migrations
 * chain applied, as the service role. Only what the adapters send is understood: column lists
 * in select=, the filters eq/neq/gt/gte/lt/lte/like/ilike/in/is (and not.), or=/and= trees,
 * order=, limit/offset or a Range header, Prefer return/resolution/count, on_conflict= and
 * Accept: application/vnd.pgrst.object+json. Errors come back in PostgREST's shape, with the
 * Postgres SQLSTATE as `code`.
 */

/** What Supabase's platform provides beyond the roles: Auth's accounts and its default grants. */
const SUPABASE_PLATFORM = `
  create table auth.users (id uuid primary key default gen_random_uuid(), email text, encrypted_password text,
    created_at timestamptz default now(), email_confirmed_at timestamptz, last_sign_in_at timestamptz);
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
`;

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../supabase/migrations/", import.meta.url));

/** PostgREST's default cap on the rows of one read (Supabase's max_rows). */
const MAX_ROWS = 1000;

type Column = { name: string; type: string };
type Table = { name: string; columns: Map<string, Column>; primaryKey: string[] };
/** `composite`: rows come back as objects, also for RETURNS TABLE with one column (as PostgREST does). */
type Fn = { name: string; args: Column[]; required: number; returnsSet: boolean; returnsVoid: boolean; composite: boolean };
type Schema = { tables: Map<string, Table>; functions: Map<string, Fn[]> };

type PgError = { code?: string; message?: string; detail?: string; hint?: string };

class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

const qi = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function loadSchema(db: PGlite): Promise<Schema> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = 'public' and i.indisprimary`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: new Map(), primaryKey: [] };
    table.columns.set(row.column_name, { name: row.column_name, type: row.type });
    tables.set(row.table_name, table);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);

  const fns = await db.query<{
    name: string;
    names: string[] | null;
    modes: string[] | null;
    types: string[] | null;
    nargs: number;
    ndefaults: number;
    retset: boolean;
    rettype: string;
    composite: boolean;
  }>(
    `select p.proname as name, p.proargnames as names, p.proargmodes::text[] as modes, p.pronargs as nargs,
            p.pronargdefaults as ndefaults, p.proretset as retset, format_type(p.prorettype, null) as rettype,
            (t.typtype = 'c' or p.prorettype = 'record'::regtype or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as composite,
            (select array_agg(format_type(t, null) order by i) from unnest(p.proargtypes) with ordinality u(t, i)) as types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.prokind = 'f'`,
  );
  const functions = new Map<string, Fn[]>();
  for (const row of fns.rows) {
    const names = row.names ?? [];
    const inNames = row.modes ? names.filter((_, i) => ["i", "b", "v"].includes(row.modes![i])) : names.slice(0, row.nargs);
    const args = (row.types ?? []).map((type, i) => ({ name: inNames[i] ?? `$${i + 1}`, type }));
    const fn = {
      name: row.name,
      args,
      required: row.nargs - row.ndefaults,
      returnsSet: row.retset,
      returnsVoid: row.rettype === "void",
      composite: row.composite,
    };
    functions.set(row.name, [...(functions.get(row.name) ?? []), fn]);
  }
  return { tables, functions };
}

/** Collects the parameters of one statement: each value is sent as text and cast in SQL. */
class Params {
  readonly values: string[] = [];
  add(value: string, type = "text"): string {
    this.values.push(value);
    return `($${this.values.length}::text)::${type}`;
  }
}

/** Splits "a,b(c,d),\"e,f\"" at the top-level commas, keeping quotes and brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === "\\") {
      current += char + (text[++i] ?? "");
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "(") depth++;
    else if (!quoted && char === ")") depth--;
    if (!quoted && depth === 0 && char === ",") {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** A value in a logic tree or an in-list: "quoted" with backslash escapes, or as written. */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/\\(.)/g, "$1");
  return value;
}

const OPERATORS: Record<string, string> = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" };

function columnOf(table: Table, name: string): Column {
  const column = table.columns.get(name);
  if (!column) throw new RestError(400, "42703", `column ${table.name}.${name} does not exist`);
  return column;
}

/** One filter `op.value` (with an optional leading `not.`) on a column, as SQL on the alias _t. */
function filterSql(table: Table, name: string, expression: string, params: Params, inTree: boolean): string {
  const column = columnOf(table, name);
  const negated = expression.startsWith("not.");
  const rest = negated ? expression.slice(4) : expression;
  const dot = rest.indexOf(".");
  if (dot < 0) throw new RestError(400, "PGRST100", `"failed to parse filter (${expression})"`);
  const op = rest.slice(0, dot);
  const raw = rest.slice(dot + 1);
  const value = inTree ? unquote(raw) : raw;
  const col = `_t.${qi(column.name)}`;
  let sql: string;
  if (op in OPERATORS) sql = `${col} ${OPERATORS[op]} ${params.add(value, column.type)}`;
  else if (op === "like" || op === "ilike")
    sql = `${col}::text ${op === "like" ? "like" : "ilike"} ${params.add(value.replace(/\*/g, "%"))}`;
  else if (op === "is") {
    const literal = { null: "null", true: "true", false: "false", unknown: "unknown" }[raw.toLowerCase()];
    if (!literal) throw new RestError(400, "PGRST100", `"failed to parse filter (${expression})"`);
    sql = `${col} is ${literal}`;
  } else if (op === "in") {
    if (!raw.startsWith("(") || !raw.endsWith(")")) throw new RestError(400, "PGRST100", `"failed to parse filter (${expression})"`);
    const inner = raw.slice(1, -1);
    const items = inner === "" ? [] : splitTopLevel(inner).map(unquote);
    sql = items.length ? `${col} in (${items.map((item) => params.add(item, column.type)).join(", ")})` : "false";
  } else throw new RestError(400, "PGRST100", `"failed to parse filter (${expression})" (unknown operator ${op})`);
  return negated ? `not (${sql})` : sql;
}

/** A logic tree's list: "(a.eq.1,and(b.gt.2,c.is.null))" joined with `joiner`. */
function treeSql(table: Table, list: string, joiner: "and" | "or", params: Params): string {
  if (!list.startsWith("(") || !list.endsWith(")")) throw new RestError(400, "PGRST100", `"failed to parse logic tree (${list})"`);
  const parts = splitTopLevel(list.slice(1, -1)).map((item) => {
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (logic) {
      const sql = treeSql(table, logic[3], logic[2] as "and" | "or", params);
      return logic[1] ? `not ${sql}` : sql;
    }
    const dot = item.indexOf(".");
    if (dot < 0) throw new RestError(400, "PGRST100", `"failed to parse logic tree (${list})"`);
    return filterSql(table, item.slice(0, dot), item.slice(dot + 1), params, true);
  });
  return `(${parts.join(` ${joiner} `)})`;
}

const RESERVED = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);

function whereSql(table: Table, search: URLSearchParams, params: Params): string {
  const conditions: string[] = [];
  for (const [key, value] of search) {
    if (RESERVED.has(key)) continue;
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) {
      const sql = treeSql(table, value, logic[2] as "and" | "or", params);
      conditions.push(logic[1] ? `not ${sql}` : sql);
    } else conditions.push(filterSql(table, key, value, params, false));
  }
  return conditions.length ? ` where ${conditions.join(" and ")}` : "";
}

function selectList(table: Table, select: string | null): string {
  if (!select || select === "*") return "*";
  return select
    .split(",")
    .map((name) => qi(columnOf(table, unquote(name)).name))
    .join(", ");
}

function orderSql(table: Table, order: string | null): string {
  if (!order) return "";
  const terms = order.split(",").map((term) => {
    const [name, ...modifiers] = term.split(".");
    const parts = [`_t.${qi(columnOf(table, name).name)}`];
    for (const modifier of modifiers) {
      const sql = { asc: "asc", desc: "desc", nullsfirst: "nulls first", nullslast: "nulls last" }[modifier];
      if (!sql) throw new RestError(400, "PGRST100", `"failed to parse order (${order})"`);
      parts.push(sql);
    }
    return parts.join(" ");
  });
  return ` order by ${terms.join(", ")}`;
}

function preferences(headers: Headers) {
  const prefer = (headers.get("prefer") ?? "").split(",").map((part) => part.trim());
  const value = (name: string) =>
    prefer
      .find((part) => part.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .trim();
  return { returnRepresentation: value("return") === "representation", resolution: value("resolution"), count: value("count") };
}

/** The range of a read: limit/offset parameters, else a Range header, capped at MAX_ROWS rows. */
function rangeOf(search: URLSearchParams, headers: Headers): { offset: number; limit: number } {
  let offset = Number(search.get("offset") ?? 0);
  let limit = search.has("limit") ? Number(search.get("limit")) : Infinity;
  const range = /^(\d+)-(\d*)$/.exec(headers.get("range") ?? "");
  if (range && !search.has("offset") && !search.has("limit")) {
    offset = Number(range[1]);
    if (range[2]) limit = Number(range[2]) - offset + 1;
  }
  if (!Number.isInteger(offset) || offset < 0 || Number.isNaN(limit) || limit < 0) {
    throw new RestError(400, "PGRST103", "Requested range not satisfiable");
  }
  return { offset, limit: Math.min(limit, MAX_ROWS) };
}

/** PostgREST's HTTP status for a Postgres SQLSTATE. */
function statusOf(code: string): number {
  if (code === "23503" || code === "23505") return 409;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "42501") return 403;
  if (code === "P0001") return 400;
  if (code === "25006") return 405;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code) || code === "42P17") return 500;
  return 400;
}

function json(status: number, body: string | null, headers: Record<string, string> = {}): Response {
  const empty = body === null || status === 204;
  return new Response(empty ? null : body, {
    status,
    headers: empty ? headers : { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

function errorResponse(error: RestError): Response {
  const { code, details, hint, message } = error;
  return json(error.status, JSON.stringify({ code, details, hint, message }));
}

type Request_ = { method: string; url: URL; headers: Headers; body: string | null };

/** Rolls back a write whose result is not the single row the client asked for. */
class NotSingle extends RestError {
  constructor(rows: number) {
    super(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);
  }
}

async function asServiceRole<T>(db: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("set local role service_role");
    return work(tx);
  });
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}` : "*";
  return `${range}/${total ?? "*"}`;
}

async function read(db: PGlite, table: Table, req: Request_): Promise<Response> {
  const params = new Params();
  const where = whereSql(table, req.url.searchParams, params);
  const columns = selectList(table, req.url.searchParams.get("select"));
  const { offset, limit } = rangeOf(req.url.searchParams, req.headers);
  const prefer = preferences(req.headers);
  const single = req.headers.get("accept") === "application/vnd.pgrst.object+json";
  const page = `select ${columns} from public.${qi(table.name)} _t${where}${orderSql(table, req.url.searchParams.get("order"))}${
    Number.isFinite(limit) ? ` limit ${limit}` : ""
  } offset ${offset}`;
  const { rows, body, total } = await asServiceRole(db, async (tx) => {
    const result = await tx.query<{ n: number; body: string }>(
      `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body from (${page}) _r`,
      params.values,
    );
    let count: number | null = null;
    if (prefer.count === "exact") {
      const counted = await tx.query<{ n: number }>(`select count(*)::int as n from public.${qi(table.name)} _t${where}`, params.values);
      count = counted.rows[0].n;
    }
    return { rows: result.rows[0].n, body: result.rows[0].body, total: count };
  });
  if (total !== null && offset > total) {
    throw new RestError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  const status = total !== null && rows < total ? 206 : 200;
  const headers = { "Content-Range": contentRange(offset, rows, total) };
  if (single) {
    if (rows !== 1) throw new NotSingle(rows);
    return json(200, req.method === "HEAD" ? null : JSON.stringify(JSON.parse(body)[0]), headers);
  }
  return json(status, req.method === "HEAD" ? null : body, headers);
}

function payloadColumns(table: Table, payload: Record<string, unknown>[], columnsParam: string | null): string[] {
  const names = columnsParam ? columnsParam.split(",").map(unquote) : [...new Set(payload.flatMap((row) => Object.keys(row)))];
  return names.map((name) => columnOf(table, name).name);
}

async function write(db: PGlite, table: Table, req: Request_): Promise<Response> {
  const params = new Params();
  const prefer = preferences(req.headers);
  const search = req.url.searchParams;
  const target = `public.${qi(table.name)}`;
  let statement: string;
  if (req.method === "POST") {
    const parsed: unknown = JSON.parse(req.body ?? "null");
    const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
    const columns = payloadColumns(table, rows, search.get("columns")).map(qi);
    const source = `json_populate_recordset(null::${target}, ${params.add(JSON.stringify(rows), "json")}) _src`;
    statement = `insert into ${target} as _t (${columns.join(", ")}) select ${columns.join(", ")} from ${source}`;
    if (prefer.resolution === "ignore-duplicates" || prefer.resolution === "merge-duplicates") {
      const conflict = search.get("on_conflict")?.split(",") ?? table.primaryKey;
      const keys = conflict.map((name) => qi(columnOf(table, name).name)).join(", ");
      statement +=
        prefer.resolution === "ignore-duplicates"
          ? ` on conflict (${keys}) do nothing`
          : ` on conflict (${keys}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(", ")}`;
    }
  } else if (req.method === "PATCH") {
    const patch = JSON.parse(req.body ?? "{}") as Record<string, unknown>;
    const columns = payloadColumns(table, [patch], null).map(qi);
    const source = `json_populate_record(null::${target}, ${params.add(JSON.stringify(patch), "json")}) _src`;
    statement = `update ${target} as _t set ${columns.map((c) => `${c} = _src.${c}`).join(", ")} from ${source}${whereSql(table, search, params)}`;
  } else {
    statement = `delete from ${target} as _t${whereSql(table, search, params)}`;
  }
  const columns = selectList(table, search.get("select"));
  const single = req.headers.get("accept") === "application/vnd.pgrst.object+json";
  const { n, body } = await asServiceRole(db, async (tx) => {
    const result = await tx.query<{ n: number; body: string }>(
      `with _w as (${statement} returning _t.*)
       select (select count(*)::int from _w) as n, (select coalesce(json_agg(_r), '[]')::text from (select ${columns} from _w) _r) as body`,
      params.values,
    );
    const written = result.rows[0];
    if (single && written.n !== 1) throw new NotSingle(written.n);
    return written;
  });
  const headers = { "Content-Range": `*/${prefer.count === "exact" ? n : "*"}` };
  const status = req.method === "POST" ? 201 : prefer.returnRepresentation ? 200 : 204;
  if (!prefer.returnRepresentation) return json(status, null, headers);
  return json(status, single ? JSON.stringify(JSON.parse(body)[0]) : body, headers);
}

async function call(db: PGlite, schema: Schema, name: string, req: Request_): Promise<Response> {
  const args = (JSON.parse(req.body || "{}") ?? {}) as Record<string, unknown>;
  const given = Object.keys(args);
  const fn = (schema.functions.get(name) ?? []).find(
    (candidate) =>
      given.every((key) => candidate.args.some((arg) => arg.name === key)) &&
      candidate.args.slice(0, candidate.required).every((arg) => given.includes(arg.name)),
  );
  if (!fn) {
    throw new RestError(
      404,
      "PGRST202",
      `Could not find the function public.${name}(${given.sort().join(", ")}) in the schema cache`,
      "Searched for the function with the given argument names, but no matches were found in the schema cache.",
    );
  }
  const params = new Params();
  const used = fn.args.filter((arg) => given.includes(arg.name));
  const record = used.length
    ? ` from json_to_record(${params.add(JSON.stringify(args), "json")}) as _a(${used.map((arg) => `${qi(arg.name)} ${arg.type}`).join(", ")})`
    : "";
  const invocation = `public.${qi(fn.name)}(${used.map((arg) => `${qi(arg.name)} => _a.${qi(arg.name)}`).join(", ")})`;
  const from = (source: string) => (record ? `${record}, lateral ${source}` : ` from ${source}`);
  let sql: string;
  if (fn.returnsSet && fn.composite) sql = `select coalesce(json_agg(_r), '[]')::text as body${from(`(select * from ${invocation}) _r`)}`;
  else if (fn.returnsSet) sql = `select coalesce(json_agg(_r._v), '[]')::text as body${from(`${invocation} as _r(_v)`)}`;
  else if (fn.composite) sql = `select to_json(_r)::text as body${from(`(select * from ${invocation}) _r`)}`;
  else sql = `select to_json(${invocation})::text as body${record}`;
  const body = await asServiceRole(db, async (tx) => (await tx.query<{ body: string | null }>(sql, params.values)).rows[0].body);
  if (fn.returnsVoid) return json(204, null);
  return json(200, body ?? "null");
}

async function handle(db: PGlite, schema: Schema, req: Request_): Promise<Response> {
  const path = req.url.pathname.replace(/^\/rest\/v1\//, "");
  if (path === req.url.pathname) throw new RestError(404, "PGRST125", `Invalid path specified in request URL: ${req.url.pathname}`);
  const rpc = /^rpc\/([^/]+)$/.exec(path);
  if (rpc) {
    if (req.method !== "POST") throw new RestError(405, "PGRST101", "Only POST is answered for functions here");
    return call(db, schema, decodeURIComponent(rpc[1]), req);
  }
  const name = decodeURIComponent(path);
  const table = schema.tables.get(name);
  if (!table) throw new RestError(404, "PGRST205", `Could not find the table 'public.${name}' in the schema cache`);
  if (req.method === "GET" || req.method === "HEAD") return read(db, table, req);
  if (["POST", "PATCH", "DELETE"].includes(req.method)) return write(db, table, req);
  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${req.method}`);
}

export type PgliteRest = {
  db: PGlite;
  url: string;
  serviceRoleKey: string;
  /** Hand to supabase-js (`global.fetch`) or the adapters' `fetch` option. */
  fetch: typeof fetch;
  /** Every request seen, newest last (method and URL). */
  requests: { method: string; url: URL }[];
  /** Empties every table of the public schema and Auth's accounts. */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

const PGLITE_REST_URL = "https://pglite.supabase.test";
const PGLITE_REST_KEY = "service-role-key-for-pglite";

/** PGlite with every supabase/migrations file applied in file-name order, behind a PostgREST fetch. */
export async function startPgliteRest(): Promise<PgliteRest> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith(".sql"))
    .sort();
  const db = await startSupabasePg(files, SUPABASE_PLATFORM);
  await db.exec("set timezone = 'UTC'");
  const schema = await loadSchema(db);
  const requests: PgliteRest["requests"] = [];

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const headers = new Headers(init.headers ?? request?.headers);
    const method = (init.method ?? request?.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? init.body : request ? await request.text() : null;
    requests.push({ method, url });
    try {
      if (url.origin !== new URL(PGLITE_REST_URL).origin) throw new RestError(404, "PGRST125", `Unknown host ${url.origin}`);
      if (headers.get("apikey") !== PGLITE_REST_KEY) throw new RestError(401, "PGRST301", "No suitable key or wrong key type");
      return await handle(db, schema, { method, url, headers, body: body || null });
    } catch (error) {
      if (error instanceof RestError) return errorResponse(error);
      const pg = error as PgError;
      if (typeof pg.code !== "string") throw error;
      return errorResponse(new RestError(statusOf(pg.code), pg.code, pg.message ?? "", pg.detail ?? null, pg.hint ?? null));
    }
  }) as typeof fetch;

  return {
    db,
    url: PGLITE_REST_URL,
    serviceRoleKey: PGLITE_REST_KEY,
    fetch: fetchImpl,
    requests,
    async reset() {
      // Base tables only: the schema also lists views (the ranked line), which hold no rows of their own.
      const base = await db.query<{ relname: string }>(
        "select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')",
      );
      const names = base.rows.map((row) => `public.${qi(row.relname)}`);
      await db.exec(`truncate ${[...names, "auth.users"].join(", ")} restart identity`);
      requests.length = 0;
    },
    close: () => db.close(),
  };
}
