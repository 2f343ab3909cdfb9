import type { AppEnv } from "~/utils/env.server";
import { createResendClient, type ResendOptions } from "./resend-client.server";

export type OutgoingMail = {
  /** The outbox row id. */
  id: string;
  /**
   * The row's dedupe key, sent as the provider's Idempotency-Key: a retry, or a second sender racing
   * for the same mail, is accepted once and delivered once (the provider remembers keys for 24 hours).
   */
  idempotencyKey: string;
  /** `{brand} <address>`: the variant's name with MAIL_FROM's address (app/mail/envelope.server.ts). */
  from: string;
  /** The variant's contact address, where a parent's reply goes (MAIL_FROM is a no-reply address). */
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on marketing mails (RFC 8058). */
  headers?: Record<string, string>;
};

export type TransportResult =
  /** `note`: recorded on the row (as last_error) although the mail needs nothing more (a kept mail). */
  | { ok: true; providerMessageId: string; note?: string }
  /**
   * `permanent`: the provider rejected the mail itself (bad address...); retrying cannot help.
   * `retryAfterMs`: the provider is rate limiting us (429) and did not look at the mail; try again then.
   */
  | { ok: false; error: string; permanent: boolean; retryAfterMs?: number };

export interface MailTransport {
  readonly name: "outbox" | "resend";
  /** Sends the provider accepts per second; the cron paces a backlog to it. Unset: no limit. */
  readonly maxPerSecond?: number;
  send(mail: OutgoingMail): Promise<TransportResult>;
}

/** Local default: nothing leaves the machine; the outbox row is the delivered mail (/dev/outbox). */
const outboxTransport: MailTransport = {
  name: "outbox",
  async send(mail) {
    return { ok: true, providerMessageId: `local-${mail.id}` };
  },
};

const RESEND_TIMEOUT_MS = 10_000;
/** Resend's default rate limit per team; RESEND_MAX_PER_SECOND raises it once Resend has. */
const RESEND_DEFAULT_MAX_PER_SECOND = 2;

/**
 * One mail as Resend's POST /emails takes it, `reply_to` and custom `headers` included
 * (https://resend.com/docs/dashboard/emails/custom-headers); the batch endpoint takes an array of them.
 */
export function resendPayload(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: [mail.to],
    ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.headers && Object.keys(mail.headers).length ? { headers: mail.headers } : {}),
  };
}

/** Resend's POST /emails (https://resend.com/docs/api-reference/emails/send-email). */
function resendTransport(options: ResendOptions & { maxPerSecond?: number }, fetchImpl?: typeof fetch): MailTransport {
  const resend = createResendClient(options, fetchImpl);
  return {
    name: "resend",
    maxPerSecond: options.maxPerSecond ?? RESEND_DEFAULT_MAX_PER_SECOND,
    async send(mail) {
      const reply = await resend.post<{ id?: string }>("/emails", {
        payload: resendPayload(mail),
        idempotencyKey: mail.idempotencyKey,
        timeoutMs: RESEND_TIMEOUT_MS,
        refused: "e-mail",
      });
      if (!reply.ok) return reply.failure;
      if (reply.body?.id) return { ok: true, providerMessageId: reply.body.id };
      return { ok: false, permanent: false, error: "Mail API accepted the request but returned no message id" };
    },
  };
}

/** The transport MAIL_TRANSPORT names (env.server.ts requires RESEND_API_KEY for resend). */
export function getTransport(env: AppEnv, fetchImpl?: typeof fetch): MailTransport {
  if (env.MAIL_TRANSPORT === "resend") {
    return resendTransport(
      { apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY ?? "", maxPerSecond: env.RESEND_MAX_PER_SECOND },
      fetchImpl,
    );
  }
  return outboxTransport;
}

/** What a kept mail's row says (its last_error): the outbox viewer and the admin read it. */
const PREVIEW_KEPT_NOTE = "Kept in the outbox by the preview mail allow-list (PREVIEW_MAIL_ALLOW): not handed to the provider";

/** Whether `recipient` is on the allow-list: a listed address, or an address at a listed @domain (that domain exactly). */
function previewMailAllowed(recipient: string, allow: readonly string[]): boolean {
  const address = recipient.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf("@"));
  return allow.some((entry) => (entry.startsWith("@") ? domain === entry : address === entry));
}

/**
 * A preview (PREVIEW_MODE=on) can never reach a real parent: with the provider's transport, a mail
 * to anyone off PREVIEW_MAIL_ALLOW is answered here as the outbox transport answers (accepted,
 * nothing leaves), so its row ends `sent` with its body, like a local mail, and is never retried;
 * the note says it was kept. Every send path (page, cron, /api/send-email) delivers through this.
 * The outbox transport and PREVIEW_MODE=off are returned unchanged.
 */
export function withPreviewAllowList(transport: MailTransport, env: Pick<AppEnv, "PREVIEW_MODE" | "PREVIEW_MAIL_ALLOW">): MailTransport {
  if (env.PREVIEW_MODE !== "on" || transport.name === "outbox") return transport;
  const keepInOutbox = (mail: OutgoingMail) => (previewMailAllowed(mail.to, env.PREVIEW_MAIL_ALLOW) ? null : PREVIEW_KEPT_NOTE);
  return {
    // The rest (a batch sender) passes on: the queue consumer asks keepInOutbox of every mail before
    // it builds a batch, so a batch never carries a kept one.
    ...transport,
    keepInOutbox,
    async send(mail) {
      const kept = keepInOutbox(mail);
      if (!kept) return transport.send(mail);
      return { ok: true, providerMessageId: `preview-kept-${mail.id}`, note: kept };
    },
  } as MailTransport;
}
