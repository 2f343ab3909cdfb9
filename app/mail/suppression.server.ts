import { sha256Hex } from "~/platform/crypto.server";
import { createSupabaseAdminClient } from "~/data/supabase-lead-store.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * Addresses we must not mail (migrations/0010_suppressions.sql). Only a one-way hash of an address
 * is kept, so the list can hold an erased parent without holding who they were.
 * - `all`: no mail of any kind (an erasure, a hard bounce, a spam complaint);
 * - `marketing`: no follow-ups or notices (an unsubscribe); confirmation links still go out, since
 *   the parent asks for each of them.
 */
export type SuppressionScope = "all" | "marketing";
export type SuppressionReason = "unsubscribe" | "bounce" | "complaint" | "erasure";

/** What a mail is, for the list: a transactional mail answers the parent's own request. */
export type MailKind = "transactional" | "marketing";

export type Suppression = { scope: SuppressionScope; reason: SuppressionReason; created_at: string };

export interface SuppressionStore {
  /** Adds the hash under `scope`; adding it again keeps the first entry. */
  add(emailHash: string, scope: SuppressionScope, reason: SuppressionReason, at: string): Promise<void>;
  /** The hash's entries, at most one per scope. */
  entriesOf(emailHash: string): Promise<Suppression[]>;
}

type Bindings = { DB?: D1Database };

/** The list's key of an address: SHA-256 of it trimmed and lower-cased. */
export function emailHash(email: string): Promise<string> {
  return sha256Hex(`suppression:${email.trim().toLowerCase()}`);
}

function createD1Suppressions(db: D1Database): SuppressionStore {
  return {
    async add(hash, scope, reason, at) {
      await db
        .prepare("INSERT INTO suppressions (email_hash, scope, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(hash, scope, reason, at)
        .run();
    },
    async entriesOf(hash) {
      const { results } = await db
        .prepare("SELECT scope, reason, created_at FROM suppressions WHERE email_hash = ?")
        .bind(hash)
        .all<Suppression>();
      return results;
    },
  };
}

function createSupabaseSuppressions(url: string, serviceRoleKey: string): SuppressionStore {
  const client = createSupabaseAdminClient({ url, serviceRoleKey });
  return {
    async add(hash, scope, reason, at) {
      const { error } = await client
        .from("suppressions")
        .upsert({ email_hash: hash, scope, reason, created_at: at }, { onConflict: "email_hash,scope", ignoreDuplicates: true })
        .retry(false);
      if (error) throw new Error(`Suppression write failed: ${error.message || error.code}`);
    },
    async entriesOf(hash) {
      const { data, error } = await client.from("suppressions").select("scope, reason, created_at").eq("email_hash", hash).retry(false);
      if (error) throw new Error(`Suppression read failed: ${error.message || error.code}`);
      return (data ?? []).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }) as Suppression);
    },
  };
}

/** Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set, else the D1 binding. */
export function getSuppressionStore(env: AppEnv, bindings: Bindings): SuppressionStore {
  if (env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY) return createSupabaseSuppressions(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
  if (!bindings.DB) throw new Error("No suppression store: bind D1 as DB or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.");
  return createD1Suppressions(bindings.DB);
}

type Ctx = { env: AppEnv; bindings: Bindings; now?: () => Date };

/** Stops mail to `email`: of every kind (`all`) or only marketing. */
export async function suppress(ctx: Ctx, email: string, scope: SuppressionScope, reason: SuppressionReason): Promise<void> {
  const at = (ctx.now?.() ?? new Date()).toISOString();
  await getSuppressionStore(ctx.env, ctx.bindings).add(await emailHash(email), scope, reason, at);
}

/** Whether a mail of this kind may not go to `email`. */
export async function isSuppressed(ctx: Ctx, email: string, kind: MailKind): Promise<boolean> {
  const entries = await getSuppressionStore(ctx.env, ctx.bindings).entriesOf(await emailHash(email));
  return entries.some((entry) => entry.scope === "all" || (kind === "marketing" && entry.scope === "marketing"));
}
