import { log } from "~/platform/log.server";
/**
 * Local accounts in D1: the embedded auth adapter (no outside service needed).
 * Accounts live in `accounts`, confirmation tokens in `account_tokens` (migrations/0003_accounts.sql).
 * The signed-in state is a user id and the account's session version, kept by a CurrentUserStore
 * (the cookie session); every getUser() re-reads the account, so a deleted account, a changed role
 * or a sign-out elsewhere takes effect at once.
 *
 * Session revocation (migrations/0005_session_version.sql, docs/decisions/008-session-revocation.md):
 * a signed cookie cannot be taken back from the browsers that hold a copy, so the account row holds
 * `session_version`; a cookie is signed in only while its version equals the row's, and sign-out
 * bumps the row's. Every cookie issued before that sign-out, on any device, stops working.
 */
import {
  EMAIL_NOT_CONFIRMED,
  GENERIC_AUTH_ERROR,
  INVALID_CONFIRMATION_LINK,
  INVALID_CREDENTIALS,
  normalizeEmail,
  toRole,
  type AuthService,
  type AuthUser,
  type ConfirmResult,
  type SignInInput,
  type SignInResult,
  type SignOutScope,
  type SignUpInput,
  type SignUpResult,
} from "./auth";
import { checkConfirmToken, issueConfirmToken } from "./confirm-token.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";

/** Who is signed in on this browser: the account and its session version when it signed in. */
export type SignedInAccount = { userId: string; sessionVersion: number };

/** Where the signed-in account is kept between requests (wired to the cookie session). */
export interface CurrentUserStore {
  get(): Promise<SignedInAccount | null>;
  set(account: SignedInAccount): Promise<void>;
  clear(): Promise<void>;
}

/** The confirmation e-mail to send; `link` is the signed, single-use /signup-confirm URL. */
export type ConfirmationMail = { to: string; name: string; link: string };

export type LocalAuthOptions = {
  db: D1Database;
  /** HMAC key for confirmation links: the first SESSION_SECRET (see signingSecret). */
  secret: string;
  currentUser: CurrentUserStore;
  sendConfirmation: (mail: ConfirmationMail) => Promise<void>;
  now?: () => Date;
};

type AccountRow = {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  password_salt: string;
  password_iterations: number;
  role: string;
  email_confirmed_at: string | null;
  session_version: number;
};

function toUser(row: AccountRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: toRole(row.role),
    emailConfirmed: row.email_confirmed_at !== null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

export function createLocalAuth(options: LocalAuthOptions): AuthService {
  const { db, secret, currentUser, sendConfirmation } = options;
  const now = options.now ?? (() => new Date());

  const findByEmail = (email: string) => db.prepare("SELECT * FROM accounts WHERE email = ?").bind(email).first<AccountRow>();
  const findById = (id: string) => db.prepare("SELECT * FROM accounts WHERE id = ?").bind(id).first<AccountRow>();

  return {
    kind: "local",
    responseHeaders: new Headers(),

    async signUp(input: SignUpInput): Promise<SignUpResult> {
      const email = normalizeEmail(input.email);
      const existing = await findByEmail(email);
      if (existing) {
        // The owner is told by e-mail (the route's part); this answer must not differ from a new
        // sign-up's, in what it says or in the time a new account's password hash takes.
        await burnPasswordCheck(input.password);
        return { ok: true, existingAccount: { key: existing.id, email: existing.email } };
      }

      const id = crypto.randomUUID();
      const password = await hashPassword(input.password);
      const issued = await issueConfirmToken(secret, now());
      const createdAt = now().toISOString();
      try {
        // One batch is one transaction: no account without its token, or the other way round.
        await db.batch([
          db
            .prepare(
              `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations,
                 plan, lead_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              id,
              email,
              input.name.trim(),
              password.hash,
              password.salt,
              password.iterations,
              input.plan ?? null,
              input.leadId ?? null,
              createdAt,
            ),
          db
            .prepare("INSERT INTO account_tokens (token_hash, account_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
            .bind(issued.tokenHash, id, issued.expiresAt.toISOString(), createdAt),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) {
          // A parallel sign-up with the same address won the insert: the same as finding it above.
          const raced = await findByEmail(email);
          if (raced) return { ok: true, existingAccount: { key: raced.id, email: raced.email } };
        }
        log.error("auth.sign_up_failed", { provider: "local" }, error);
        return { ok: false, message: GENERIC_AUTH_ERROR };
      }

      const link = new URL(input.redirectTo);
      link.searchParams.set("token", issued.token);
      try {
        await sendConfirmation({ to: email, name: input.name.trim(), link: link.toString() });
      } catch (error) {
        // The mailer keeps failed sends in its outbox and retries them; the account stands.
        log.error("auth.mail_failed", { mail: "confirm-account" }, error);
      }
      return { ok: true, userId: id, needsConfirmation: true };
    },

    async signIn(input: SignInInput): Promise<SignInResult> {
      const row = await findByEmail(normalizeEmail(input.email));
      if (!row) {
        await burnPasswordCheck(input.password);
        return { ok: false, message: INVALID_CREDENTIALS };
      }
      const matches = await verifyPassword(input.password, {
        hash: row.password_hash,
        salt: row.password_salt,
        iterations: row.password_iterations,
      });
      if (!matches) return { ok: false, message: INVALID_CREDENTIALS };
      if (row.email_confirmed_at === null) return { ok: false, message: EMAIL_NOT_CONFIRMED };
      await currentUser.set({ userId: row.id, sessionVersion: row.session_version });
      return { ok: true, user: toUser(row) };
    },

    async getUser(): Promise<AuthUser | null> {
      const current = await currentUser.get();
      if (!current) return null;
      const row = await findById(current.userId);
      if (row && row.session_version === current.sessionVersion) return toUser(row);
      // Signed out since (here or on another device), or the account is gone: forget it here too.
      await currentUser.clear();
      return null;
    },

    async confirm(params: URLSearchParams): Promise<ConfirmResult> {
      const token = params.get("token");
      if (!token) return { ok: false, message: INVALID_CONFIRMATION_LINK };
      const at = now();
      const checked = await checkConfirmToken(secret, token, at);
      if (!checked.ok) return { ok: false, message: INVALID_CONFIRMATION_LINK };

      // Single use: only the first UPDATE finds `used_at IS NULL`; a second use changes no row.
      const used = await db
        .prepare(
          `UPDATE account_tokens SET used_at = ?1
            WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1
            RETURNING account_id`,
        )
        .bind(at.toISOString(), checked.tokenHash)
        .first<{ account_id: string }>();
      if (!used) return { ok: false, message: INVALID_CONFIRMATION_LINK };

      const row = await db
        .prepare(`UPDATE accounts SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ? RETURNING *`)
        .bind(at.toISOString(), used.account_id)
        .first<AccountRow>();
      if (!row) return { ok: false, message: INVALID_CONFIRMATION_LINK };
      // Following the link signs the visitor in, as Supabase's verifyOtp does.
      await currentUser.set({ userId: row.id, sessionVersion: row.session_version });
      return { ok: true, user: toUser(row) };
    },

    async signOut(scope: SignOutScope = "everywhere"): Promise<void> {
      const current = await currentUser.get();
      if (current && scope === "everywhere") {
        // Only a cookie that is still signed in moves the version on: a copy revoked earlier
        // cannot end the owner's newer sessions.
        await db
          .prepare("UPDATE accounts SET session_version = session_version + 1 WHERE id = ? AND session_version = ?")
          .bind(current.userId, current.sessionVersion)
          .run();
      }
      await currentUser.clear();
    },
  };
}
