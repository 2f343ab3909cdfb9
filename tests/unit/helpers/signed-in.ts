import { expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { requestAuth } from "~/auth/session-auth.server";
import { commitSession, getSession } from "~/utils/session.server";
import { testContext } from "./context";
import type { LocalD1 } from "./local-d1";

const PASSWORD = "right password";

/**
 * A confirmed local account with the role, signed in through the real auth service the way the
 * sign-in page does: the session cookie (name=value) a browser would send to `url`, and the address.
 */
export async function signedIn(d1: LocalD1, url: string, role: "user" | "admin"): Promise<{ cookie: string; email: string }> {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = await hashPassword(PASSWORD);
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
       VALUES (?, ?, 'Test admin', ?, ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), email, password.hash, password.salt, password.iterations, role, new Date().toISOString())
    .run();
  const { ctx } = testContext(url, d1.bindings);
  const request = new Request(url);
  const session = await getSession(request, ctx);
  expect((await requestAuth(request, ctx, session).signIn({ email, password: PASSWORD })).ok).toBe(true);
  return { cookie: (await commitSession(session, ctx)).split(";")[0], email };
}
