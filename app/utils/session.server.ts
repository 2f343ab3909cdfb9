import { createCookieSessionStorage, type Session, type SessionStorage } from "@remix-run/cloudflare";
import { ConfigError, type AppEnv } from "./env.server";
import { shareChannel, type ShareChannel } from "./links";
import { variantKey, type Variant } from "./variant";

/**
 * The visitor's cookie session (DESIGN "Sessions"): it replaces the browser storage keys of SPEC 3.7.
 * Signed, HttpOnly, SameSite=Lax, Secure off localhost. Holds ids and short values only (the cookie
 * must stay under 4 KB, STACK pitfall 10).
 */

/** Values that belong to one variant: a tennis lead id is never used against the hockey table. */
export type VariantValues = {
  leadId?: string;
  userEmail?: string;
  selectedPlan?: string;
  billingCycle?: string;
  guideEmail?: string;
  guideLeadId?: string;
  tipsEmail?: string;
  tipsLeadId?: string;
  refLink?: string;
  /** The id the next lead of each flow gets (app/leads/submission.server.ts). */
  mainSubmission?: string;
  guideSubmission?: string;
  tipsSubmission?: string;
  /** The lead each flow's confirm page last showed, so a reload shows it again. */
  confirmedLeadId?: string;
  guideConfirmedLeadId?: string;
  tipsConfirmedLeadId?: string;
  /** The outbox key of the waitlist, guide or tips mail that page showed (one per address and window: ADR 029, 041). */
  waitlistMailKey?: string;
  guideMailKey?: string;
  tipsMailKey?: string;
  /** The accepted wave invite (its signed token) the next sign-up links to its lead (ADR 025). */
  inviteToken?: string;
  /** The club whose link (/c/SLUG) the visitor came through: their lead joins it (ADR 039). */
  clubSlug?: string;
};
export type VariantValueKey = keyof VariantValues;

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
type UtmKey = (typeof UTM_KEYS)[number];

/** First-touch referral code (with the channel it was shared through, c) and UTM parameters of this visitor. */
type Attribution = { r?: string; c?: ShareChannel } & Partial<Record<UtmKey, string>>;

export type Toast = { id: string; type: "success" | "error"; message: string };

type SessionData = {
  attribution: Attribution;
  isAuthenticated: boolean;
  /** The signed-in local account (auth adapter "local"); Supabase keeps its own cookies. */
  userId: string;
  /** That account's session version at sign-in; sign-out bumps the account's, ending this cookie. */
  sessionVersion: number;
  /** When the sign-in last used an admin page (ms since epoch): the admin idle expiry's clock. */
  activeAt: number;
  /** A random id that lets analytics count a funnel step once per visitor; it names nobody (app/analytics). */
  visitId: string;
  /**
   * The account this browser last signed in to with its password (/signup?mode=signin): an account
   * that already existed, so /signup-confirm greets it back and sends no welcome e-mail.
   */
  signedInUserId: string;
} & { [key: `v:${string}`]: VariantValues };
/**
 * What the plan choice already knew when it queued the waitlist e-mail: the /confirm view it
 * redirects to renders from this once, without reading the lead or the outbox row again.
 */
type ConfirmView = {
  variant: string;
  leadId: string;
  email: string;
  link: string;
  statusLink: string;
  confirmed: boolean;
  /** The e-mail's state as the confirm page names it (a MailState of app/leads/mail-state.ts). */
  mail: string;
  /** Until when (ms since epoch) `mail` is still true: the send starts after that moment. */
  until: number;
};
type FlashData = { toasts: Toast[]; confirmView: ConfirmView };

export type AppSession = Session<SessionData, FlashData>;
export type SessionContext = { env: Pick<AppEnv, "SESSION_SECRET">; isLocal: boolean };

export const SESSION_COOKIE = "__session";
export const SESSION_MAX_AGE = 60 * 60 * 24 * 30; // 30 days
/** Used only on localhost when SESSION_SECRET is unset, so `npm run dev` works with no set-up. */
const DEV_SECRET = "local-dev-session-secret-never-used-off-localhost";

const storages = new Map<string, SessionStorage<SessionData, FlashData>>();

/**
 * The session storage for this configuration. SESSION_SECRET is a comma-separated rotation list:
 * the first secret signs, every secret verifies (so old cookies survive a rotation).
 */
