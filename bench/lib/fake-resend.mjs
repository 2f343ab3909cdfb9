// A fake Resend for the benches (bench:spike, bench:campaign): POST /emails and /emails/batch with
// a rate limit (429 + retry-after), at most 100 mails a batch, Idempotency-Key (the same key and
// payload: the first answer again, nothing sent twice; another payload: 409), permissive validation,
// injected faults, and a record of every accepted mail. Moved here from bench/spike.mjs.
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { seeded } from "./seeded-random.mjs";

const invalidAddress = (to) => !/^[^\s@]+@[^\s@]+$/.test(to) || to.endsWith("@invalid.test");

/**
 * POST /emails and POST /emails/batch like Resend: RATE requests a second (sliding 1 s window over
 * the requests it let through; above it 429 with retry-after), at most 100 per batch (422),
 * Idempotency-Key (the same key and payload: the first answer again and nothing sent twice; another
 * payload: 409), permissive validation (an invalid `to` comes back in `errors` by index, not sent),
 * answers after DELAY_MIN..DELAY_MAX ms. Faults: `error500` (a share of requests answer 500, nothing
 * sent), `hang` (the first HANGS requests from the 3rd on are accepted and never answered),
 * `onBatch` (a hook the kill mode uses). Records every accepted mail.
 */
export function createFakeResend({ port, rate = 2, delayMin = 50, delayMax = 200, errorRate = 0.2, hangs = 3, maxBatch = 100 } = {}) {
  const RATE = rate;
  const DELAY_MIN = delayMin;
  const DELAY_MAX = delayMax;
  const ERROR_RATE = errorRate;
  const HANGS = hangs;
  const MAX_BATCH = maxBatch;
  const MAIL_PORT = port;
  const api = {
    fault: "healthy",
    random: seeded(0x2545f491),
    allowed: [], // arrival times of requests let through the rate limit
    requests: [], // { at, status, size, path }
    keys: new Map(), // Idempotency-Key -> { hash, status, body }
    accepted: [], // { id, to, subject, at }
    firstAccept: new Map(), // recipient -> first acceptance time
    counts: new Map(), // `${to}\n${subject}` -> times accepted
    held: new Set(),
    hung: 0,
    batchRequests: 0,
    lastArrival: 0,
    onBatch: null,
  };
  const reply = (res, status, json, headers = {}) => {
    const delay = DELAY_MIN + Math.floor(api.random() * Math.max(0, DELAY_MAX - DELAY_MIN));
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify(json));
    }, delay);
  };
  const accept = (entry) => {
    const at = Date.now();
    const id = randomUUID();
    const to = [].concat(entry.to ?? []).map((v) => String(v).toLowerCase())[0] ?? "";
    api.accepted.push({ id, to, subject: entry.subject, at });
    const key = `${to}\n${entry.subject}`;
    api.counts.set(key, (api.counts.get(key) ?? 0) + 1);
    if (!api.firstAccept.has(to)) api.firstAccept.set(to, at);
    return id;
  };
  api.server = createServer((req, res) => {
    const headersAt = Date.now();
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const path = url.pathname;
      const now = Date.now();
      api.lastArrival = now;
      const log = (status, size = 0) => api.requests.push({ at: now, status, size, path });
      if (req.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) {
        log(404);
        return reply(res, 404, { statusCode: 404, name: "not_found", message: "bench fake: POST /emails or /emails/batch" });
      }
      // The rate is counted when a request arrives (its headers), as a provider's front door counts it:
      // a batch's 1.2 MB body can take several hundred ms to stream on a busy 2-core machine, and
      // timing it by its last byte would blame the sender for this machine's load.
      // Bodies end out of order, so the window is the second before this request's arrival.
      const arrived = headersAt;
      const window = api.allowed.filter((at) => at > arrived - 1000 && at <= arrived);
      if (window.length >= RATE) {
        log(429);
        const retry = Math.max(1, Math.ceil((Math.min(...window) + 1000 - arrived) / 1000));
        return reply(
          res,
          429,
          { statusCode: 429, name: "rate_limit_exceeded", message: `Too many requests: ${RATE} per second` },
          { "retry-after": String(retry) },
        );
      }
      api.allowed = [...api.allowed.filter((at) => at > arrived - 5000), arrived];
      const raw = Buffer.concat(chunks);
      let payload = null;
      try {
        payload = JSON.parse(raw.toString("utf8"));
      } catch {}
      const batch = path === "/emails/batch";
      const entries = batch ? payload : payload ? [payload] : null;
      if (!Array.isArray(entries) || !entries.length) {
        log(422);
        return reply(res, 422, { statusCode: 422, name: "validation_error", message: "no e-mails" });
      }
      if (entries.length > MAX_BATCH) {
        log(422, entries.length);
        return reply(res, 422, { statusCode: 422, name: "validation_error", message: `at most ${MAX_BATCH} e-mails a batch` });
      }
      const key = req.headers["idempotency-key"] ?? null;
      const hash = createHash("sha256").update(raw).digest("hex");
      const previous = key ? api.keys.get(key) : null;
      if (previous) {
        const status = previous.hash === hash ? previous.status : 409;
        log(status === 200 ? "200 (replayed)" : status, entries.length);
        if (status === 409)
          return reply(res, 409, { statusCode: 409, name: "invalid_idempotent_request", message: "same key, another payload" });
        return reply(res, status, previous.body);
      }
      if (batch) {
        api.batchRequests += 1;
        if (api.onBatch && (await api.onBatch(res))) {
          log("killed", entries.length);
          return; // the hook has the request (the site was killed while it waited)
        }
      }
      if (api.fault === "error500" && api.random() < ERROR_RATE) {
        log(500, entries.length);
        return reply(res, 500, { statusCode: 500, name: "internal_server_error", message: "bench fake: injected failure" });
      }
      const data = [];
      const errors = [];
      entries.forEach((entry, index) => {
        const to = [].concat(entry?.to ?? []).map(String);
        if (!to.length || to.some(invalidAddress) || !entry.subject) {
          errors.push({ index, message: `Invalid \`to\` field: ${to.join(",")}` });
        } else data.push({ id: accept(entry) });
      });
      const body = batch ? { data, errors } : data.length ? { id: data[0].id } : null;
      const status = body ? 200 : 422;
      const answer = body ?? { statusCode: 422, name: "validation_error", message: errors[0]?.message };
      if (key) api.keys.set(key, { hash, status, body: answer });
      if (api.fault === "hang" && api.batchRequests >= 3 && api.hung < HANGS) {
        api.hung += 1;
        log("hung", entries.length);
        api.held.add(res);
        res.on("close", () => api.held.delete(res));
        return;
      }
      log(status, entries.length);
      reply(res, status, answer);
    });
  });
  api.server.keepAliveTimeout = 5_000;
  api.listen = () =>
    new Promise((resolve, reject) => {
      api.server.once("error", reject);
      api.server.listen(MAIL_PORT, "127.0.0.1", resolve);
    });
  api.reset = (fault) => {
    for (const res of api.held) res.socket?.destroy();
    Object.assign(api, {
      fault,
      allowed: [],
      requests: [],
      keys: new Map(),
      accepted: [],
      firstAccept: new Map(),
      counts: new Map(),
      held: new Set(),
      hung: 0,
      batchRequests: 0,
      onBatch: null,
    });
  };
  api.close = () =>
    new Promise((resolve) => {
      for (const res of api.held) res.socket?.destroy();
      api.server.closeAllConnections?.();
      api.server.close(() => resolve());
    });
  return api;
}
