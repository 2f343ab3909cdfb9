import { routePath } from "~/utils/route-path";
/**
 * Checks every request before Remix sees it. Bad input is answered here with a clear 4xx, before
 * any route runs, so an action never meets a body it cannot parse and nothing is written:
 *
 * - methods: GET, HEAD and OPTIONS pass; POST goes on to the body rules; anything else is 405
 *   (Remix would run the action for PUT, PATCH and DELETE and fail on the body);
 * - type: a form post is application/x-www-form-urlencoded or multipart/form-data with a
 *   boundary; anything else is 415 (400 for a multipart type without its boundary). One
 *   exception: an RFC 8058 one-click POST to /unsubscribe with no type and no body at all;
 * - size: the body is capped and the cap is decided from Content-Length before reading (400 for
 *   a Content-Length that is not a number), and by counting while reading a body that has no
 *   length (chunked): 413;
 * - fields: the body must parse (400), hold no files, no more than MAX_FIELDS fields, no name
 *   the form parser cannot safely turn into an object (`__proto__`, `constructor`, `prototype`
 *   and the other built-in property names, a name that is both a value and a group, a list index
 *   past any list) and no value over MAX_FIELD_LENGTH: 400.
 *
 * POST /api/send-email and POST /webhooks/resend are the JSON endpoints: they keep their own body
 * rules (token or signature first, their own size cap and JSON checks) and only the method rule
 * applies to them here.
 *
 * A request that passes goes on as a new Request holding the bytes that were checked, because
 * the original body stream has been read.
 */

/** Public forms: their largest real post (3-step form with 10 children, sign-up) is a few KB. */
export const PUBLIC_FORM_BODY_LIMIT = 64 * 1024;
/**
 * Admin forms: the edit form is a dozen short fields plus the list's query string (`back`), well
 * under 4 KB; a quarter of the public cap leaves room and bounds what a stolen admin session can post.
 */
export const ADMIN_FORM_BODY_LIMIT = 16 * 1024;
/** Per-field cap: above every schema's cap (the longest is a return path of 2,000 characters). */
export const MAX_FIELD_LENGTH = 4096;
/** The longest real name is `children[9].ageBand`; a long name would cost the parser one step per segment. */
export const MAX_FIELD_NAME_LENGTH = 100;
/** The 3-step form with 10 children and every box ticked posts well under 100 fields. */
export const MAX_FIELDS = 200;
/**
 * A number in a name is a list index (`children[3].time`): the parser makes an array that long,
 * so `children[99999999]` would have it build 100 million items. No list can hold more items
 * than a form has fields.
 */
const MAX_LIST_INDEX = MAX_FIELDS - 1;

export type GuardResult = { ok: true; request: Request } | { ok: false; response: Response };

const PAGE_METHODS = "GET, HEAD, POST";
const API_METHODS = "POST";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/**
 * Name segments a form field may not use. remix-validated-form throws on `__proto__`,
 * `constructor` and `prototype` (an uncaught 500 in every action that validates); the names of
 * the built-in object and array properties are refused too, because setting one overwrites a
 * property of the object the parser builds (`children[0].time=a&children.length=x` throws).
 * No form of this site uses any of them.
 */
const FORBIDDEN_SEGMENTS = new Set([
  "__proto__",
  "constructor",
  "prototype",
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Array.prototype),
]);

function refuse(status: number, message: string, headers: Record<string, string> = {}): GuardResult {
  return {
    ok: false,
    response: new Response(message, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
    }),
  };
}

/**
 * The JSON endpoints, server-to-server: /api/send-email, Resend's signed webhook (/webhooks/resend)
 * and the e2e suite's /__e2e/d1 (a 404 off loopback). Each keeps its own body rules (authentication
 * first, its own size cap, JSON).
 */
const isApiRoute = (path: string) => path === "/api/send-email" || path === "/webhooks/resend" || path === "/__e2e/d1";
const isAdminRoute = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * POSTs authenticated by what they carry, not by cookies, so a cross-origin POST is no CSRF:
 * the one-click unsubscribe (RFC 8058: a mail client may post it from its own origin; the signed
 * token is the credential), Resend's signed webhook and the e2e suite's bearer-token /__e2e/d1.
 */
export function acceptsCrossOriginPost(url: URL): boolean {
  const path = routePath(url.pathname);
  return path === "/unsubscribe" || path === "/webhooks/resend" || path === "/__e2e/d1";
}

