import type { AppEnv } from "~/utils/env.server";

export type OutgoingMail = {
  /** The outbox id; also the provider's idempotency key, so a retried send is never delivered twice. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

export type TransportResult =
  | { ok: true; providerMessageId: string }
  /** `permanent`: the provider rejected the mail itself (bad address...); retrying cannot help. */
  | { ok: false; error: string; permanent: boolean };

export interface MailTransport {
  readonly name: "outbox" | "resend";
  send(mail: OutgoingMail): Promise<TransportResult>;
}

/** Local default: nothing leaves the machine; the outbox row is the delivered mail (/dev/outbox). */
export const outboxTransport: MailTransport = {
  name: "outbox",
  async send(mail) {
    return { ok: true, providerMessageId: `local-${mail.id}` };
  },
};

const RESEND_TIMEOUT_MS = 10_000;
/** Resend answers these when the mail itself is wrong; the rest (401, 429, 5xx) may pass later. */
const PERMANENT_STATUSES = new Set([400, 422]);

type ResendError = { statusCode?: number; name?: string; message?: string };

/** Resend's POST /emails (https://resend.com/docs/api-reference/emails/send-email). */
export function resendTransport(
  options: { apiUrl: string; apiKey: string; timeoutMs?: number },
  fetchImpl: typeof fetch = fetch,
): MailTransport {
  const endpoint = `${options.apiUrl.replace(/\/+$/, "")}/emails`;
  const timeoutMs = options.timeoutMs ?? RESEND_TIMEOUT_MS;
  return {
    name: "resend",
    async send(mail) {
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": mail.id,
          },
          body: JSON.stringify({
            from: mail.from,
            to: [mail.to],
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return {
          ok: false,
          permanent: false,
          error: timedOut
            ? `Mail API did not answer within ${timeoutMs / 1000} s`
            : `Mail API unreachable: ${error instanceof Error ? error.message : String(error)}`,
        };
      }

      const body = (await response.json().catch(() => null)) as (ResendError & { id?: string }) | null;
      if (response.ok && body?.id) return { ok: true, providerMessageId: body.id };
      if (response.ok) {
        return { ok: false, permanent: false, error: "Mail API accepted the request but returned no message id" };
      }
      const status = body?.statusCode ?? response.status;
      const detail = [body?.name, body?.message].filter(Boolean).join(": ") || response.statusText || "no details";
      return {
        ok: false,
        permanent: PERMANENT_STATUSES.has(response.status),
        error: `Mail API refused the e-mail (HTTP ${status}): ${detail}`,
      };
    },
  };
}

/** The transport MAIL_TRANSPORT names (env.server.ts requires RESEND_API_KEY for resend). */
export function getTransport(env: AppEnv, fetchImpl?: typeof fetch): MailTransport {
  if (env.MAIL_TRANSPORT === "resend") {
    return resendTransport({ apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY ?? "" }, fetchImpl);
  }
  return outboxTransport;
}
