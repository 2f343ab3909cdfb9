import { describe, expect, it } from "vitest";
import { ConfigError } from "~/utils/env.server";
import {
  MAX_TOASTS,
  addToast,
  attributionChannel,
  attributionFields,
  captureAttribution,
  clearVariantValues,
  commitSession,
  getSession,
  getVariantValue,
  getVariantValues,
  hasAttributionParams,
  isAuthenticated,
  setAuthenticated,
  setVariantValues,
  takeToasts,
  type AppSession,
  type SessionContext,
} from "~/utils/session.server";
import type { Variant } from "~/utils/variant";

const GENIUS: Variant = { domain: "genius" };
const HOCKEY: Variant = { domain: "champion", sport: "icehockey" };
const TENNIS: Variant = { domain: "champion", sport: "tennis" };

const PROD: SessionContext = { env: { SESSION_SECRET: "current-secret" }, isLocal: false };
const LOCAL: SessionContext = { env: { SESSION_SECRET: undefined }, isLocal: true };

function cookieOf(setCookie: string): string {
  return setCookie.split(";")[0];
}

/** Commits the session and reads it back from a new request, as the browser's next visit would. */
async function roundTrip(session: AppSession, ctx: SessionContext = PROD, readCtx: SessionContext = ctx) {
  const setCookie = await commitSession(session, ctx);
  const request = new Request("https://aiparenting.example/", { headers: { Cookie: cookieOf(setCookie) } });
  return getSession(request, readCtx);
}

async function freshSession(ctx: SessionContext = PROD) {
  return getSession(new Request("https://aiparenting.example/"), ctx);
}

