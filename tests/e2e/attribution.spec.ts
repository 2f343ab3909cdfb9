import { expect, pathIn, test, variants } from "./fixtures";

/** SPEC 4.1: ?r= and utm_* on a landing URL are remembered in the signed session cookie. */
for (const v of variants) {
  test(`attribution: ${v.key} landing URL with r and utm sets the session cookie`, async ({ page, context }) => {
    await page.goto(pathIn(v, "home"));
    expect((await context.cookies()).find((c) => c.name === "__session")).toBeUndefined();

    const response = await page.goto(pathIn(v, "home", { r: "abcd2345", utm_source: "newsletter" }));
    expect(response?.status()).toBe(200);
    const cookie = (await context.cookies()).find((c) => c.name === "__session");
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // The signed payload (base64 JSON before the signature) holds what was captured.
    const payload = JSON.parse(atob(decodeURIComponent(cookie!.value).split(".")[0]));
    expect(payload.attribution).toEqual({ r: "ABCD2345", utm_source: "newsletter" });
  });
}
