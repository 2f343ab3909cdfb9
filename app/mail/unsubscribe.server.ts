import { data } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { RequestContext } from "~/utils/context.server";
import { base64url, fromBase64url, hmacSign, hmacVerify, verifyingSecrets } from "~/platform/crypto.server";
import { log } from "~/platform/log.server";
import { absoluteLinkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";
import { suppress } from "./suppression.server";

/**
 * Signed unsubscribe links (RFC 8058 one-click, and the visible link in a marketing mail's footer).
 * A token reads `{payload}.{signature}`: the payload is base64url(`{kind}:{address}`) with the
 * address trimmed and lower-cased, the signature HMAC-SHA256 over `unsubscribe:{payload}` with the
 * first SESSION_SECRET (the prefix keeps it apart from every other token signed with that secret);
 * every secret of the rotation list verifies. It does not expire: an unsubscribe link must keep
 * working for as long as the mail sits in an inbox, and all it can do is stop mail. Nothing is
 * stored, so the same recipient always gets the same link (a retry rebuilds identical headers).
 */

/** Only marketing mail can be unsubscribed from; confirmation links always go out. */
export type UnsubscribeKind = "marketing";

type Secrets = { SESSION_SECRET?: string };

const MAX_TOKEN_LENGTH = 1024;

const secretsOf = (env: Secrets, isLocal: boolean) => verifyingSecrets(env.SESSION_SECRET, isLocal);

const signed = (payload: string) => `unsubscribe:${payload}`;

export async function signUnsubscribeToken(env: Secrets, isLocal: boolean, email: string, kind: UnsubscribeKind): Promise<string> {
  const payload = base64url(new TextEncoder().encode(`${kind}:${email.trim().toLowerCase()}`));
  return `${payload}.${base64url(await hmacSign(secretsOf(env, isLocal)[0], signed(payload)))}`;
}

/** The address and kind a token was signed for, or null for anything forged, altered or malformed. */
async function checkUnsubscribeToken(
  env: Secrets,
  isLocal: boolean,
  token: string | null,
): Promise<{ email: string; kind: UnsubscribeKind } | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [payload, signatureRaw, extra] = token.split(".");
  const signature = signatureRaw ? fromBase64url(signatureRaw) : null;
  const payloadBytes = payload ? fromBase64url(payload) : null;
  if (extra !== undefined || !signature || !payloadBytes) return null;
  let valid = false;
  for (const secret of secretsOf(env, isLocal)) {
    if (await hmacVerify(secret, signature, signed(payload))) valid = true;
  }
  if (!valid) return null;
  const decoded = new TextDecoder().decode(payloadBytes);
  const colon = decoded.indexOf(":");
  const kind = decoded.slice(0, colon);
  const email = decoded.slice(colon + 1);
  if (colon < 1 || kind !== "marketing" || !email.includes("@")) return null;
  return { email, kind };
}

/** The page a marketing mail's List-Unsubscribe header and footer link open (GET: a button; POST: one click). */
export async function unsubscribeUrl(env: Secrets, origin: string, variant: Variant, email: string, isLocal: boolean): Promise<string> {
  const token = await signUnsubscribeToken(env, isLocal, email, "marketing");
  return absoluteLinkTo(origin, variant, "unsubscribe", { t: token });
}

/** RFC 8058: the https URL (one-click POST) and a mailto to the variant's contact address, as RFC 2369 allows. */
export function listUnsubscribeHeaders(url: string, contactEmail: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>, <mailto:${contactEmail}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

type PageCtx = Pick<RequestContext, "env" | "bindings" | "isLocal" | "contentKey">;

/** GET /unsubscribe?t=…: the button page; writes nothing (a mail scanner following the link unsubscribes nobody). */
export async function unsubscribePage(ctx: PageCtx, url: URL) {
  const copy = getPage(ctx.contentKey, "unsubscribe");
  const token = url.searchParams.get("t");
  const checked = await checkUnsubscribeToken(ctx.env, ctx.isLocal, token);
  if (!checked) return data({ copy, view: { state: "invalid" as const } }, { status: 400 });
  return data({ copy, view: { state: "ask" as const, email: checked.email, token: token! } });
}

/**
 * POST /unsubscribe?t=…: the RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`, sent by the
 * mail provider without cookies) and the page's button both land here. The signed token is the
 * only credential: a valid one suppresses its address for marketing mail and answers 200; an
 * invalid one answers 400 and writes nothing.
 */
export async function unsubscribeAction(ctx: PageCtx, url: URL, form: FormData | null) {
  const copy = getPage(ctx.contentKey, "unsubscribe");
  const fromForm = form?.get("t");
  const token = url.searchParams.get("t") ?? (typeof fromForm === "string" ? fromForm : null);
  const checked = await checkUnsubscribeToken(ctx.env, ctx.isLocal, token);
  if (!checked) return data({ copy, view: { state: "invalid" as const } }, { status: 400 });
  try {
    await suppress(ctx, checked.email, "marketing", "unsubscribe");
  } catch (error) {
    log.error("mail.unsubscribe_failed", {}, error);
    return data({ copy, view: { state: "unavailable" as const } }, { status: 503 });
  }
  return data({ copy, view: { state: "done" as const, email: checked.email } });
}
