import { describe, expect, it } from "vitest";
import type { AuthService } from "~/auth/auth";
import { hashPassword } from "~/auth/password.server";
import { requestAuth } from "~/auth/session-auth.server";
import { commitSession, getSession, type AppSession } from "~/utils/session.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * Sign-out ends the session everywhere (local accounts): the cookie session carries the account's
 * session version, every use checks it against the account row, and sign-out bumps it. Driven
 * through the real cookie session on a real local D1, as the /signup and /signout routes do.
 */

const ORIGIN = "http://127.0.0.1:8842";
const PASSWORD = "right password";

const d1 = useLocalD1();

let counter = 0;
async function confirmedAccount(): Promise<{ id: string; email: string }> {
  const id = crypto.randomUUID();
  const email = `revoke-${++counter}-${id.slice(0, 6)}@example.com`;
  const password = await hashPassword(PASSWORD);
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, email_confirmed_at)
       VALUES (?, ?, 'Pat Parent', ?, ?, ?, ?)`,
    )
    .bind(id, email, password.hash, password.salt, password.iterations, new Date().toISOString())
    .run();
  return { id, email };
}

/** One browser: a cookie jar holding the __session cookie between its requests. */
function browser(cookie = "") {
  return {
    get cookie() {
      return cookie;
    },
    /** One request: the session read from the jar, `work` on the auth service, the session committed back. */
    async request<T>(work: (auth: AuthService, session: AppSession) => Promise<T>): Promise<T> {
      const { ctx } = testContext(`${ORIGIN}/signup`, d1.bindings);
      const request = new Request(ctx.url, { headers: cookie ? { Cookie: cookie } : {} });
      const session = await getSession(request, ctx);
      const result = await work(requestAuth(request, ctx, session), session);
      cookie = (await commitSession(session, ctx)).split(";")[0];
      return result;
    },
  };
}

const signIn = (b: ReturnType<typeof browser>, email: string) => b.request((auth) => auth.signIn({ email, password: PASSWORD }));
const currentUser = (b: ReturnType<typeof browser>) => b.request((auth) => auth.getUser());

describe("sign-out ends the session everywhere (local accounts)", () => {
  it("a cookie captured before sign-out is not signed in afterwards", async () => {
    const { email } = await confirmedAccount();
    const owner = browser();
    expect(await signIn(owner, email)).toMatchObject({ ok: true });
    const captured = owner.cookie;
    expect(await currentUser(owner)).toMatchObject({ email });

    await owner.request((auth) => auth.signOut());
    expect(await currentUser(owner)).toBeNull();

    // Someone kept a copy of the signed-in cookie (a shared computer, a stolen backup): it is dead.
    const replay = browser(captured);
    expect(await currentUser(replay)).toBeNull();
  });

  it("signing out on one device signs the account's other devices out too; signing in again works", async () => {
    const { email } = await confirmedAccount();
    const phone = browser();
    const laptop = browser();
    await signIn(phone, email);
    await signIn(laptop, email);
    expect(await currentUser(phone)).toMatchObject({ email });

    await laptop.request((auth) => auth.signOut());
    expect(await currentUser(phone)).toBeNull();

    expect(await signIn(phone, email)).toMatchObject({ ok: true });
    expect(await currentUser(phone)).toMatchObject({ email });
  });

  it("a revoked cookie cannot sign the owner's new session out again", async () => {
    const { email } = await confirmedAccount();
    const owner = browser();
    await signIn(owner, email);
    const stale = owner.cookie;
    await owner.request((auth) => auth.signOut());
    await signIn(owner, email);

    await browser(stale).request((auth) => auth.signOut());
    expect(await currentUser(owner)).toMatchObject({ email });
  });

  it("a session naming an account without its session version is not signed in", async () => {
    const { id } = await confirmedAccount();
    // The shape of a cookie written before session versions existed.
    const old = browser();
    await old.request(async (_auth, session) => {
      session.set("userId", id);
    });
    expect(await currentUser(old)).toBeNull();
  });
});
