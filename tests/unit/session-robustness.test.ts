import { describe, expect, it } from "vitest";
import { ConfigError } from "~/utils/env.server";
import {
  commitSession,
  getSession,
  getVariantValues,
  isAuthenticated,
  setVariantValues,
  type SessionContext,
} from "~/utils/session.server";
import type { Variant } from "~/utils/variant";

/**
 * A session cookie the server did not write (cut, garbled, signed with another secret, far too
 * big) is a visitor without a session: a new, empty session, never an error page.
 */

const GENIUS: Variant = { domain: "genius" };
const PROD: SessionContext = { env: { SESSION_SECRET: "current-secret" }, isLocal: false };
const OTHER: SessionContext = { env: { SESSION_SECRET: "another-secret" }, isLocal: false };

const withCookie = (cookie: string) => new Request("https://aiparenting.example/form", { headers: { Cookie: cookie } });

async function cookieSignedWith(ctx: SessionContext, values: Record<string, string>) {
  const session = await getSession(new Request("https://aiparenting.example/"), ctx);
  setVariantValues(session, GENIUS, values);
  return (await commitSession(session, ctx)).split(";")[0];
}

const huge = "A".repeat(64 * 1024);

const forged: [string, string | (() => Promise<string>)][] = [
  ["a dot between two words", "__session=x.y"],
  ["garbage without a dot", "__session=garbage"],
  ["a broken percent escape", "__session=%E0%A4%A"],
  ["a payload with a one-character signature", "__session=eyJhIjoxfQ==.abc"],
  ["a signature that is not base64", "__session=eyJhIjoxfQ==.!!!!"],
  ["only dots", "__session=.."],
  ["a payload that is not JSON", `__session=${encodeURIComponent(btoa("not json"))}.AAAA`],
  ["a huge value", `__session=${huge}`],
  ["a huge value with a dot", `__session=${huge}.${huge}`],
  ["non-ASCII characters", "__session=\u00e9\u00e8.\u00fc"],
  ["a cookie signed with another secret", () => cookieSignedWith(OTHER, { leadId: "someone-else" })],
];

describe("getSession with a cookie the server did not write", () => {
  it.each(forged)("%s: a new, empty session", async (_case, cookie) => {
    const header = typeof cookie === "string" ? cookie : await cookie();
    const session = await getSession(withCookie(`consent=granted; ${header}`), PROD);
    expect(session.data).toEqual({});
    expect(getVariantValues(session, GENIUS)).toEqual({});
    expect(isAuthenticated(session)).toBe(false);
    // The visitor can go on: the new session saves and reads back.
    setVariantValues(session, GENIUS, { leadId: "fresh" });
    const next = withCookie((await commitSession(session, PROD)).split(";")[0]);
    expect(getVariantValues(await getSession(next, PROD), GENIUS)).toEqual({ leadId: "fresh" });
  });

  it("a properly signed cookie is still read", async () => {
    const cookie = await cookieSignedWith(PROD, { leadId: "mine" });
    expect(getVariantValues(await getSession(withCookie(cookie), PROD), GENIUS)).toEqual({ leadId: "mine" });
  });

  it("a missing secret off localhost is still a configuration error, not an empty session", async () => {
    const noSecret: SessionContext = { env: { SESSION_SECRET: undefined }, isLocal: false };
    await expect(getSession(withCookie("__session=x.y"), noSecret)).rejects.toThrow(ConfigError);
  });
});
