#!/usr/bin/env node
// A stand-in for Resend's API for the e2e preview server: POST /emails (one mail) and POST
// /emails/batch (up to 100, as the mail queue's consumer sends them) are accepted and recorded, each
// mail with its JSON fields and the request's Idempotency-Key; a key seen before is answered with
// its first answer and records nothing. GET /__sent answers everything recorded so far, GET / says
// it is up. Nothing leaves the machine. Usage: node scripts/fake-resend.mjs PORT
import { createServer } from "node:http";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: node scripts/fake-resend.mjs PORT");

/** Every mail handed to the "provider": { id, to, subject, from, idempotencyKey }. */
const sent = [];
/** Idempotency-Key -> the first answer. */
const answers = new Map();

const reply = (res, status, json) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(json));
};

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/__sent") return reply(res, 200, sent);
  if (req.method === "GET" && url.pathname === "/") return reply(res, 200, { ok: true });
  const batch = url.pathname === "/emails/batch";
  if (req.method !== "POST" || (url.pathname !== "/emails" && !batch)) {
    return reply(res, 404, { statusCode: 404, name: "not_found", message: "fake Resend: POST /emails or /emails/batch" });
  }
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return reply(res, 422, { statusCode: 422, name: "validation_error", message: "body is not JSON" });
    }
    const key = req.headers["idempotency-key"] ?? null;
    if (key && answers.has(key)) return reply(res, 200, answers.get(key));
    const mails = batch ? (Array.isArray(body) ? body : []) : [body];
    const ids = mails.map((mail) => {
      const id = `fake-${sent.length + 1}`;
      sent.push({ id, to: mail.to, from: mail.from, subject: mail.subject, idempotencyKey: key });
      return id;
    });
    const answer = batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] };
    if (key) answers.set(key, answer);
    reply(res, 200, answer);
  });
}).listen(port, "127.0.0.1", () => console.log(`fake Resend on http://127.0.0.1:${port}`));
