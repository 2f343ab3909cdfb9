import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The e2e suite's webhook receivers: the Standard Webhooks signature check written out here
 * (node:crypto, not the app's module), and a receiver that logs every event it is sent.
 */

/** HMAC-SHA256 of "id.timestamp.body" under the base64 after whsec_, any of the v1 entries, 5 min tolerance. */
export function verifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const [id, timestamp, signature] = ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => String(headers[name] ?? ""));
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac("sha256", Buffer.from(secret.replace(/^whsec_/, ""), "base64"))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signature.split(" ").some((entry) => {
    const [version, value] = entry.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A new endpoint secret, as the admin page makes them. */
export const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

type LoggedEvent = { id: string; type: string; data: Record<string, unknown>; valid: boolean };

/** A receiver on a free port that answers 200 and logs each event with whether `secret` signed it. */
export async function startEventLog(secret: string) {
  const events: LoggedEvent[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const parsed = JSON.parse(body || "{}") as { type?: string; data?: Record<string, unknown> };
      events.push({
        id: String(request.headers["webhook-id"]),
        type: String(parsed.type),
        data: parsed.data ?? {},
        valid: verifies(secret, request.headers, body),
      });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  return { events, url, close: () => server.close() };
}
