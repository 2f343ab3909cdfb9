import { toPlainText } from "@react-email/render";
import { z } from "zod";
import { sha256 } from "~/platform/crypto.server";
import { readLimited } from "~/platform/request-guard.server";
import type { Variant } from "~/utils/variant";
import { addressOf } from "./envelope.server";
import type { MailContext } from "./mailer.server";
import { sendMail } from "./outbox.server";

/** POST /api/send-email (SPEC 7.2): server-to-server only, behind a bearer token; never an open relay. */
const MAX_BODY_BYTES = 256 * 1024;
const MAX_HTML_BYTES = 200 * 1024;

const bytes = (value: string) => new TextEncoder().encode(value).byteLength;

/**
 * A caller's Idempotency-Key: a retried call with the same key sends nothing new and answers with
 * the first mail. Stored as `api:{key}`, which must fit the provider's 256-character limit.
 */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

const bodySchema = z.object({
  from: z.string({ required_error: "from is required" }).trim().min(1, "from is required"),
  to: z.string({ required_error: "to is required" }).trim().email("to must be a valid e-mail address"),
  subject: z
    .string({ required_error: "subject is required" })
    .trim()
    .min(1, "subject is required")
    .max(200, "subject must be at most 200 characters")
    .refine((value) => !/[\r\n]/.test(value), "subject must be one line"),
  html: z
    .string({ required_error: "html is required" })
    .min(1, "html is required")
    .refine((value) => bytes(value) <= MAX_HTML_BYTES, "html must be at most 200 kB"),
});

function reply(status: number, body: { ok: boolean; error?: string; data?: { id: string } }, headers: HeadersInit = {}) {
  return Response.json(body, {
    status,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", ...headers },
  });
}

const failure = (status: number, error: string, headers?: HeadersInit) => reply(status, { ok: false, error }, headers);

/** Compares secrets in time independent of where they differ (hashing first equalises lengths). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256(given), sha256(expected)]);
  let difference = 0;
  for (let i = 0; i < x.length; i += 1) difference |= x[i] ^ y[i];
  return difference === 0;
}

export async function handleSendEmailRequest(request: Request, ctx: MailContext & { variant: Variant }): Promise<Response> {
  if (request.method !== "POST") return failure(405, "Method not allowed: use POST", { Allow: "POST" });

  // The token is the switch: without one configured no caller can hold a valid one, so every call is
  // refused as unauthorised (a 5xx would read as an outage to monitoring).
  const token = ctx.env.EMAIL_API_TOKEN;
  const authorization = request.headers.get("Authorization") ?? "";
  const given = authorization.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
  if (!token || !given || !(await sameSecret(given, token))) {
    return failure(401, "Unauthorized: a valid bearer token is required", { "WWW-Authenticate": "Bearer" });
  }

  const idempotencyKey = request.headers.get("Idempotency-Key");
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    return failure(400, "Idempotency-Key must be 1 to 200 visible ASCII characters");
  }

  const bytes = await readLimited(request, MAX_BODY_BYTES);
  const raw = bytes && new TextDecoder().decode(bytes);
  if (raw === null) return failure(413, "Request body is larger than 256 kB");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return failure(400, "Request body must be JSON with from, to, subject and html");
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? "Invalid request body");
  const body = parsed.data;
  if (body.from !== ctx.env.MAIL_FROM && addressOf(body.from).toLowerCase() !== addressOf(ctx.env.MAIL_FROM).toLowerCase()) {
    return failure(400, `from must be the site's sender address ${addressOf(ctx.env.MAIL_FROM)}`);
  }

  const result = await sendMail(ctx, {
    // Without a key every call is its own mail.
    dedupeKey: idempotencyKey === null ? undefined : `api:${idempotencyKey}`,
    template: "api",
    variant: ctx.variant,
    to: body.to,
    subject: body.subject,
    html: body.html,
    text: toPlainText(body.html),
  });
  // A suppressed address (bounce, complaint, erasure) is the caller's problem to fix, not a mail API outage to retry.
  if (!result.ok) return failure(result.suppressed ? 422 : 502, result.error);
  return reply(200, { ok: true, data: { id: result.id } });
}
