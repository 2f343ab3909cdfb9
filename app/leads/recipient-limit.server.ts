import { getBackend, type DataBindings } from "~/data/backend.server";
import { canonicalEmail } from "~/data/lead-model";
import type { LeadMagnetKind } from "~/guides/kinds";
import { sha256Hex } from "~/platform/crypto.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * How often one address gets the guide (or the tips), whoever asks and from wherever (ADR 029). The
 * forms take any address, so without a limit anyone could have us mail a stranger over and over
 * (12 posts made 12 mails in 15 s). 10 minutes apart still serves a parent who asks again because
 * the first mail is slow or in spam; 3 a (UTC) day bounds what a stranger can make us send.
 */
export const RECIPIENT_LIMIT = { minutesApart: 10, perDay: 3 } as const;

/**
 * The mails limited per address: the guide and the tips (ADR 029), the status link a parent asks
 * for on /lost-link (ADR 034) and a club contact's confirmation (ADR 039). Each kind counts on its own.
 */
export type RecipientLimitedKind = LeadMagnetKind | "lost-link" | "club-confirm";

type Ctx = { env: AppEnv; bindings: DataBindings; now?: () => Date };

/**
 * The outbox dedupe key for a guide, tips or lost-link mail to `email`: `{kind}:to:{address hash}:{day}:{n}`,
 * n = 1…perDay, one mail per key. When the address may have another mail it is the next free key;
 * when not (the last mail was sent under minutesApart ago, or the day's are used up) it is the
 * last one's, so queueing under it writes and sends nothing and the page shows that mail's state.
 * Parallel requests compute the same key and the outbox's unique key lets one of them write it:
 * exactly one mail. The address is compared as duplicates are (case, +tag, Gmail's dots) and kept
 * only as a hash.
 */
export async function recipientMailKey(ctx: Ctx, kind: RecipientLimitedKind, email: string): Promise<string> {
  const now = ctx.now?.() ?? new Date();
  const address = (await sha256Hex(`recipient:${canonicalEmail(email)}`)).slice(0, 32);
  const day = now.toISOString().slice(0, 10);
  const keys = Array.from({ length: RECIPIENT_LIMIT.perDay }, (_, i) => `${kind}:to:${address}:${day}:${i + 1}`);
  const outbox = getBackend(ctx).outbox;
  const rows = await Promise.all(keys.map((key) => outbox.getByKey(key)));
  let last = -1;
  rows.forEach((row, i) => {
    if (row) last = i;
  });
  if (last < 0) return keys[0];
  const recent = now.getTime() - Date.parse(rows[last]!.created_at) < RECIPIENT_LIMIT.minutesApart * 60_000;
  return recent || last === keys.length - 1 ? keys[last] : keys[last + 1];
}