export async function guardRequest(request: Request): Promise<GuardResult> {
  if (SAFE_METHODS.has(request.method)) return { ok: true, request };
  const path = routePath(new URL(request.url).pathname);

  if (isApiRoute(path)) {
    if (request.method !== "POST") return refuse(405, "Method not allowed: use POST.", { Allow: API_METHODS });
    return { ok: true, request };
  }
  if (request.method !== "POST") {
    return refuse(405, `Method not allowed: use ${PAGE_METHODS}.`, { Allow: PAGE_METHODS });
  }

  const type = mediaType(request.headers.get("Content-Type"));
  if (!type.name && path === "/unsubscribe") {
    // A one-click unsubscribe may come without a body (the token is in the URL): let an empty one
    // through, nothing else without a type.
    const body = await readLimited(request, PUBLIC_FORM_BODY_LIMIT);
    if (body?.byteLength === 0) return { ok: true, request: withBody(request, body) };
    return refuse(415, "Forms are posted as application/x-www-form-urlencoded or multipart/form-data.");
  }
  if (type.name !== FORM_URLENCODED && type.name !== MULTIPART) {
    return refuse(415, "Forms are posted as application/x-www-form-urlencoded or multipart/form-data.");
  }
  if (type.name === MULTIPART && !type.boundary) return refuse(400, "A multipart form needs a boundary.");

  const limit = isAdminRoute(path) ? ADMIN_FORM_BODY_LIMIT : PUBLIC_FORM_BODY_LIMIT;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    if (!/^\d+$/.test(declared)) return refuse(400, "Content-Length is not a number of bytes.");
    if (Number(declared) > limit) {
      // Refused unread, but read and dropped (up to the drain's budget) so the connection stays usable.
      if (request.body) await drain(request.body.getReader(), DRAIN_LIMIT);
      return refuse(413, `The form is larger than ${limit / 1024} KB.`);
    }
  }
  const body = await readLimited(request, limit);
  if (body === null) return refuse(413, `The form is larger than ${limit / 1024} KB.`);

  let fields: FormData;
  try {
    fields = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    return refuse(400, "The form body could not be read.");
  }
  const problem = fieldProblem(fields);
  if (problem) return refuse(400, problem);

  return { ok: true, request: withBody(request, body) };
}

/** The media type (lower case) and the multipart boundary of a Content-Type header. */
function mediaType(header: string | null): { name: string; boundary: string | null } {
  if (!header) return { name: "", boundary: null };
  const [name, ...params] = header.split(";");
  let boundary: string | null = null;
  for (const param of params) {
    const [key, ...value] = param.split("=");
    if (key.trim().toLowerCase() === "boundary")
      boundary =
        value
          .join("=")
          .trim()
          .replace(/^"(.*)"$/, "$1") || null;
  }
  return { name: name.trim().toLowerCase(), boundary };
}

/**
 * Bytes of an over-cap streamed body that are still read (and dropped) after the refusal is
 * decided, so the connection that carried it stays usable: wrangler dev's proxy fails the next
 * request on a connection whose body was abandoned mid-stream ("worker restarted mid-request").
 * Past this the stream is cancelled: an endless upload costs no more than this.
 */
const DRAIN_LIMIT = 4 * 1024 * 1024;

/**
 * The body's bytes, read while counting; null as soon as it passes `limit` (nothing more is kept,
 * and the rest is drained as above). Every handler that reads a raw body reads it with this.
 */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await drain(reader, DRAIN_LIMIT);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops up to `budget` more bytes; cancels the stream if it goes on past that. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > budget) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}

/**
 * The path segments remix-validated-form makes of a field name (`children[0].ageBand` ->
 * children, 0, ageBand), so the guard judges names exactly as the parser will read them.
 */
function nameSegments(name: string): string[] {
  const segments: string[] = [];
  let rest = name;
  while (rest.length > 0) {
    const match = rest.match(/^\[(.+?)\](.*)$/) ?? rest.match(/^\.?([^.[\]]+)(.*)$/);
    if (!match) {
      segments.push(rest);
      break;
    }
    segments.push(match[1]);
    rest = match[2];
  }
  return segments;
}

/** Why these fields cannot be handed to a route, or null when they can. */
function fieldProblem(fields: FormData): string | null {
  const names = new Set<string>();
  let count = 0;
  for (const [name, value] of fields) {
    if (++count > MAX_FIELDS) return `The form has more than ${MAX_FIELDS} fields.`;
    if (typeof value !== "string") return "Files are not accepted here.";
    if (name.length > MAX_FIELD_NAME_LENGTH) return `A field name is longer than ${MAX_FIELD_NAME_LENGTH} characters.`;
    if (value.length > MAX_FIELD_LENGTH) return `The field "${name}" is longer than ${MAX_FIELD_LENGTH} characters.`;
    names.add(name);
  }
  // A name is a path into the object the parser builds: a path that ends on a value and also
  // continues past it (email=a&email.x=b) cannot be built, and some segments must never be set.
  const paths = new Set<string>();
  const segmentsOf = new Map<string, string[]>();
  for (const name of names) {
    const segments = nameSegments(name);
    if (segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment))) return `The field name "${name}" is not allowed.`;
    if (segments.some((segment) => /^\d+$/.test(segment) && Number(segment) > MAX_LIST_INDEX)) {
      return `The field name "${name}" has a list index over ${MAX_LIST_INDEX}.`;
    }
    segmentsOf.set(name, segments);
    paths.add(segments.join("\u0000"));
  }
  for (const [name, segments] of segmentsOf) {
    for (let end = 1; end < segments.length; end++) {
      if (paths.has(segments.slice(0, end).join("\u0000"))) {
        return `The field "${name}" conflicts with the field "${segments.slice(0, end).join(".")}".`;
      }
    }
  }
  return null;
}

/** The request with the checked bytes as its body (the original stream has been read). */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    redirect: request.redirect,
    signal: request.signal,
    // Cloudflare's request properties (country, colo...) travel with the request in the Worker.
    cf: (request as { cf?: unknown }).cf,
  } as RequestInit);
}
