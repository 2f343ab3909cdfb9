import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";

/** The roles and the `auth.jwt()` Supabase provides, so its migrations run on a bare Postgres. */
const SUPABASE_SHIM = `
  do $$ begin
    if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
    if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  end $$;
  create schema if not exists auth;
  create or replace function auth.jwt() returns jsonb language sql stable as $$ select '{}'::jsonb $$;
  grant usage on schema public to anon, authenticated, service_role;
`;

/**
 * A real Postgres engine (PGlite) with the given supabase/migrations files applied in order;
 * `setup` runs after the shim (e.g. the columns of Supabase Auth's tables a function reads).
 */
export async function startSupabasePg(files: string[], setup = ""): Promise<PGlite> {
  const db = new PGlite();
  await db.exec(SUPABASE_SHIM);
  if (setup) await db.exec(setup);
  for (const file of files) {
    await db.exec(await readFile(new URL(`../../../supabase/migrations/${file}`, import.meta.url), "utf8"));
  }
  return db;
}
