/**
 * The server's log: one JSON line per event, which Workers Logs indexes field by field
 * (wrangler.toml [observability]), so an operator filters on `event` and on fields instead of
 * reading free text. README "Operating" says which event answers which question.
 *
 * Fields are ids, counts, statuses and variants, never personal data: no address, name, IP or
 * token. An address needed to correlate goes as `emailHash`, the suppression list's key of it
 * (emailHash in app/mail/suppression.server.ts), computed by the caller.
 */

/** The areas events are named under: `{area}.{what}`, e.g. `mail.send_failed`. */
type Area =
  | "admin"
  | "analytics"
  | "auth"
  | "bot"
  | "campaign"
  | "club"
  | "cron"
  | "fact"
  | "lead"
  | "mail"
  | "referral"
  | "reward"
  | "request"
  | "retention"
  | "signup"
  | "trust"
  | "wave"
  | "webhook";

/** A stable dotted name: searched for in Workers Logs and named in the README, so renaming one is a change of contract. */
export type LogEvent = `${Area}.${string}`;

type LogValue = string | number | boolean | null | undefined | readonly LogValue[] | { readonly [key: string]: LogValue };

/**
 * What an event carries. The keys that would hold personal data are refused by the type (the
 * values are scrubbed of addresses anyway); `level`, `event` and `error` are the logger's own.
 */
export type LogFields = { readonly [key: string]: LogValue } & {
  email?: never;
  to?: never;
  recipient?: never;
  name?: never;
  ip?: never;
  token?: never;
  level?: never;
  event?: never;
  error?: never;
};

type Level = "info" | "warn" | "error";

/** Anything shaped like an e-mail address, also percent-encoded in a URL: `a@b.c`, `a%40b.c`. */
const EMAIL_LIKE = /[^\s@"'<>()[\]{},;:/?=&]+(?:@|%40)[^\s@"'<>()[\]{},;:%]+\.[^\s@"'<>()[\]{},;:]+/gi;

/** `text` with every address replaced by "[email]": a driver's or the mail API's message may quote one. */
function scrubEmails(text: string): string {
  return text.replace(EMAIL_LIKE, "[email]");
}

/** A thrown value as its name and message only: a whole error object may carry a request, a row or a body. */
function errorOf(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string") {
    // A plain error object (Supabase's PostgrestError and AuthError are such): its name or code, and its message.
    const { name, code, message } = error as { name?: unknown; code?: unknown; message: string };
    return { name: typeof name === "string" ? name : typeof code === "string" ? code : "Error", message };
  }
  return { name: typeof error, message: String(error) };
}

/** Every string of the line is scrubbed on its way out, the event's fields and the error's message alike. */
const scrubbed = (_key: string, value: unknown) => (typeof value === "string" ? scrubEmails(value) : value);

function write(level: Level, event: LogEvent, fields: LogFields, error?: unknown) {
  const line = JSON.stringify({ level, event, ...fields, ...(error === undefined ? {} : { error: errorOf(error) }) }, scrubbed);
  // Workers Logs takes its level from the console method.
  if (level === "info") console.log(line);
  else if (level === "warn") console.warn(line);
  else console.error(line);
}

export const log = {
  /** Something happened as it should, worth finding later (a cron run, a campaign step, a suppression). */
  info: (event: LogEvent, fields: LogFields = {}) => write("info", event, fields),
  /** Refused or deferred by design (a webhook refused, a send to be retried): no one needs to act yet. */
  warn: (event: LogEvent, fields: LogFields = {}, error?: unknown) => write("warn", event, fields, error),
  /** Failed: a human may need to look (a mail given up, a write that did not happen). */
  error: (event: LogEvent, fields: LogFields = {}, error?: unknown) => write("error", event, fields, error),
};
