import { getBackend, type DataBindings } from "~/data/backend.server";
import { canonicalEmail } from "~/data/lead-model";
import type { LeadMagnetKind } from "~/guides/kinds";
import { sha256Hex } from "~/platform/crypto.server";
import type { AppEnv } from "~/utils/env.server";

/**
 * How often one address gets each kind of mail a visitor can trigger, whoever asks and from
 * wherever (ADR 029, 041). The forms take any address, so without a limit anyone could have us
 * mail a stranger over and over (12 posts made 12 mails in 15 s). 10 minutes apart still serves a parent who asks again because
 * the first mail is slow or in spam; 3 a (UTC) day bounds what a stranger can make us send.
 */
export const RECIPIENT_LIMIT = { minutesApart: 10, perDay: 3 } as const;

/**
 * Every mail a visitor can make us send, each limited per address and counted on its own: the
 * guide and the tips (ADR 029), the status link of /lost-link (ADR 034), the funnel's waitlist mail
 * (`prelaunch`), the verify page's fresh confirmation link (`confirm-email`), the status page's
 * "send my invite again" (`invite-again`), a local account's confirmation link (`confirm-account`)
 * and the note to an existing account's owner (`account-exists`), a club registration's
 * confirmation (`club-confirm`) (ADR 041).
 */
export type RecipientLimitedKind =
  LeadMagnetKind | "lost-link" | "prelaunch" | "confirm-email" | "invite-again" | "confirm-account" | "account-exists" | "club-confirm";

/** Kinds allowed fewer than RECIPIENT_LIMIT.perDay: the owner's "someone tried to sign up" note stays one a day. */
const PER_DAY: Partial<Record<RecipientLimitedKind, number>> = { "account-exists": 1 };

type Ctx = { env: AppEnv; bindings: DataBindings; now?: () => Date };

/**
 * The outbox dedupe key for a `kind` mail to `email`: `{kind}:to:{address hash}:{day}:{n}`,
 * n = 1…perDay (PER_DAY for a kind allowed fewer), one mail per key. When the address may have another mail it is the next free key
 * (`fresh`); when not (the last mail was sent under minutesApart ago, or the day's are used up) it
 * is the last one's, so queueing under it writes and sends nothing and the page shows that mail's
 * state. Parallel requests compute the same key and the outbox's unique key lets one of them write
 * it: exactly one mail. The address is compared as duplicates are (case, +tag, Gmail's dots) and
 * kept only as a hash.
 */
export async function recipientMailSlot(
  ctx: Ctx,
  kind: RecipientLimitedKind,
  email: string,
  scope = "",
): Promise<{ key: string; fresh: boolean }> {
  const now = ctx.now?.() ?? new Date();
  // `scope` counts one list's mails apart from another's (a parent joining two editions' waitlists).
  const address = (await sha256Hex(`recipient:${canonicalEmail(email)}${scope ? `:${scope}` : ""}`)).slice(0, 32);
  const day = now.toISOString().slice(0, 10);
  const keys = Array.from({ length: PER_DAY[kind] ?? RECIPIENT_LIMIT.perDay }, (_, i) => `${kind}:to:${address}:${day}:${i + 1}`);
  const outbox = getBackend(ctx).outbox;
  const rows = await Promise.all(keys.map((key) => outbox.getByKey(key)));
  let last = -1;
  rows.forEach((row, i) => {
    if (row) last = i;
  });
  if (last < 0) return { key: keys[0], fresh: true };
  const recent = now.getTime() - Date.parse(rows[last]!.created_at) < RECIPIENT_LIMIT.minutesApart * 60_000;
  return recent || last === keys.length - 1 ? { key: keys[last], fresh: false } : { key: keys[last + 1], fresh: true };
}

/** The key alone: for a caller whose page reads the same whether a new mail goes out or not. */
export async function recipientMailKey(ctx: Ctx, kind: RecipientLimitedKind, email: string, scope = ""): Promise<string> {
  return (await recipientMailSlot(ctx, kind, email, scope)).key;
}
