/**
 * Where a confirm page's e-mail stands, as the page tells the visitor: `sent` only once the mail
 * provider accepted it; `queued` while the first send is under way; `retrying` when it failed and
 * the retry job has it; `not-queued` when it could not even be stored (a reload tries again);
 * `undeliverable` when the provider gave up on the address. An address on the suppression list
 * reads `sent` (ADR 029): the page must not tell a stranger who erased their data.
 */
export type MailState = "sent" | "queued" | "retrying" | "not-queued" | "undeliverable";

/** How often a page looks again while its e-mail is on its way. */
export const MAIL_REFRESH_SECONDS = 3;
