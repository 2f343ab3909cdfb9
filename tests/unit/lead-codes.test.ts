import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PENDING_EMAIL, hashedEmail, refCode, withUniqueRefCode } from "~/data/lead-codes.server";
import { DuplicateRefCodeError } from "~/data/lead-model";

describe("hashedEmail (SPEC 9)", () => {
  it("is the first 12 hex characters of SHA-256 of the normalised e-mail", async () => {
    const expected = createHash("sha256").update("parent@example.com").digest("hex").slice(0, 12);
    expect(await hashedEmail("parent@example.com")).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{12}$/);
  });

  it("is the same for case and surrounding-space variants, and differs between e-mails", async () => {
    const base = await hashedEmail("parent@example.com");
    expect(await hashedEmail("  Parent@EXAMPLE.com\t")).toBe(base);
    expect(await hashedEmail("other@example.com")).not.toBe(base);
  });
});

describe("refCode (SPEC 9)", () => {
  it("is 8 upper-case characters, stable for the same e-mail and timestamp", async () => {
    const code = await refCode("parent@example.com", 1_756_728_000_000);
    expect(code).toMatch(/^[A-Z2-7]{8}$/);
    expect(await refCode("Parent@Example.com ", 1_756_728_000_000)).toBe(code);
  });

  it("differs by timestamp and by e-mail", async () => {
    const codes = new Set<string>();
    for (let t = 0; t < 50; t++) codes.add(await refCode("parent@example.com", 1_756_728_000_000 + t));
    expect(codes.size).toBe(50);
    expect(await refCode("other@example.com", 1_756_728_000_000)).not.toBe(await refCode("parent@example.com", 1_756_728_000_000));
  });
});

describe("withUniqueRefCode", () => {
  it("tries new codes while the store reports a collision", async () => {
    const tried: string[] = [];
    const result = await withUniqueRefCode("p@x.io", async (code) => {
      tried.push(code);
      if (tried.length < 3) throw new DuplicateRefCodeError();
      return code;
    });
    expect(tried).toHaveLength(3);
    expect(new Set(tried).size).toBe(3);
    expect(result).toBe(tried[2]);
  });

  it("passes other errors through at once and gives up after the attempts", async () => {
    let calls = 0;
    await expect(
      withUniqueRefCode("p@x.io", async () => {
        calls++;
        throw new Error("backend down");
      }),
    ).rejects.toThrow("backend down");
    expect(calls).toBe(1);
    await expect(
      withUniqueRefCode(
        "p@x.io",
        async () => {
          throw new DuplicateRefCodeError();
        },
        { attempts: 3 },
      ),
    ).rejects.toBeInstanceOf(DuplicateRefCodeError);
  });

  it("exports the pending placeholder address", () => {
    expect(PENDING_EMAIL).toBe("pending@placeholder.invalid");
  });
});
