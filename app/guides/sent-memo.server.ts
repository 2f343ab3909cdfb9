import type { Session } from "@remix-run/cloudflare";
import type { AppSession } from "~/utils/session.server";
import { variantKey, type Variant } from "~/utils/variant";
import type { LeadMagnetKind } from "./kinds";

/**
 * After the guide or tips e-mail went out, the confirm page's session keys are cleared (SPEC 4.3).
 * This memo keeps the shown address and share link for a short while, so a reload shows the same
 * page without a second e-mail. It lives in the cookie session beside the SPEC 3.7 keys.
 */
export type SentMemo = { email: string; shareLink: string };

export const SENT_MEMO_MINUTES = 30;

type Stored = SentMemo & { until: number };

const slot = (variant: Variant, kind: LeadMagnetKind) => `sent:${variantKey(variant)}:${kind}`;

/** The session as a plain key-value store for this module's own keys. */
const raw = (session: AppSession) => session as unknown as Session<Record<string, unknown>>;

export function rememberSent(session: AppSession, variant: Variant, kind: LeadMagnetKind, memo: SentMemo, now = Date.now()) {
  const stored: Stored = { ...memo, until: now + SENT_MEMO_MINUTES * 60_000 };
  raw(session).set(slot(variant, kind), stored);
}

export function recallSent(session: AppSession, variant: Variant, kind: LeadMagnetKind, now = Date.now()): SentMemo | null {
  const value = raw(session).get(slot(variant, kind)) as Partial<Stored> | undefined;
  if (
    !value ||
    typeof value.email !== "string" ||
    typeof value.shareLink !== "string" ||
    typeof value.until !== "number" ||
    value.until < now
  ) {
    return null;
  }
  return { email: value.email, shareLink: value.shareLink };
}

export function forgetSent(session: AppSession, variant: Variant, kind: LeadMagnetKind) {
  raw(session).unset(slot(variant, kind));
}
