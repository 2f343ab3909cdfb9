import { pbkdf2Sync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fromBase64, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "~/auth/password.server";

describe("local account passwords (PBKDF2-SHA256)", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("stores 100,000 iterations, a 16-byte salt and a 32-byte key, and really derives with them", async () => {
    const stored = await hashPassword("s3cret-pass");
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(stored.iterations).toBe(100_000);
    expect(fromBase64(stored.salt)).toHaveLength(16);
    expect(fromBase64(stored.hash)).toHaveLength(32);
    // An independent PBKDF2 (Node's) with the stored salt and count gives the stored hash.
    const expected = pbkdf2Sync("s3cret-pass", Buffer.from(stored.salt, "base64"), 100_000, 32, "sha256");
    expect(stored.hash).toBe(expected.toString("base64"));
  });

  it("uses a fresh salt per hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it("refuses when the stored hash, salt or iteration count was tampered with", async () => {
    const stored = await hashPassword("right password");
    const flip = (b64: string) => {
      const bytes = fromBase64(b64);
      bytes[0] ^= 1;
      return Buffer.from(bytes).toString("base64");
    };
    expect(await verifyPassword("right password", { ...stored, hash: flip(stored.hash) })).toBe(false);
    expect(await verifyPassword("right password", { ...stored, salt: flip(stored.salt) })).toBe(false);
    expect(await verifyPassword("right password", { ...stored, iterations: 99_999 })).toBe(false);
    expect(await verifyPassword("right password", { ...stored, hash: "not base64!" })).toBe(false);
    expect(await verifyPassword("right password", { ...stored, hash: stored.hash.slice(0, 20) })).toBe(false);
  });

  it("verifies with the stored count, so older hashes with fewer iterations keep working", async () => {
    const older = await hashPassword("legacy password", 1_000);
    expect(older.iterations).toBe(1_000);
    expect(await verifyPassword("legacy password", older)).toBe(true);
  });
});
