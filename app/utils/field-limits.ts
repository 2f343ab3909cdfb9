/**
 * Length caps of the text fields of every form, in characters. Each schema refuses a longer value
 * with a message from content/ that names the cap, so nothing a visitor types is stored at any
 * length. The request guard's per-field cap (app/platform/request-guard.server.ts) sits above
 * all of them as a second line.
 */

/** The longest address mail servers carry: a longer one could never receive our e-mail. */
export const EMAIL_MAX_LENGTH = 254;

/** A full name: generous for real names, small enough for the users record and e-mail greetings. */
export const NAME_MAX_LENGTH = 100;

/**
 * A new password. Supabase Auth hashes with bcrypt, which uses only the first 72 bytes and refuses
 * longer passwords; the local adapter keeps the same cap so an account works with either.
 */
export const PASSWORD_MAX_LENGTH = 72;

/**
 * A password typed to sign in: far above the sign-up cap, so no password an account was ever
 * created with is refused, while an absurd value still is.
 */
export const SIGNIN_PASSWORD_MAX_LENGTH = 1024;

/**
 * A value that must be one of the content's option lists or plan ids (the longest is 20
 * characters): a longer value cannot be a listed option and is refused before any lookup.
 */
export const OPTION_MAX_LENGTH = 64;

/** A content message with its `{max}` placeholder filled. */
export function tooLongMessage(message: string, max: number): string {
  return message.replace("{max}", String(max));
}
