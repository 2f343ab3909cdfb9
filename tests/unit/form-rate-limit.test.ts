import { describe, expect, it } from "vitest";
import { TOO_MANY_FORM_POSTS, formPostLimited } from "~/utils/rate-limit.server";

const request = (ip?: string) => new Request("http://localhost/form", { method: "POST", headers: ip ? { "CF-Connecting-IP": ip } : {} });

describe("formPostLimited", () => {
  it("keys the limit by form and client IP and says why when over it", async () => {
    const keys: string[] = [];
    const limiter = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: keys.length <= 1 }) };
    expect(await formPostLimited({ FORM_LIMITER: limiter }, request("203.0.113.7"), "guide")).toBeNull();
    expect(await formPostLimited({ FORM_LIMITER: limiter }, request("203.0.113.7"), "guide")).toBe(TOO_MANY_FORM_POSTS);
    expect(keys).toEqual(["guide:203.0.113.7", "guide:203.0.113.7"]);
  });

  it("allows posts when the binding is missing (Vite dev)", async () => {
    expect(await formPostLimited({}, request(), "form")).toBeNull();
  });
});