describe("session cookie", () => {
  it("is __session, HttpOnly, SameSite=Lax, path /, 30 days, Secure off localhost only", async () => {
    const prod = await commitSession(await freshSession(PROD), PROD);
    expect(prod).toMatch(/^__session=/);
    expect(prod).toMatch(/; HttpOnly/);
    expect(prod).toMatch(/; SameSite=Lax/);
    expect(prod).toMatch(/; Path=\//);
    expect(prod).toMatch(/; Max-Age=2592000/);
    expect(prod).toMatch(/; Secure/);
    const local = await commitSession(await freshSession(LOCAL), LOCAL);
    expect(local).not.toMatch(/Secure/);
  });

  it("requires SESSION_SECRET off localhost and uses a dev secret only on localhost", async () => {
    const noSecret: SessionContext = { env: { SESSION_SECRET: undefined }, isLocal: false };
    await expect(freshSession(noSecret)).rejects.toThrow(ConfigError);
    await expect(freshSession(noSecret)).rejects.toThrow("SESSION_SECRET is required off localhost");
    await expect(freshSession({ env: { SESSION_SECRET: " , " }, isLocal: false })).rejects.toThrow(ConfigError);
    const local = await freshSession(LOCAL);
    setVariantValues(local, GENIUS, { leadId: "dev-lead" });
    expect(getVariantValue(await roundTrip(local, LOCAL), GENIUS, "leadId")).toBe("dev-lead");
  });

  it("rotation: a cookie signed with the old secret is still read; new cookies use the new one", async () => {
    const old: SessionContext = { env: { SESSION_SECRET: "old-secret" }, isLocal: false };
    const rotated: SessionContext = { env: { SESSION_SECRET: "new-secret, old-secret" }, isLocal: false };
    const newOnly: SessionContext = { env: { SESSION_SECRET: "new-secret" }, isLocal: false };
    const session = await freshSession(old);
    setVariantValues(session, TENNIS, { leadId: "lead-1" });
    const readAfterRotation = await roundTrip(session, old, rotated);
    expect(getVariantValue(readAfterRotation, TENNIS, "leadId")).toBe("lead-1");
    // Re-committed under the rotation list, the cookie is signed with the first (new) secret.
    expect(getVariantValue(await roundTrip(readAfterRotation, rotated, newOnly), TENNIS, "leadId")).toBe("lead-1");
    // Once the old secret is dropped, an old cookie is no longer trusted.
    expect(getVariantValues(await roundTrip(session, old, newOnly), TENNIS)).toEqual({});
  });

  it("ignores a tampered cookie", async () => {
    const session = await freshSession();
    setVariantValues(session, GENIUS, { leadId: "mine" });
    const [name, value] = cookieOf(await commitSession(session, PROD)).split("=");
    const [payload, signature] = decodeURIComponent(value).split(".");
    const forged = btoa(JSON.stringify({ "v:genius": { leadId: "someone-else" } }));
    expect(forged).not.toBe(payload);
    const request = new Request("https://aiparenting.example/", {
      headers: { Cookie: `${name}=${encodeURIComponent(`${forged}.${signature}`)}` },
    });
    expect(getVariantValues(await getSession(request, PROD), GENIUS)).toEqual({});
  });
});

describe("values per variant (SPEC 3.7)", () => {
  it("keeps each variant's values apart", async () => {
    const session = await freshSession();
    setVariantValues(session, TENNIS, { leadId: "tennis-lead", userEmail: "t@x.io", selectedPlan: "compete" });
    setVariantValues(session, HOCKEY, { leadId: "hockey-lead", billingCycle: "yearly" });
    const read = await roundTrip(session);
    expect(getVariantValues(read, TENNIS)).toEqual({ leadId: "tennis-lead", userEmail: "t@x.io", selectedPlan: "compete" });
    expect(getVariantValue(read, HOCKEY, "leadId")).toBe("hockey-lead");
    expect(getVariantValue(read, HOCKEY, "userEmail")).toBeUndefined();
    expect(getVariantValues(read, GENIUS)).toEqual({});
    // An unknown sport is its own variant too.
    expect(getVariantValues(read, { domain: "champion", sport: "golf" })).toEqual({});
  });

  it("updates, removes and clears keys of one variant only", async () => {
    const session = await freshSession();
    setVariantValues(session, GENIUS, { leadId: "g1", userEmail: "g@x.io", selectedPlan: "growth", refLink: "https://x/r" });
    setVariantValues(session, TENNIS, { leadId: "t1", userEmail: "t@x.io" });
    setVariantValues(session, GENIUS, { selectedPlan: "genius", refLink: null });
    expect(getVariantValues(session, GENIUS)).toEqual({ leadId: "g1", userEmail: "g@x.io", selectedPlan: "genius" });
    clearVariantValues(session, GENIUS, ["userEmail", "leadId", "selectedPlan", "billingCycle"]);
    const read = await roundTrip(session);
    expect(getVariantValues(read, GENIUS)).toEqual({});
    expect(getVariantValues(read, TENNIS)).toEqual({ leadId: "t1", userEmail: "t@x.io" });
  });

  it("keeps the authenticated flag across variants", async () => {
    const session = await freshSession();
    expect(isAuthenticated(session)).toBe(false);
    setAuthenticated(session, true);
    const read = await roundTrip(session);
    expect(isAuthenticated(read)).toBe(true);
    setAuthenticated(read, false);
    expect(isAuthenticated(await roundTrip(read))).toBe(false);
  });
});

describe("attribution (SPEC 4.1)", () => {
  const url = (query: string) => new URL(`https://aiparenting.example/?${query}`);

  it("captures r (trimmed, upper-case) and the five utm parameters", async () => {
    const session = await freshSession();
    const changed = captureAttribution(
      new Request(
        "https://aiparenting.example/?r=%20abcd2345%20&utm_source=fb&utm_medium=cpc&utm_campaign=launch&utm_term=kids&utm_content=v1",
      ),
      session,
    );
    expect(changed).toBe(true);
    expect(attributionFields(await roundTrip(session))).toEqual({
      referred_by: "ABCD2345",
      utm_source: "fb",
      utm_medium: "cpc",
      utm_campaign: "launch",
      utm_term: "kids",
      utm_content: "v1",
    });
  });

  it("gives all-null fields when nothing was captured", async () => {
    expect(attributionFields(await freshSession())).toEqual({
      referred_by: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });
  });

  it("keeps the first touch when later URLs carry nothing, and takes new values when they come", async () => {
    const session = await freshSession();
    captureAttribution(url("r=FIRST234&utm_source=google&utm_campaign=spring"), session);
    expect(captureAttribution(url("domain=champion"), session)).toBe(false);
    expect(captureAttribution(url("r=first234&utm_source=google&utm_campaign=spring"), session)).toBe(false);
    expect(attributionFields(session)).toMatchObject({ referred_by: "FIRST234", utm_source: "google", utm_campaign: "spring" });
    // A new campaign replaces the whole utm set; the referral code stays.
    expect(captureAttribution(url("utm_source=newsletter"), session)).toBe(true);
    expect(attributionFields(session)).toMatchObject({ referred_by: "FIRST234", utm_source: "newsletter", utm_campaign: null });
    expect(captureAttribution(url("r=SECOND23"), session)).toBe(true);
    expect(attributionFields(session).referred_by).toBe("SECOND23");
  });

  it("ignores invalid values: over-long utm, codes over 16 characters or with other characters", async () => {
    const session = await freshSession();
    const changed = captureAttribution(url(`r=${"A".repeat(17)}&utm_source=${"x".repeat(101)}&utm_medium=${"y".repeat(100)}`), session);
    expect(changed).toBe(true);
    expect(attributionFields(session)).toMatchObject({ referred_by: null, utm_source: null, utm_medium: "y".repeat(100) });
    expect(captureAttribution(url("r=<script>"), session)).toBe(false);
    expect(captureAttribution(url("r=&utm_source="), session)).toBe(false);
    expect(attributionFields(session).referred_by).toBeNull();
  });

  it("captures the share channel c with r, and drops unknown channels (issue 34)", async () => {
    const session = await freshSession();
    expect(captureAttribution(url("r=ABCD2345&c=wa"), session)).toBe(true);
    expect(attributionChannel(await roundTrip(session))).toBe("wa");
    // Unknown values are dropped; a new code without a known channel clears the old one.
    expect(captureAttribution(url("r=SECOND23&c=tiktok"), session)).toBe(true);
    expect(attributionFields(session).referred_by).toBe("SECOND23");
    expect(attributionChannel(session)).toBeNull();
    // A channel alone (no code) says nothing.
    expect(captureAttribution(url("c=fb"), session)).toBe(false);
    expect(attributionChannel(session)).toBeNull();
    expect(captureAttribution(url("r=SECOND23&c=EMAIL"), session)).toBe(true);
    expect(attributionChannel(session)).toBe("email");
    expect(hasAttributionParams(url("c=wa"))).toBe(false);
  });

  it("hasAttributionParams spots r and utm_* only", () => {
    expect(hasAttributionParams(url("r=ABC"))).toBe(true);
    expect(hasAttributionParams(url("utm_content=x"))).toBe(true);
    expect(hasAttributionParams(url("domain=champion&sport=tennis"))).toBe(false);
  });
});

describe("flash toasts (SPEC 3.8)", () => {
  it("are read once", async () => {
    const session = await freshSession();
    addToast(session, { type: "success", message: "Plan saved." });
    addToast(session, { type: "error", message: "Could not save." });
    const next = await roundTrip(session);
    expect(takeToasts(next).map(({ type, message }) => ({ type, message }))).toEqual([
      { type: "success", message: "Plan saved." },
      { type: "error", message: "Could not save." },
    ]);
    expect(takeToasts(await roundTrip(next))).toEqual([]);
  });

  it("keeps at most 20, dropping the oldest", async () => {
    const session = await freshSession();
    for (let i = 1; i <= 25; i++) addToast(session, { type: "success", message: `Toast ${i}` });
    const toasts = takeToasts(await roundTrip(session));
    expect(toasts).toHaveLength(MAX_TOASTS);
    expect(toasts[0].message).toBe("Toast 6");
    expect(toasts[19].message).toBe("Toast 25");
  });

  it("never makes the cookie too big to set, even with long messages", async () => {
    const session = await freshSession();
    setVariantValues(session, GENIUS, { leadId: crypto.randomUUID(), refLink: `https://aiparenting.example/?r=${"A".repeat(8)}` });
    for (let i = 0; i < 25; i++) addToast(session, { type: "error", message: `${i} ${"long message ".repeat(40)}` });
    const setCookie = await commitSession(session, PROD);
    expect(setCookie.length).toBeLessThan(4096);
    const toasts = takeToasts(await roundTrip(session));
    expect(toasts.length).toBeGreaterThan(0);
    expect(toasts[toasts.length - 1].message.startsWith("24 ")).toBe(true);
  });
});
