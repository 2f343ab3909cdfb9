import { expect, pathIn, test, variants } from "./fixtures";

// One variant: every landing page captures ?r= and utm_* the same way; a sport edition's URL, so
// they are read next to its own domain and sport parameters.
const v = variants.find((item) => item.key === "tennis")!;

/** SPEC 4.1: ?r= and utm_* on a landing URL are remembered in the signed session cookie. */
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
