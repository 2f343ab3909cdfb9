import { sha256Hex, signingSecret } from "~/platform/crypto.server";
import { getBackend } from "~/data/backend.server";
import type { ConsentRecord } from "~/data/ports/consent-store";
import type { HeldData } from "~/data/ports/trust-store";
import type { ConsentChoice } from "~/consent/consent.server";
import type { RequestContext } from "~/utils/context.server";
import { clientIp } from "~/utils/rate-limit.server";
import { variantKey } from "~/utils/variant";
import { log } from "~/platform/log.server";

/** Proof of consent: each banner choice, kept in the consent store (app/data/ports/consent-store.ts). */
type Ctx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "variant">;

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
    await getBackend(ctx).consent.add(record);
    return record;
  } catch (error) {
    log.error("trust.consent_record_failed", {}, error);
    return null;
  }
}

/** The cron's clean-up of records older than `before` (an ISO time); answers how many went. */
export async function deleteConsentRecordsBefore(ctx: Pick<Ctx, "env" | "bindings">, before: string): Promise<number> {
  return getBackend(ctx).consent.deleteBefore(before);
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
