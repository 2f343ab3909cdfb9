import { sha256Hex, signingSecret } from "~/platform/crypto.server";
import { createSupabaseAdminClient } from "~/data/supabase-lead-store.server";
import type { ConsentChoice } from "~/consent/consent.server";
import type { RequestContext } from "~/utils/context.server";
import { clientIp } from "~/utils/rate-limit.server";
import { variantKey } from "~/utils/variant";
import type { HeldData } from "./trust-store";

/**
 * Proof of consent (migrations/0013_consent_records.sql): each choice made in the cookie banner is
 * kept with the variant, the privacy policy's version and a hash of the IP address salted with the
 * signing secret and the day, so records of one day can be told apart while records of different
 * days cannot be linked, and the address itself is never kept.
 */
export type ConsentRecord = {
  id: string;
  variant: string;
  choice: ConsentChoice;
  policy_version: string;
  ip_hash: string;
  created_at: string;
};

type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "variant">;

async function write(ctx: Ctx, record: ConsentRecord): Promise<void> {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  if (SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY) {
    const client = createSupabaseAdminClient({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY });
    const { error } = await client.from("consent_records").upsert(record, { onConflict: "id", ignoreDuplicates: true }).retry(false);
    if (error) throw new Error(`Consent record not saved: ${error.message || error.code}`);
    return;
  }
  await ctx.bindings.DB.prepare(
    "INSERT INTO consent_records (id, variant, choice, policy_version, ip_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
  )
    .bind(record.id, record.variant, record.choice, record.policy_version, record.ip_hash, record.created_at)
    .run();
}

/**
 * Records one choice. A failed write is logged and the choice still takes effect: the visitor's
 * cookie is what the site obeys, and refusing their choice over a database fault would be worse.
 * `id`: the choice's id in the bar the visitor saw (the root loader's `consent.submissions`); a
 * form sent twice (a double click, a resent POST) is recorded once, as the first one.
 */
export async function recordConsent(
  ctx: Ctx,
  request: Request,
  choice: ConsentChoice,
  policyVersion: string,
  { id = crypto.randomUUID(), now = new Date() }: { id?: string; now?: Date } = {},
): Promise<ConsentRecord | null> {
  const day = now.toISOString().slice(0, 10);
  try {
    const record: ConsentRecord = {
      id,
      variant: variantKey(ctx.variant),
      choice,
      policy_version: policyVersion,
      ip_hash: await sha256Hex(`consent-ip:${signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal)}:${day}:${clientIp(request)}`),
      created_at: now.toISOString(),
    };
    await write(ctx, record);
    return record;
  } catch (error) {
    console.error("consent: the record was not saved", error);
    return null;
  }
}

/** The cron's clean-up of records older than `before` (an ISO time); answers how many went. */
export async function deleteConsentRecordsBefore(ctx: Pick<Ctx, "env" | "bindings">, before: string): Promise<number> {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = ctx.env;
  if (SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY) {
    const client = createSupabaseAdminClient({ url: SUPABASE_URL, serviceRoleKey: SUPABASE_SERVICE_ROLE_KEY });
    const { count, error } = await client.from("consent_records").delete({ count: "exact" }).lt("created_at", before).retry(false);
    if (error) throw new Error(`Consent records clean-up failed: ${error.message || error.code}`);
    return count ?? 0;
  }
  const result = await ctx.bindings.DB.prepare("DELETE FROM consent_records WHERE created_at < ?").bind(before).run();
  return result.meta.changes;
}

/**
 * A parent's consent records, for their download: none can be found. A record holds the variant,
 * the choice, the policy version, the time and a daily-salted IP hash, and nothing that ties it to
 * an e-mail address (by design: the banner is answered before anyone gives one), so there is
 * nothing to show or erase (docs/decisions/014-erasure.md).
 */
export async function consentRecordsOf(
  _ctx: Pick<RequestContext, "env" | "bindings">,
  _held: HeldData,
): Promise<Record<string, unknown>[]> {
  return [];
}
