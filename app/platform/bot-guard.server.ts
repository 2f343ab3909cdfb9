import { getPage } from "#content/index";
import type { RequestContext } from "~/utils/context.server";
import { HONEYPOT_NAME, STAMP_NAME } from "./bot-field-names";
import { hmacSign, signingSecret, toHex } from "./crypto.server";
import { log } from "~/platform/log.server";

/**
 * Bots on the public forms (docs/decisions/011-bot-guard.md). Each form carries a hidden honeypot
 * field, which people never see and so leave empty, and a stamp the server signed when it showed the
 * form: `v1.{issuedAtMs}.{hmac}`, or `r1.…` on a form shown again because it came back too fast (a
 * second chance). The fill time is measured from that stamp, never from a time the browser reports.
 * A bot gets an ordinary-looking answer from the action and nothing is written.
 */

export { HONEYPOT_NAME, STAMP_NAME };
/** A stamp older than this is stale: the person is asked to send the form again (no lock-out). */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * A form shown again because it was sent faster than FORM_MIN_FILL_MS (a password manager fills one
 * in a second) must then stay on screen this long (or FORM_MIN_FILL_MS if that is less): enough for a
 * person to read the message and press again, not for a script that re-posts at once.
 */
export const RETRY_MIN_FILL_MS = 1000;

/** What a form needs to render its bot fields (BotFields.tsx); loaders and re-renders return it. */
export type BotFieldsData = {
  stamp: string;
  honeypotName: string;
  honeypotLabel: string;
  /** Set when Turnstile is configured and this form uses it. */
  turnstileSiteKey: string | null;
};

/**
 * `again`: show the form again with the answers, the message and `fields` (a new stamp); nothing is
 * written. `stale`: the stamp was missing or a day old; `too-fast`: sent sooner than the minimum.
 */
export type BotVerdict =
  | { kind: "person"; fields: BotFieldsData }
  | { kind: "again"; reason: "stale" | "too-fast"; fields: BotFieldsData; message: string }
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

/** A stamp for a form shown at `issuedAt`; `retry` marks a form shown again after a too-fast post (signed with the time). */
export async function issueStamp(secret: string, issuedAt: number = Date.now(), { retry = false } = {}): Promise<string> {
  const payload = `${retry ? "r1" : "v1"}.${Math.floor(issuedAt)}`;
  return `${payload}.${await hmacHex(secret, payload)}`;
}

export type ReadStamp = { ok: true; issuedAt: number; retry: boolean } | { ok: false; reason: "missing" | "forged" | "expired" };

export async function readStamp(secret: string, stamp: string, now: number = Date.now()): Promise<ReadStamp> {
  if (!stamp) return { ok: false, reason: "missing" };
  const match = /^(v1|r1)\.(\d{1,15})\.([0-9a-f]{64})$/.exec(stamp);
  if (!match || !sameHex(match[3], await hmacHex(secret, `${match[1]}.${match[2]}`))) return { ok: false, reason: "forged" };
  const issuedAt = Number(match[2]);
  if (now - issuedAt > STAMP_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, issuedAt, retry: match[1] === "r1" };
}

const secretOf = (ctx: Pick<RequestContext, "env" | "isLocal">) => signingSecret(ctx.env.SESSION_SECRET, ctx.isLocal);

/** The bot fields of a form shown now (or at `issuedAt`). Turnstile only on forms that ask for it. */
export async function botFields(
  ctx: Pick<RequestContext, "env" | "isLocal" | "contentKey">,
  { issuedAt = Date.now(), turnstile = false, retry = false }: { issuedAt?: number; turnstile?: boolean; retry?: boolean } = {},
): Promise<BotFieldsData> {
  return {
    stamp: await issueStamp(secretOf(ctx), issuedAt, { retry }),
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
 *
 * A form sent sooner than the minimum is shown again too (a password manager is that fast), with a
 * message and a second-chance stamp issued now (the caller counts it: `trackTooFast`). That stamp
 * needs RETRY_MIN_FILL_MS: a person who reads the message and presses again gets through; a script
 * that posts it back at once is a bot, answered as a person would be, with nothing written.
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
    log.warn("bot.refused", { reason, path: ctx.url.pathname });
    return { kind: "bot", reason };
  };
  const copy = () => getPage(ctx.contentKey, "botGuard");
  const honeypot = form.get(HONEYPOT_NAME);
  if (typeof honeypot === "string" ? honeypot.trim() !== "" : honeypot !== null) return bot("honeypot");

  const raw = form.get(STAMP_NAME);
  const stamp = await readStamp(secretOf(ctx), typeof raw === "string" ? raw : "", now);
  if (!stamp.ok && stamp.reason === "forged") return bot("forged-stamp");
  if (!stamp.ok && !requireStamp) return { kind: "person", fields: await botFields(ctx, { issuedAt: now, turnstile }) };
  if (!stamp.ok) {
    return {
      kind: "again",
      reason: "stale",
      fields: await botFields(ctx, { issuedAt: now - ctx.env.FORM_MIN_FILL_MS, turnstile }),
      message: copy().staleForm,
    };
  }
  if (minFill) {
    const filledIn = now - stamp.issuedAt;
    if (stamp.retry && filledIn < Math.min(RETRY_MIN_FILL_MS, ctx.env.FORM_MIN_FILL_MS)) return bot("too-fast");
    if (!stamp.retry && filledIn < ctx.env.FORM_MIN_FILL_MS) {
      log.warn("bot.shown_again", { reason: "too-fast", path: ctx.url.pathname });
      return {
        kind: "again",
        reason: "too-fast",
        fields: await botFields(ctx, { issuedAt: now, turnstile, retry: true }),
        message: copy().tooFast,
      };
    }
  }
  // The same stamp goes back into a re-rendered form, so fixing a field does not restart the clock.
  return { kind: "person", fields: { ...(await botFields(ctx, { turnstile })), stamp: raw as string } };
}
