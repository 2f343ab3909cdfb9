import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { EMAIL_NOT_CONFIRMED, INVALID_CONFIRMATION_LINK, INVALID_CREDENTIALS } from "~/auth/auth";
import { createLocalAuth, type ConfirmationMail, type CurrentUserStore, type SignedInAccount } from "~/auth/local-auth.server";
import { limitSignIn, TOO_MANY_SIGN_IN_ATTEMPTS } from "~/auth/rate-limit.server";
import { absoluteLinkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";
import { useLocalD1 } from "./helpers/local-d1";
import { inOneWindow } from "./helpers/rate-window";
import { runProcess } from "./helpers/run-process";

const SECRET = "test-secret-one";
const tennis: Variant = { domain: "champion", sport: "tennis" };
const origin = "http://127.0.0.1:8805";

// A real local D1: admin:grant (wrangler) opens its files, and the rate limiters are the real ones.
const d1 = useLocalD1({ engine: "workerd" });

/** The cookie session stand-in: one visitor's signed-in account and its session version. */
function memorySession(): CurrentUserStore & { current: SignedInAccount | null; userId: string | null } {
  return {
    current: null,
    get userId() {
      return this.current?.userId ?? null;
    },
    set userId(id: string | null) {
      this.current = id ? { userId: id, sessionVersion: 0 } : null;
    },
    async get() {
      return this.current;
    },
    async set(account) {
      this.current = account;
    },
    async clear() {
      this.current = null;
    },
  };
}

let clock: Date;
let sent: ConfirmationMail[];
let session: ReturnType<typeof memorySession>;
const auth = (secret = SECRET) =>
  createLocalAuth({
    db: d1.db,
    secret,
    currentUser: session,
    sendConfirmation: async (mail) => {
      sent.push(mail);
    },
    now: () => clock,
  });

let counter = 0;
async function signUp(overrides: Partial<{ email: string; password: string }> = {}) {
  const email = overrides.email ?? `Parent${++counter}@Example.com`;
  const result = await auth().signUp({
    email,
    password: overrides.password ?? "long enough pw",
    name: "  Pat Parent ",
    plan: "champion",
    leadId: "lead-42",
    redirectTo: absoluteLinkTo(origin, tennis, "signup-confirm"),
  });
  return { email, result, mail: sent.at(-1) };
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const paramsWith = (token: string) => new URLSearchParams({ token });

beforeEach(() => {
  clock = new Date("2026-01-10T12:00:00.000Z");
  sent = [];
  session = memorySession();
});

describe("local accounts: sign-up and confirmation link", () => {
  it("stores the account (lower-cased e-mail, PBKDF2 100,000, metadata) and mails a signed link to /signup-confirm in the variant", async () => {
    const { email, result, mail } = await signUp();
    expect(result).toMatchObject({ ok: true, needsConfirmation: true });
    if (!result.ok || !("userId" in result)) return;

    const row = await d1.db.prepare("SELECT * FROM accounts WHERE id = ?").bind(result.userId).first<Record<string, unknown>>();
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      name: "Pat Parent",
      role: "user",
      plan: "champion",
      lead_id: "lead-42",
      password_iterations: 100_000,
      email_confirmed_at: null,
    });
    expect(row?.password_hash).not.toContain("long enough pw");

    expect(mail).toMatchObject({ to: email.toLowerCase(), name: "Pat Parent" });
    const token = tokenOf(mail!.link);
    expect(mail!.link).toBe(absoluteLinkTo(origin, tennis, "signup-confirm", { token }));
    expect(mail!.link).toMatch(/^http:\/\/127\.0\.0\.1:8805\/signup-confirm\?domain=champion&sport=tennis&token=/);
    // Not signed in until the e-mail is confirmed.
    expect(session.userId).toBeNull();
  });

  it("creates no second account for the same e-mail in any case, and names the existing one instead of refusing", async () => {
    const { email, result } = await signUp();
    const mailsBefore = sent.length;
    const again = await signUp({ email: email.toUpperCase() });
    // Not "User already registered": the route answers as for a new sign-up and mails the owner.
    expect(again.result).toEqual({
      ok: true,
      existingAccount: { key: "userId" in result ? result.userId : "none", email: email.toLowerCase() },
    });
    expect(sent.length).toBe(mailsBefore);
    const rows = await d1.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE email = ?").bind(email.toLowerCase()).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("confirms on first use, signs the visitor in, and refuses the same link a second time", async () => {
    const { email, mail } = await signUp();
    const first = await auth().confirm(paramsWith(tokenOf(mail!.link)));
    expect(first).toMatchObject({ ok: true, user: { email: email.toLowerCase(), name: "Pat Parent", role: "user", emailConfirmed: true } });
    expect(session.userId).toBe(first.ok ? first.user.id : "none");
    expect(await auth().getUser()).toMatchObject({ email: email.toLowerCase(), emailConfirmed: true });

    session.userId = null;
    const second = await auth().confirm(paramsWith(tokenOf(mail!.link)));
    expect(second).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    expect(session.userId).toBeNull();
  });

  it("refuses a link whose signature, expiry or id was changed, or signed with another secret", async () => {
    const { mail } = await signUp();
    const token = tokenOf(mail!.link);
    const [id, expires, signature] = token.split(".");
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const tampered = [
      `${id}.${expires}.${flipped}`,
      `${id}.${Number(expires) + 86_400_000}.${signature}`,
      `${id.slice(0, -1)}${id.at(-1) === "a" ? "b" : "a"}.${expires}.${signature}`,
      `${id}.${expires}`,
      `${id}.${expires}.A`,
      `${id}.${expires}.${signature}.extra`,
      `${id}.soon.${signature}`,
      "",
    ];
    for (const bad of tampered) {
      expect(await auth().confirm(paramsWith(bad))).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    }
    expect(await auth("another-secret").confirm(paramsWith(token))).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    // The untouched link still works: nothing above used it up.
    expect(await auth().confirm(paramsWith(token))).toMatchObject({ ok: true });
  });

  it("refuses an expired link (after 24 hours)", async () => {
    const { mail } = await signUp();
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1);
    expect(await auth().confirm(paramsWith(tokenOf(mail!.link)))).toEqual({ ok: false, message: INVALID_CONFIRMATION_LINK });
    const row = await d1.db
      .prepare("SELECT COUNT(*) AS n FROM accounts WHERE email = ? AND email_confirmed_at IS NOT NULL")
      .bind(mail!.to)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("enforces single use in SQL: two confirmations racing, exactly one wins", async () => {
    const { mail } = await signUp();
    const token = tokenOf(mail!.link);
    const results = await Promise.all([auth().confirm(paramsWith(token)), auth().confirm(paramsWith(token))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe("local accounts: sign-in, current user, sign-out", () => {
  async function confirmedAccount() {
    const { email, mail } = await signUp({ password: "right password" });
    await auth().confirm(paramsWith(tokenOf(mail!.link)));
    session.userId = null;
    return email;
  }

  it("signs in with the right password (any e-mail case) and keeps the user id in the session", async () => {
    const email = await confirmedAccount();
    const result = await auth().signIn({ email: ` ${email.toUpperCase()} `, password: "right password" });
    expect(result).toMatchObject({ ok: true, user: { email: email.toLowerCase(), role: "user" } });
    expect(await auth().getUser()).toMatchObject({ email: email.toLowerCase(), name: "Pat Parent" });
  });

  it("gives the same message for a wrong password and an unknown e-mail", async () => {
    const email = await confirmedAccount();
    const wrong = await auth().signIn({ email, password: "wrong password" });
    const unknown = await auth().signIn({ email: "nobody@example.com", password: "right password" });
    expect(wrong).toEqual({ ok: false, message: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    expect(session.userId).toBeNull();
  });

  it("refuses sign-in before the e-mail is confirmed", async () => {
    const { email } = await signUp({ password: "right password" });
    expect(await auth().signIn({ email, password: "right password" })).toEqual({ ok: false, message: EMAIL_NOT_CONFIRMED });
  });

  it("reads the role from the database on every request and forgets the user on sign-out", async () => {
    const email = await confirmedAccount();
    await auth().signIn({ email, password: "right password" });
    await d1.db.prepare("UPDATE accounts SET role = 'admin' WHERE email = ?").bind(email.toLowerCase()).run();
    expect(await auth().getUser()).toMatchObject({ role: "admin" });
    await auth().signOut();
    expect(await auth().getUser()).toBeNull();
  });

  it("sign-out bumps the account's session version: a copy of the session taken before it is refused", async () => {
    const email = await confirmedAccount();
    await auth().signIn({ email, password: "right password" });
    const copy = session.current;
    expect(copy).toMatchObject({ sessionVersion: 0 });
    await auth().signOut();
    expect(session.current).toBeNull();
    session.current = copy;
    expect(await auth().getUser()).toBeNull();
    const row = await d1.db.prepare("SELECT session_version FROM accounts WHERE email = ?").bind(email.toLowerCase()).first();
    expect(row).toEqual({ session_version: 1 });

    // A new sign-in carries the new version.
    await auth().signIn({ email, password: "right password" });
    expect(session.current).toMatchObject({ sessionVersion: 1 });
    expect(await auth().getUser()).toMatchObject({ email: email.toLowerCase() });
  });

  it("ending only this session (admin idle expiry) forgets it here without signing other devices out", async () => {
    const email = await confirmedAccount();
    await auth().signIn({ email, password: "right password" });
    const otherDevice = session.current;
    await auth().signOut("this-session");
    expect(await auth().getUser()).toBeNull();
    session.current = otherDevice;
    expect(await auth().getUser()).toMatchObject({ email: email.toLowerCase() });
  });

  it("treats a session pointing at no account as signed out", async () => {
    session.userId = "no-such-id";
    expect(await auth().getUser()).toBeNull();
  });
});

describe("the real Rate Limiting binding (miniflare)", () => {
  it("counts attempts per IP and e-mail: other IPs cannot lock the owner out, one IP gets 5 a minute per e-mail", async () => {
    const { fromMany, fromOne, fromAnother } = await inOneWindow(async () => {
      const email = `limited${++counter}@example.com`;
      const many = [];
      for (let i = 0; i < 11; i++) many.push(await limitSignIn(d1.bindings, { ip: `10.0.${counter}.${i}`, email }));
      const ip = `10.1.${counter}.1`;
      const one = [];
      for (let i = 0; i < 6; i++) one.push(await limitSignIn(d1.bindings, { ip, email }));
      const another = await limitSignIn(d1.bindings, { ip: `10.2.${counter}.1`, email });
      return { fromMany: many, fromOne: one, fromAnother: another };
    });
    expect(fromMany.every((r) => r.ok)).toBe(true);
    expect(fromOne.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(fromOne[5]).toEqual({ ok: false, status: 429, message: TOO_MANY_SIGN_IN_ATTEMPTS });
    // The same e-mail from yet another address is still allowed.
    expect(fromAnother).toEqual({ ok: true });
  });
});

describe("npm run admin:grant -- <email>", () => {
  const script = fileURLToPath(new URL("../../scripts/admin-grant.mjs", import.meta.url));
  const grant = (email: string) =>
    d1.whileClosed(() => runProcess("node", [script, email], { env: { ...process.env, ADMIN_GRANT_PERSIST_TO: d1.persistTo } }));

  it("makes an existing local account an admin", async () => {
    const { email, mail } = await signUp();
    await auth().confirm(paramsWith(tokenOf(mail!.link)));
    expect(await auth().getUser()).toMatchObject({ role: "user" });

    const run = await grant(email.toUpperCase());
    expect(run.stdout).toContain(`${email.toLowerCase()} is now an admin.`);
    expect(run.status).toBe(0);
    expect(await auth().getUser()).toMatchObject({ role: "admin" });
  });

  it("says clearly when there is no such account, and changes nothing", async () => {
    const run = await grant("nobody-here@example.com");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("No account with the e-mail nobody-here@example.com");
    const admins = await d1.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE email = 'nobody-here@example.com'").first<{ n: number }>();
    expect(admins?.n).toBe(0);
  });
});
