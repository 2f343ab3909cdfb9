import { sha256Hex } from "~/platform/crypto.server";
import { getBackend, type DataBindings } from "~/data/backend.server";
import { log } from "~/platform/log.server";
import type { SuppressionReason, SuppressionScope } from "~/data/ports/suppression-store";
import type { AppEnv } from "~/utils/env.server";

/** What a mail is, for the list: a transactional mail answers the parent's own request. */
export type MailKind = "transactional" | "marketing";

/** The list's key of an address: SHA-256 of it trimmed and lower-cased. */
export function emailHash(email: string): Promise<string> {
  return sha256Hex(`suppression:${email.trim().toLowerCase()}`);
}

type Ctx = { env: AppEnv; bindings: DataBindings; now?: () => Date };

/** Stops mail to `email`: of every kind (`all`) or only marketing. */
export async function suppress(ctx: Ctx, email: string, scope: SuppressionScope, reason: SuppressionReason): Promise<void> {
  const at = (ctx.now?.() ?? new Date()).toISOString();
  const hash = await emailHash(email);
  await getBackend(ctx).suppressions.add(hash, scope, reason, at);
  // What the list was fed and why (an unsubscribe, a bounce, a complaint, an erasure), under the hash it keeps.
  log.info("mail.suppression_added", { emailHash: hash, scope, reason });
}

/** Whether a mail of this kind may not go to `email`. */
export async function isSuppressed(ctx: Ctx, email: string, kind: MailKind): Promise<boolean> {
  const entries = await getBackend(ctx).suppressions.entriesOf(await emailHash(email));
  return entries.some((entry) => entry.scope === "all" || (kind === "marketing" && entry.scope === "marketing"));
}
