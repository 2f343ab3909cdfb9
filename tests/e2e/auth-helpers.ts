import { pbkdf2Sync, randomBytes, randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type BrowserContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { getPage } from "../../content/index";
import { linkTo } from "../../app/utils/links";
import { LIVE_URL, MAIN_URL, pathIn, queryD1, sqlString, type VariantCase } from "./site";
import { mailLink } from "./walks";

/**
 * Shared Playwright steps for accounts (the signup/admin contract): sign up through the UI and
 * open the confirmation link from the local outbox; sign in through the UI.
 */

export type NewAccount = { email: string; password: string; name: string };

/**
 * Gives this page its own client address. Sign-in is rate limited per IP (10 a minute, see
 * wrangler.toml); wrangler dev takes CF-Connecting-IP from the request, so tests that sign in
 * pretend to be different visitors instead of sharing one budget.
 */
export async function useDistinctClientIp(page: Page): Promise<string> {
  const part = () => Math.floor(Math.random() * 254) + 1;
  const ip = `10.${part()}.${part()}.${part()}`;
  await page.context().setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  return ip;
}

/** The /signup-confirm?token=... link of the newest confirmation e-mail to `email` (on the main server unless told). */
export async function confirmationLink(page: Page, email: string, server = MAIN_URL): Promise<string> {
  const link = await mailLink(page, email, "signup-confirm", { template: "confirm-account", server });
  expect(new URL(link).searchParams.get("token"), `token in the confirmation e-mail to ${email}`).toBeTruthy();
  return link;
}

/** Signs up through /signup, then opens the e-mailed link: the page ends on a signed-in /signup-confirm. */
export async function signUpAndConfirm(page: Page, v: VariantCase, account: NewAccount): Promise<void> {
  const copy = getPage(v.key, "signup");
  await page.goto(pathIn(v, "signup"));
  await page.getByLabel(copy.fields.email, { exact: true }).fill(account.email);
  await page.getByLabel(copy.fields.name, { exact: true }).fill(account.name);
  await page.getByLabel(copy.fields.password, { exact: true }).fill(account.password);
  await page.getByLabel(copy.fields.confirmPassword, { exact: true }).fill(account.password);
  await page.getByRole("button", { name: copy.signup.submit, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.checkEmail);

  await page.goto(await confirmationLink(page, account.email));
  await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm" && !url.searchParams.has("token"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.confirm.success);
}

/**
 * Signs in through /signup?mode=signin and waits for /signup-confirm (after 'Sign in successful!'
 * with JavaScript, at once without). Uses a fresh client address (see useDistinctClientIp).
 */
export async function signIn(page: Page, v: VariantCase, email: string, password: string): Promise<void> {
  const copy = getPage(v.key, "signup");
  await useDistinctClientIp(page);
  await page.goto(pathIn(v, "signup", { mode: "signin" }));
  await page.getByLabel(copy.fields.email, { exact: true }).fill(email);
  await page.getByLabel(copy.fields.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: copy.signin.submit, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/signup-confirm");
}

/**
 * A confirmed local account inserted straight into a server's D1 (the main server's unless told) (PBKDF2-SHA256, 100,000
 * iterations, as app/auth/password.server.ts): for tests that need an account but not the sign-up flow.
 */
export async function createConfirmedAccount(
  email: string,
  password: string,
  role: "user" | "admin" = "user",
  server: "main" | "live" | "preview" = "main",
): Promise<string> {
  const id = randomUUID();
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  await queryD1(
    `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
     VALUES (${sqlString(id)}, ${sqlString(email)}, 'E2E Owner', ${sqlString(hash.toString("base64"))},
             ${sqlString(salt.toString("base64"))}, 100000, ${sqlString(role)}, ${sqlString(new Date().toISOString())})`,
    server,
  );
  return id;
}

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
export type SignedInAdmin = { email: string; storageState: StorageState; signedInAt: number };

/**
 * Signs in through the sign-in form's POST (no page), from a client address of its own, and returns
 * the cookies it set: a context given them is signed in as that account.
 */
export async function signInAsRequest(
  playwright: PlaywrightWorkerArgs["playwright"],
  email: string,
  password: string,
  server: "main" | "live" = "main",
): Promise<SignedInAdmin> {
  const part = () => Math.floor(Math.random() * 254) + 1;
  const api = await playwright.request.newContext({
    baseURL: server === "main" ? MAIN_URL : LIVE_URL,
    extraHTTPHeaders: { "CF-Connecting-IP": `10.${part()}.${part()}.${part()}` },
  });
  try {
    const signedInAt = Date.now();
    const response = await api.post(linkTo({ domain: "genius" }, "signup", { mode: "signin" }), {
      form: { mode: "signin", email, password },
      maxRedirects: 0,
    });
    expect([302, 303], `admin sign-in of ${email}: ${await response.text()}`).toContain(response.status());
    return { email, storageState: await api.storageState(), signedInAt };
  } finally {
    await api.dispose();
  }
}

/**
 * Signs this context in as the account through the sign-in form's POST (no page load, no clicks),
 * from a client address of its own: for tests of what a signed-in account sees, not of signing in.
 */
export async function signInByPost(context: BrowserContext, email: string, password: string, server: "main" | "live" = "main") {
  const part = () => Math.floor(Math.random() * 254) + 1;
  const response = await context.request.post(
    (server === "main" ? MAIN_URL : LIVE_URL) + linkTo({ domain: "genius" }, "signup", { mode: "signin" }),
    {
      form: { mode: "signin", email, password },
      headers: { "CF-Connecting-IP": `10.${part()}.${part()}.${part()}` },
      maxRedirects: 0,
    },
  );
  expect([302, 303], `sign-in of ${email}: ${await response.text()}`).toContain(response.status());
}
