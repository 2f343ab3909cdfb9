/**
 * Resend's HTTP API as both transports call it (POST /emails and POST /emails/batch): the base URL
 * (RESEND_API_URL, which the e2e tests point at a fake), the API key, a JSON body and the
 * Idempotency-Key, and every way a request can fail put in the words the outbox records.
 */

export type ResendOptions = { apiUrl: string; apiKey: string };

/**
 * A request Resend did not take. `permanent`: the request itself is wrong (bad address...); sending
 * it again cannot help. `retryAfterMs`: Resend is rate limiting us (429) and did not look at it.
 */
type ResendFailure = { ok: false; error: string; permanent: boolean; retryAfterMs?: number };

/** Resend's answer: its JSON body (null when it sent none), or the failure with Resend's own message when it gave one. */
type ResendReply<Body> = { ok: true; body: Body | null } | { ok: false; failure: ResendFailure; resendMessage?: string };

type ResendRequest = {
  payload: unknown;
  idempotencyKey: string;
  /** Headers beyond authorization, content type and Idempotency-Key (the batch's validation mode). */
  headers?: Record<string, string>;
  timeoutMs: number;
  /** What the failure messages say was refused: "the e-mail" or "the batch". */
  refused: "e-mail" | "batch";
};

/** Resend answers these when the request itself is wrong; the rest (401, 429, 5xx) may pass later. */
const PERMANENT_STATUSES = new Set([400, 422]);
/** When a 429 carries no usable Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 60_000;

/** Retry-After in seconds (what Resend sends) or as an HTTP date. */
function retryAfterMs(value: string | null): number {
  if (!value) return DEFAULT_RETRY_AFTER_MS;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.max(1000, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(1000, at - Date.now()) : DEFAULT_RETRY_AFTER_MS;
}

/** Resend's error body (https://resend.com/docs/api-reference/errors). */
type ResendErrorBody = { statusCode?: number; name?: string; message?: string };

export function createResendClient(options: ResendOptions, fetchImpl: typeof fetch = fetch) {
  const baseUrl = options.apiUrl.replace(/\/+$/, "");
  return {
    async post<Body>(path: "/emails" | "/emails/batch", request: ResendRequest): Promise<ResendReply<Body>> {
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            "Content-Type": "application/json",
            "Idempotency-Key": request.idempotencyKey,
            ...request.headers,
          },
          body: JSON.stringify(request.payload),
          signal: AbortSignal.timeout(request.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        const message = timedOut
          ? `Mail API did not answer within ${request.timeoutMs / 1000} s`
          : `Mail API unreachable: ${error instanceof Error ? error.message : String(error)}`;
        return { ok: false, failure: { ok: false, permanent: false, error: message } };
      }
      const body = (await response.json().catch(() => null)) as (Body & ResendErrorBody) | null;
      if (response.ok) return { ok: true, body };
      const status = body?.statusCode ?? response.status;
      const detail = [body?.name, body?.message].filter(Boolean).join(": ") || response.statusText || "no details";
      const error = `Mail API refused the ${request.refused} (HTTP ${status}): ${detail}`;
      const failure: ResendFailure =
        response.status === 429
          ? { ok: false, permanent: false, error, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) }
          : { ok: false, permanent: PERMANENT_STATUSES.has(response.status), error };
      return { ok: false, failure, resendMessage: body?.message };
    },
  };
}
