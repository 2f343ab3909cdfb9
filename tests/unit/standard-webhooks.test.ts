import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newSecret, sign, signedHeaders, verify } from "~/webhooks/standard-webhooks";

// The spec's published example (standard-webhooks/standard-webhooks, libraries' tests).
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const MSG_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const TIMESTAMP = 1614265330;
const PAYLOAD = '{"test": 2432232314}';
const SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
const AT = new Date(TIMESTAMP * 1000);

const headers = (signature: string, timestamp = TIMESTAMP) => ({
  "webhook-id": MSG_ID,
  "webhook-timestamp": String(timestamp),
  "webhook-signature": signature,
});

describe("Standard Webhooks signatures", () => {
  it("signs the spec's example to its published signature", () => {
    expect(sign(SECRET, MSG_ID, TIMESTAMP, PAYLOAD)).toBe(SIGNATURE);
    // The same by the spec's words, with Node's HMAC: key = base64 after whsec_, over "id.timestamp.body".
    const key = Buffer.from(SECRET.slice("whsec_".length), "base64");
    const byHand = createHmac("sha256", key).update(`${MSG_ID}.${TIMESTAMP}.${PAYLOAD}`).digest("base64");
    expect(SIGNATURE).toBe(`v1,${byHand}`);
  });

  it("verifies the published example, and not a changed body, id or secret", () => {
    expect(verify(SECRET, headers(SIGNATURE), PAYLOAD, AT)).toBe(true);
    expect(verify(SECRET, headers(SIGNATURE), '{"test": 2432232315}', AT)).toBe(false);
    expect(verify(SECRET, { ...headers(SIGNATURE), "webhook-id": "msg_other" }, PAYLOAD, AT)).toBe(false);
    expect(verify(newSecret(), headers(SIGNATURE), PAYLOAD, AT)).toBe(false);
    expect(verify(SECRET, headers("v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="), PAYLOAD, AT)).toBe(false);
    expect(verify(SECRET, headers("v1,"), PAYLOAD, AT)).toBe(false);
  });

  it("accepts a timestamp within 5 minutes either way, not beyond", () => {
    const later = (seconds: number) => new Date((TIMESTAMP + seconds) * 1000);
    expect(verify(SECRET, headers(SIGNATURE), PAYLOAD, later(300))).toBe(true);
    expect(verify(SECRET, headers(SIGNATURE), PAYLOAD, later(301))).toBe(false);
    expect(verify(SECRET, headers(SIGNATURE), PAYLOAD, later(-301))).toBe(false);
    expect(verify(SECRET, headers(SIGNATURE, Number.NaN), PAYLOAD, AT)).toBe(false);
  });

  it("a rotation signs with both secrets, and either verifies", () => {
    const fresh = newSecret();
    const signed = signedHeaders([fresh, SECRET], MSG_ID, TIMESTAMP, PAYLOAD);
    expect(signed["webhook-signature"].split(" ")).toEqual([sign(fresh, MSG_ID, TIMESTAMP, PAYLOAD), SIGNATURE]);
    expect(verify(SECRET, signed, PAYLOAD, AT)).toBe(true);
    expect(verify(fresh, signed, PAYLOAD, AT)).toBe(true);
  });

  it("makes whsec_ secrets of 24 random bytes", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newSecret()).not.toBe(secret);
  });
});
