import { sha256Hex } from "~/platform/crypto.server";
import type { AppEnv } from "~/utils/env.server";
import { createResendClient, type ResendOptions } from "./resend-client.server";
import { getTransport, resendPayload, type MailTransport, type OutgoingMail, type TransportResult } from "./transport.server";

/**
 * A whole batch's answer: one result per mail, in the order sent, or the request's own failure.
 * `invalidIndex`: the provider refused the whole batch because of this one entry (strict validation).
 */
type BatchResult =
  { ok: true; results: TransportResult[] } | { ok: false; error: string; permanent: boolean; retryAfterMs?: number; invalidIndex?: number };

/**
 * A transport that can send many mails in one request. `keepInOutbox` is the per-mail filter a
 * wrapper (a preview's allow-list) exposes: a mail it names a reason for is never handed over, and
 * its row is recorded as the outbox transport records it. A transport without `sendBatch` (a wrapper
 * that does not pass it on) is sent one mail at a time through `send`, which applies its own rules.
 */
export interface BatchingTransport extends MailTransport {
  sendBatch(mails: OutgoingMail[], idempotencyKey: string): Promise<BatchResult>;
  keepInOutbox?(mail: OutgoingMail): string | null;
}

export function canBatch(transport: MailTransport): transport is BatchingTransport {
  return typeof (transport as Partial<BatchingTransport>).sendBatch === "function";
}

/**
 * The batch's Idempotency-Key: its outbox ids, sorted, hashed. A retried batch of the same rows
 * gets the same key (the provider answers it once within 24 hours); one row more or less is a new batch.
 */
export async function batchIdempotencyKey(ids: readonly string[]): Promise<string> {
  return `batch:${await sha256Hex([...ids].sort().join(","))}`;
}

const RESEND_BATCH_TIMEOUT_MS = 30_000;

type ResendBatchBody = {
  data?: { id?: string }[];
  /** Permissive validation: the entries that were not sent, by their index in the request. */
  errors?: { index?: number; message?: string }[];
};

/** `emails[3].to`, `[3]`, `index 3`: the entry a strict-mode refusal names, if it names one. */
function invalidIndexOf(message: string, size: number): number | undefined {
  const match = /\[(\d+)\]/.exec(message) ?? /\bindex:?\s*(\d+)/i.exec(message);
  const index = match ? Number(match[1]) : NaN;
  return Number.isInteger(index) && index >= 0 && index < size ? index : undefined;
}

/**
 * Resend's POST /emails/batch with `x-batch-validation: permissive`: valid entries are sent and
 * the invalid ones come back in `errors` by index, so one bad address never holds the other 99.
 * Should Resend answer in strict mode anyway (a 422 for the whole batch), the index its message
 * names is returned for the caller to set that entry aside.
 */
function resendBatch(options: ResendOptions & { timeoutMs?: number }, fetchImpl?: typeof fetch): BatchingTransport["sendBatch"] {
  const resend = createResendClient(options, fetchImpl);
  const timeoutMs = options.timeoutMs ?? RESEND_BATCH_TIMEOUT_MS;
  return async (mails, idempotencyKey) => {
    const reply = await resend.post<ResendBatchBody>("/emails/batch", {
      payload: mails.map(resendPayload),
      idempotencyKey,
      headers: { "x-batch-validation": "permissive" },
      timeoutMs,
      refused: "batch",
    });
    if (!reply.ok) {
      const { failure } = reply;
      return failure.permanent ? { ...failure, invalidIndex: invalidIndexOf(reply.resendMessage ?? "", mails.length) } : failure;
    }
    const body = reply.body;
    const refused = new Map<number, string>();
    for (const entry of body?.errors ?? []) {
      if (typeof entry.index === "number") refused.set(entry.index, entry.message ?? "invalid entry");
    }
    // `data` lists the created mails in request order, the refused entries left out.
    const ids = (body?.data ?? []).map((entry) => entry.id);
    const results: TransportResult[] = [];
    let next = 0;
    for (let index = 0; index < mails.length; index += 1) {
      const reason = refused.get(index);
      if (reason !== undefined) {
        results.push({ ok: false, permanent: true, error: `Mail API refused the e-mail (HTTP 422): ${reason}` });
        continue;
      }
      const id = ids[next++];
      results.push(
        id
          ? { ok: true, providerMessageId: id }
          : { ok: false, permanent: false, error: "Mail API accepted the batch but returned no id for this e-mail" },
      );
    }
    return { ok: true, results };
  };
}

/**
 * The configured transport with batch sending: Resend's batch endpoint, or for the local outbox
 * transport a batch that accepts every mail as its single send does (the row is the delivered mail).
 */
export function getBatchTransport(env: AppEnv, fetchImpl?: typeof fetch): BatchingTransport {
  const single = getTransport(env, fetchImpl);
  if (single.name === "resend") {
    return {
      ...single,
      send: single.send,
      sendBatch: resendBatch({ apiUrl: env.RESEND_API_URL, apiKey: env.RESEND_API_KEY ?? "" }, fetchImpl),
    };
  }
  return {
    ...single,
    send: single.send,
    async sendBatch(mails) {
      return { ok: true, results: await Promise.all(mails.map((mail) => single.send(mail))) };
    },
  };
}
