import { getPage } from "#content/index";
import type { RequestContext } from "~/utils/context.server";
import { HONEYPOT_NAME, STAMP_NAME } from "./bot-field-names";
import { hmacSign, signingSecret, toHex } from "./crypto.server";

/**
 * Bots on the public forms (docs/decisions/011-bot-guard.md). Each form carries a hidden honeypot
 * field, which people never see and so leave empty, and a stamp the server signed when it showed the
 * form: `v1.{issuedAtMs}.{hmac}`. The fill time is measured from that stamp, never from a time the
 * browser reports. A bot gets an ordinary-looking answer from the action and nothing is written.
 */

export { HONEYPOT_NAME, STAMP_NAME };
/** A stamp older than this is stale: the person is asked to send the form again (no lock-out). */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What a form needs to render its bot fields (BotFields.tsx); loaders and re-renders return it. */
export type BotFieldsData = {
  stamp: string;
  honeypotName: string;
  honeypotLabel: string;
  /** Set when Turnstile is configured and this form uses it. */
  turnstileSiteKey: string | null;
};

export type BotVerdict =
  | { kind: "person"; fields: BotFieldsData }
  | { kind: "stale"; fields: BotFieldsData; message: string }
  | { kind: "bot"; reason: "honeypot" | "forged-stamp" | "too-fast" };

async function hmacHex(secret: string, payload: string): Promise<string> {
  return toHex(await hmacSign(secret, `form-stamp:${payload}`));
}

/** Constant-time compare of two hex strings of equal length. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function issueStamp(secret: string, issuedAt: number = Date.now()): Promise<string> {
  const payload = `v1.${Math.floor(issuedAt)}`;
  return `${payload}.${await hmacHex(secret, payload)}`;
}

export type ReadStamp = { ok: true; issuedAt: number } | { ok: false; reason: "missing" | "forged" | "expired" };

export async function readStamp(secret: string, stamp: string, now: number = Date.now()): Promise<ReadStamp> {
  if (!stamp) return { ok: false, reason: "missing" };
  const match = /^v1\.(\d{1,15})\.([0-9a-f]{64})$/.exec(stamp);
  if (!match || !sameHex(match[2], await hmacHex(secret, `v1.${match[1]}`))) return { ok: false, reason: "forged" };
  const issuedAt = Number(match[1]);
  if (now - issuedAt > STAMP_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, issuedAt };
}

const secretOf = (ctx: Pick<RequestContext, "env" | "isLocal">) => signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal);

/** The bot fields of a form shown now (or at `issuedAt`). Turnstile only on forms that ask for it. */
export async function botFields(
  ctx: Pick<RequestContext, "env" | "isLocal" | "contentKey">,
  { issuedAt = Date.now(), turnstile = false }: { issuedAt?: number; turnstile?: boolean } = {},
): Promise<BotFieldsData> {
  return {
    stamp: await issueStamp(secretOf(ctx), issuedAt),
    honeypotName: HONEYPOT_NAME,
    honeypotLabel: getPage(ctx.contentKey, "botGuard").honeypotLabel,
    turnstileSiteKey: turnstile ? (ctx.env.TURNSTILE_SITE_KEY ?? null) : null,
  };
}

/**
 * Judges a submitted form. Sign-in passes `minFill: false` (a password manager fills it in a second)
 * and `requireStamp: false` (it writes nothing a bot wants; a missing or old stamp is let through).
 * A missing or expired stamp is not called a bot: a page kept open overnight or served before a
 * release would otherwise lose a real person's answers without a word. Such a form is shown again
 * with a message and a stamp dated back by the minimum, so the resend is not "too fast"; a bot that
 * drops the stamp gets the same message and still writes nothing.
 */
export async function checkBot(
  ctx: Pick<RequestContext, "env" | "isLocal" | "contentKey" | "url">,
  form: FormData,
  {
    minFill = true,
    requireStamp = true,
    turnstile = false,
    now = Date.now(),
  }: { minFill?: boolean; requireStamp?: boolean; turnstile?: boolean; now?: number } = {},
): Promise<BotVerdict> {
  const bot = (reason: "honeypot" | "forged-stamp" | "too-fast"): BotVerdict => {
    console.warn(`bot-guard: ${reason} on ${ctx.url.pathname}`);
    return { kind: "bot", reason };
  };
  const honeypot = form.get(HONEYPOT_NAME);
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot !== null) return bot("honeypot");

  const raw = form.get(STAMP_NAME);
  const stamp = await readStamp(secretOf(ctx), typeof raw === "string" ? raw : "", now);
  if (!stamp.ok && stamp.reason === "forged") return bot("forged-stamp");
  if (!stamp.ok && !requireStamp) return { kind: "person", fields: await botFields(ctx, { issuedAt: now, turnstile }) };
  if (!stamp.ok) {
    return {
      kind: "stale",
      fields: await botFields(ctx, { issuedAt: now - ctx.env.FORM_MIN_FILL_MS, turnstile }),
      message: getPage(ctx.contentKey, "botGuard").staleForm,
    };
  }
  if (minFill && now - stamp.issuedAt < ctx.env.FORM_MIN_FILL_MS) return bot("too-fast");
  // The same stamp goes back into a re-rendered form, so fixing a field does not restart the clock.
  return { kind: "person", fields: { ...(await botFields(ctx, { turnstile })), stamp: raw as string } };
}