function getSessionStorage(ctx: SessionContext): SessionStorage<SessionData, FlashData> {
  const secrets = (ctx.env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) {
    if (!ctx.isLocal) throw new ConfigError("SESSION_SECRET is required off localhost");
    secrets.push(DEV_SECRET);
  }
  const cacheKey = `${ctx.isLocal}|${secrets.join(",")}`;
  let storage = storages.get(cacheKey);
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: SESSION_COOKIE,
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: !ctx.isLocal,
        secrets,
        maxAge: SESSION_MAX_AGE,
      },
    });
    storages.set(cacheKey, storage);
  }
  return storage;
}

/**
 * The visitor's session. A session cookie this server did not write (cut, garbled, signed with
 * another secret, far too big) is read as no session at all: the visitor starts a new, empty one.
 * A wrong signature already reads as empty; a signature or payload that is not base64 makes the
 * cookie code throw, which must not become an error page. A missing secret still throws.
 */
export async function getSession(request: Request, ctx: SessionContext): Promise<AppSession> {
  const storage = getSessionStorage(ctx);
  try {
    return await storage.getSession(request.headers.get("Cookie"));
  } catch {
    return storage.getSession();
  }
}

/** The Set-Cookie value that saves the session. */
export function commitSession(session: AppSession, ctx: SessionContext): Promise<string> {
  return getSessionStorage(ctx).commitSession(session);
}

/** Headers that save the session, for `redirect(url, { headers })` and `data(payload, { headers })`. */
export async function sessionHeaders(session: AppSession, ctx: SessionContext): Promise<Headers> {
  return new Headers({ "Set-Cookie": await commitSession(session, ctx) });
}

// ---- values per variant (SPEC 3.7) ----

const MAX_VALUE_LENGTH = 500;

function variantSlot(variant: Variant): `v:${string}` {
  return `v:${variantKey(variant)}`;
}

/** Every value stored for this variant (strings only; anything else in the cookie is ignored). */
export function getVariantValues(session: AppSession, variant: Variant): VariantValues {
  const raw: unknown = session.get(variantSlot(variant));
  if (!raw || typeof raw !== "object") return {};
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === "string") values[key] = value;
  return values as VariantValues;
}

export function getVariantValue<K extends VariantValueKey>(session: AppSession, variant: Variant, key: K): VariantValues[K] | undefined {
  return getVariantValues(session, variant)[key];
}

/** Sets values for this variant; `null`/`undefined`/"" removes a key. Other variants are untouched. */
export function setVariantValues(session: AppSession, variant: Variant, values: { [K in VariantValueKey]?: string | null }): void {
  const next: Record<string, string> = { ...getVariantValues(session, variant) };
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") delete next[key];
    else next[key] = value.slice(0, MAX_VALUE_LENGTH);
  }
  if (Object.keys(next).length === 0) session.unset(variantSlot(variant));
  else session.set(variantSlot(variant), next);
}

/** Removes keys for this variant (e.g. SPEC 4.2: userEmail, leadId, selectedPlan, billingCycle). */
export function clearVariantValues(session: AppSession, variant: Variant, keys: readonly VariantValueKey[]): void {
  setVariantValues(session, variant, Object.fromEntries(keys.map((key) => [key, null])));
}

/** SPEC 3.7 isAuthenticated: shared by all variants (one account per visitor). */
export function isAuthenticated(session: AppSession): boolean {
  return session.get("isAuthenticated") === true;
}

export function setAuthenticated(session: AppSession, authenticated: boolean): void {
  if (authenticated) session.set("isAuthenticated", true);
  else session.unset("isAuthenticated");
}

/**
 * Marks the account signed in with its password, or clears the mark (`null`) when an e-mail link
 * confirmed a new one. Kept in the cookie, so a reload of /signup-confirm still knows.
 */
export function setSignedInWithPassword(session: AppSession, userId: string | null): void {
  if (userId) session.set("signedInUserId", userId);
  else session.unset("signedInUserId");
}

/** True when this browser signed in to `userId` with its password: an existing account, not a new one. */
export function signedInWithPassword(session: AppSession, userId: string): boolean {
  return session.get("signedInUserId") === userId;
}

// ---- attribution (SPEC 4.1: ?r= and utm_*) ----

const MAX_UTM_LENGTH = 100;
const REF_PATTERN = /^[A-Z0-9_-]{1,16}$/;

