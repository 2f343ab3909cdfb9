/**
 * The auth port (DESIGN "Ports and adapters"): sign-up, sign-in, the signed-in user, e-mail
 * confirmation and sign-out. Two adapters implement it: local accounts in D1
 * (`local-auth.server.ts`, the embedded default) and Supabase Auth (`supabase-auth.server.ts`).
 * An AuthService is made per request (`auth.server.ts`): it reads that request's cookies and
 * collects the Set-Cookie headers the response must carry.
 */

export type Role = "admin" | "user";

export type AuthUser = {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  emailConfirmed: boolean;
};

export type SignUpInput = {
  email: string;
  password: string;
  name: string;
  /** Sign-up metadata kept with the account (SPEC 3.5). */
  plan?: string | null;
  leadId?: string | null;
  /** Absolute /signup-confirm URL in the visitor's variant: absoluteLinkTo(origin, variant, "signup-confirm"). */
  redirectTo: string;
};

/** The account that already holds an address; `key` names it in dedupe keys (the user id where known). */
export type ExistingAccount = { key: string; email: string };

/**
 * `existingAccount`: the address already has an account. Nothing was created; the caller answers
 * exactly as for a new sign-up (so the form does not tell who has an account) and mails the owner.
 */
export type SignUpResult =
  | { ok: true; userId: string; needsConfirmation: boolean }
  | { ok: true; existingAccount: ExistingAccount }
  | { ok: false; message: string };

/**
 * "everywhere": every session of the account ends, also copies of this cookie kept elsewhere
 * (sign-out). "this-session": only this browser's (admin idle expiry; other devices stay signed in).
 */
export type SignOutScope = "everywhere" | "this-session";

export type SignInInput = { email: string; password: string };

export type SignInResult = { ok: true; user: AuthUser } | { ok: false; message: string };

export type ConfirmResult = { ok: true; user: AuthUser } | { ok: false; message: string };

export interface AuthService {
  readonly kind: "local" | "supabase";
  signUp(input: SignUpInput): Promise<SignUpResult>;
  /** A wrong password and an unknown e-mail give the same message. */
  signIn(input: SignInInput): Promise<SignInResult>;
  /** The signed-in user, checked on the server (never the cookie's word alone), or null. */
  getUser(): Promise<AuthUser | null>;
  /** Completes e-mail confirmation from the link's query (?token= locally, ?token_hash=&type= on Supabase). */
  confirm(params: URLSearchParams): Promise<ConfirmResult>;
  /** Ends the signed-in session; by default everywhere (see SignOutScope). */
  signOut(scope?: SignOutScope): Promise<void>;
  /** Set-Cookie (and cache) headers to add to the response of this request. */
  readonly responseHeaders: Headers;
}

/** Same text for an unknown e-mail and a wrong password, so sign-in does not reveal who has an account. */
export const INVALID_CREDENTIALS = "Invalid login credentials";
export const EMAIL_NOT_CONFIRMED = "Email not confirmed";
export const INVALID_CONFIRMATION_LINK = "This confirmation link is invalid or has expired.";
/** SPEC 8: shown when the service gives no message of its own. */
export const GENERIC_AUTH_ERROR = "Something went wrong. Please try again.";

/** The one e-mail normalisation used for accounts. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toRole(value: unknown): Role {
  return value === "admin" ? "admin" : "user";
}
