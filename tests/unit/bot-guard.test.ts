import { describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import {
  HONEYPOT_NAME,
  RETRY_MIN_FILL_MS,
  STAMP_NAME,
  STAMP_MAX_AGE_MS,
  botFields,
  checkBot,
  issueStamp,
  readStamp,
} from "~/platform/bot-guard.server";
import { testContext } from "./helpers/context";

const SECRET = "test-secret";
const T0 = Date.UTC(2025, 8, 1, 12, 0, 0);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("form stamps", () => {
  it("reads back the issue time of a stamp it signed", async () => {
    const stamp = await issueStamp(SECRET, T0);
    expect(await readStamp(SECRET, stamp, T0 + 5_000)).toEqual({ ok: true, issuedAt: T0, retry: false });
    const retry = await issueStamp(SECRET, T0, { retry: true });
    expect(await readStamp(SECRET, retry, T0 + 5_000)).toEqual({ ok: true, issuedAt: T0, retry: true });
  });

  it("signs the second-chance mark: a first stamp cannot be passed off as a second chance, nor back", async () => {
    const [, time, signature] = (await issueStamp(SECRET, T0)).split(".");
    const [, , retrySignature] = (await issueStamp(SECRET, T0, { retry: true })).split(".");
    expect(await readStamp(SECRET, `r1.${time}.${signature}`, T0)).toEqual({ ok: false, reason: "forged" });
    expect(await readStamp(SECRET, `v1.${time}.${retrySignature}`, T0)).toEqual({ ok: false, reason: "forged" });
  });

  it("refuses a stamp with a moved time, another secret's signature or garbage as forged", async () => {
    const stamp = await issueStamp(SECRET, T0);
    const [version, , signature] = stamp.split(".");
    expect(await readStamp(SECRET, `${version}.${T0 - 60_000}.${signature}`, T0)).toEqual({ ok: false, reason: "forged" });
    expect(await readStamp("other-secret", stamp, T0)).toEqual({ ok: false, reason: "forged" });
    for (const junk of ["x", "v1.abc.def", "v1.1.!!", `${stamp}.extra`]) {
      expect(await readStamp(SECRET, junk, T0)).toEqual({ ok: false, reason: "forged" });
    }
  });

  it("tells a missing stamp and an expired one apart", async () => {
    expect(await readStamp(SECRET, "", T0)).toEqual({ ok: false, reason: "missing" });
    const stamp = await issueStamp(SECRET, T0);
    expect(await readStamp(SECRET, stamp, T0 + STAMP_MAX_AGE_MS + 1)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("checkBot", () => {
  const { ctx } = testContext("http://127.0.0.1/guide-form", { FORM_MIN_FILL_MS: "3000", SESSION_SECRET: SECRET });
  vi.spyOn(console, "warn").mockImplementation(() => {});

  async function post(fields: Record<string, string>, now: number, options: { minFill?: boolean; requireStamp?: boolean } = {}) {
    return checkBot(ctx, form(fields), { ...options, now });
  }

  it("lets a person through after the minimum fill time and echoes their stamp for a re-render", async () => {
    const fields = { [STAMP_NAME]: (await botFields(ctx, { issuedAt: T0 })).stamp, [HONEYPOT_NAME]: "" };
    expect(fields[STAMP_NAME]).toBe(await issueStamp(SECRET, T0));
    const verdict = await post(fields, T0 + 3_000);
    expect(verdict.kind).toBe("person");
    expect(verdict.kind === "person" && verdict.fields.stamp).toBe(fields[STAMP_NAME]);
  });

  it("calls a filled honeypot a bot", async () => {
    const { stamp } = await botFields(ctx, { issuedAt: T0 });
    expect(await post({ [STAMP_NAME]: stamp, [HONEYPOT_NAME]: "http://spam.example" }, T0 + 60_000)).toEqual({
      kind: "bot",
      reason: "honeypot",
    });
  });

  it("asks a form sent faster than the minimum to be sent again, with a fresh second-chance stamp", async () => {
    const { stamp } = await botFields(ctx, { issuedAt: T0 });
    const verdict = await post({ [STAMP_NAME]: stamp }, T0 + 2_999);
    expect(verdict).toMatchObject({ kind: "again", reason: "too-fast", message: getPage("genius", "botGuard").tooFast });
    if (verdict.kind !== "again") return;
    expect(verdict.fields.stamp).toBe(await issueStamp(SECRET, T0 + 2_999, { retry: true }));
    // Not for a form that skips the minimum (sign-in).
    expect((await post({ [STAMP_NAME]: stamp }, T0 + 100, { minFill: false })).kind).toBe("person");
  });

  it("refuses a second machine-speed post silently, and lets a person who reads the message and presses again through", async () => {
    const { stamp } = await botFields(ctx, { issuedAt: T0 });
    const first = await post({ [STAMP_NAME]: stamp }, T0 + 500);
    if (first.kind !== "again") throw new Error(`expected again, got ${first.kind}`);
    const shownAgainAt = T0 + 500;
    const retry = { [STAMP_NAME]: first.fields.stamp };
    expect(await post(retry, shownAgainAt + RETRY_MIN_FILL_MS - 1)).toEqual({ kind: "bot", reason: "too-fast" });
    const person = await post(retry, shownAgainAt + RETRY_MIN_FILL_MS);
    expect(person.kind).toBe("person");
    // A re-render (a field error) keeps the second-chance stamp: fixing a field does not restart the clock.
    expect(person.kind === "person" && person.fields.stamp).toBe(first.fields.stamp);
  });

  it("gives a second-chance stamp no more than the minimum itself", async () => {
    const quick = testContext("http://127.0.0.1/guide-form", { FORM_MIN_FILL_MS: "400", SESSION_SECRET: SECRET }).ctx;
    const retry = await issueStamp(SECRET, T0, { retry: true });
    expect((await checkBot(quick, form({ [STAMP_NAME]: retry }), { now: T0 + 399 })).kind).toBe("bot");
    expect((await checkBot(quick, form({ [STAMP_NAME]: retry }), { now: T0 + 400 })).kind).toBe("person");
  });

  it("calls a forged stamp a bot", async () => {
    const forged = await issueStamp("not-our-secret", T0);
    expect(await post({ [STAMP_NAME]: forged }, T0 + 60_000)).toEqual({ kind: "bot", reason: "forged-stamp" });
  });

  it("asks a person with a missing or expired stamp to send again, with a stamp that already counts as filled", async () => {
    const now = T0 + STAMP_MAX_AGE_MS + 10;
    const expired = await issueStamp(SECRET, T0);
    for (const fields of [{}, { [STAMP_NAME]: expired }] as Record<string, string>[]) {
      const verdict = await post(fields, now);
      expect(verdict).toMatchObject({ kind: "again", reason: "stale" });
      if (verdict.kind !== "again") continue;
      expect(verdict.message).toMatch(/send/i);
      // The retry is judged on the new stamp, which is back-dated by the minimum fill time.
      expect((await post({ [STAMP_NAME]: verdict.fields.stamp }, now)).kind).toBe("person");
    }
  });

  it("lets a form without a stamp through when the form does not require one (sign-in)", async () => {
    expect((await post({}, T0, { requireStamp: false, minFill: false })).kind).toBe("person");
    expect((await post({ [HONEYPOT_NAME]: "x" }, T0, { requireStamp: false, minFill: false })).kind).toBe("bot");
  });

  it("uses FORM_MIN_FILL_MS, 0 turning the minimum off", async () => {
    const fast = testContext("http://127.0.0.1/guide-form", { FORM_MIN_FILL_MS: "0" }).ctx;
    const { stamp } = await botFields(fast, { issuedAt: T0 });
    expect((await checkBot(fast, form({ [STAMP_NAME]: stamp }), { now: T0 })).kind).toBe("person");
  });

  it("gives the form the honeypot's name and label from content, and the Turnstile key only when asked and configured", async () => {
    const fields = await botFields(ctx, { issuedAt: T0 });
    expect(fields.honeypotName).toBe(HONEYPOT_NAME);
    expect(fields.honeypotLabel.length).toBeGreaterThan(3);
    expect(fields.turnstileSiteKey).toBeNull();
    const withKey = testContext("http://127.0.0.1/guide-form", {
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
    }).ctx;
    expect((await botFields(withKey, { turnstile: true })).turnstileSiteKey).toBe("1x00000000000000000000AA");
    expect((await botFields(withKey, { turnstile: false })).turnstileSiteKey).toBeNull();
  });
});

describe("the page CSP and Turnstile", () => {
  it("allows challenges.cloudflare.com only when Turnstile is configured", async () => {
    const { contentSecurityPolicy } = await import("~/utils/security.server");
    expect(contentSecurityPolicy({ nonce: "n" })).not.toContain("challenges.cloudflare.com");
    const on = contentSecurityPolicy({ nonce: "n", turnstile: true });
    for (const directive of ["script-src", "frame-src", "connect-src"]) {
      expect(on.split("; ").find((part) => part.startsWith(directive))).toContain("https://challenges.cloudflare.com");
    }
  });
});
