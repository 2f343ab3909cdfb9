#!/usr/bin/env node
// A stand-in for Resend's API for the e2e preview server: POST /emails is accepted and recorded
// (its JSON body and Idempotency-Key), GET /__sent answers everything recorded so far, GET / says
// it is up. Nothing leaves the machine. Usage: node scripts/fake-resend.mjs PORT
import { createServer } from "node:http";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: node scripts/fake-resend.mjs PORT");

/** Every mail handed to the "provider": { to, subject, from, idempotencyKey, at }. */
const sent = [];

const reply = (res, status, json) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(json));
};

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/__sent") return reply(res, 200, sent);
  if (req.method === "GET" && url.pathname === "/") return reply(res, 200, { ok: true });
  if (req.method !== "POST" || url.pathname !== "/emails") {
    return reply(res, 404, { statusCode: 404, name: "not_found", message: "fake Resend: only POST /emails" });
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
    const id = `fake-${sent.length + 1}`;
    sent.push({ id, to: body.to, from: body.from, subject: body.subject, idempotencyKey: req.headers["idempotency-key"] ?? null });
    reply(res, 200, { id });
  });
}).listen(port, "127.0.0.1", () => console.log(`fake Resend on http://127.0.0.1:${port}`));