function readAttribution(session: AppSession): Attribution {
  const raw: unknown = session.get("attribution");
  if (!raw || typeof raw !== "object") return {};
  const out: Attribution = {};
  for (const key of ["r", ...UTM_KEYS] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "string") out[key] = value;
  }
  const c = shareChannel((raw as Record<string, unknown>).c as string | undefined);
  if (c && out.r) out.c = c;
  return out;
}

function refParam(url: URL): string | undefined {
  const value = url.searchParams.get("r")?.trim().toUpperCase();
  return value && REF_PATTERN.test(value) ? value : undefined;
}

function utmParams(url: URL): Partial<Record<UtmKey, string>> {
  const out: Partial<Record<UtmKey, string>> = {};
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value && value.length <= MAX_UTM_LENGTH) out[key] = value;
  }
  return out;
}

/** True when the URL carries a referral code or any utm_* parameter. */
export function hasAttributionParams(url: URL): boolean {
  return url.searchParams.has("r") || UTM_KEYS.some((key) => url.searchParams.has(key));
}

/**
 * Stores `r` and the utm_* parameters of the request URL in the session. What was stored stays
 * when a later URL has none (first touch wins); a URL with new values replaces them. The five utm
 * values are one campaign, so a URL with any utm_* replaces the whole set. Invalid values
 * (too long, a code with other characters) are ignored. Returns true when the session changed
 * and must be committed.
 */
export function captureAttribution(request: Request | URL, session: AppSession): boolean {
  const url = request instanceof URL ? request : new URL(request.url);
  const current = readAttribution(session);
  const next: Attribution = { ...current };
  const r = refParam(url);
  if (r) {
    next.r = r;
    // The channel comes with its code: a known c= or none (issue 34).
    const c = shareChannel(url.searchParams.get("c"));
    if (c) next.c = c;
    else delete next.c;
  }
  const utm = utmParams(url);
  if (Object.keys(utm).length > 0) {
    for (const key of UTM_KEYS) delete next[key];
    Object.assign(next, utm);
  }
  const changed = ["r", "c", ...UTM_KEYS].some((key) => next[key as keyof Attribution] !== current[key as keyof Attribution]);
  if (changed) session.set("attribution", next);
  return changed;
}

/** The channel the visitor's referral link was shared through (`?r=CODE&c=wa`), or null. */
export function attributionChannel(session: AppSession): ShareChannel | null {
  return readAttribution(session).c ?? null;
}

export type AttributionFields = { referred_by: string | null } & Record<UtmKey, string | null>;

/** The lead columns for the stored attribution, for `store.create(table, { ...attributionFields(session) })`. */
export function attributionFields(session: AppSession): AttributionFields {
  const a = readAttribution(session);
  return {
    referred_by: a.r ?? null,
    utm_source: a.utm_source ?? null,
    utm_medium: a.utm_medium ?? null,
    utm_campaign: a.utm_campaign ?? null,
    utm_term: a.utm_term ?? null,
    utm_content: a.utm_content ?? null,
  };
}

// ---- flash toasts (SPEC 3.8) ----

export const MAX_TOASTS = 20;
const MAX_TOAST_LENGTH = 200;
/** Room the toasts may take in the cookie (JSON characters), far below the 4 KB cookie limit. */
const TOAST_BUDGET = 1500;

/**
 * Queues a toast for the next page (flash: read once). At most 20 are kept, newest last; the
 * oldest go first, also when long messages would make the cookie too big.
 */
export function addToast(session: AppSession, toast: { type: Toast["type"]; message: string }): void {
  const queued = takeToasts(session);
  queued.push({
    id: crypto.randomUUID().slice(0, 8),
    type: toast.type === "error" ? "error" : "success",
    message: toast.message.slice(0, MAX_TOAST_LENGTH),
  });
  let kept = queued.slice(-MAX_TOASTS);
  while (kept.length > 1 && JSON.stringify(kept).length > TOAST_BUDGET) kept = kept.slice(1);
  session.flash("toasts", kept);
}

/** The queued toasts, removed from the session (commit the session afterwards). */
export function takeToasts(session: AppSession): Toast[] {
  const raw: unknown = session.get("toasts");
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (t): t is Toast =>
      Boolean(t) && typeof t.id === "string" && typeof t.message === "string" && (t.type === "success" || t.type === "error"),
  );
}
