import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { hashPassword } from "~/auth/password.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { action } from "~/routes/signup";
import { getSession, getVariantValues } from "~/utils/session.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";
import { inOneWindow } from "./helpers/rate-window";
import { personStamp } from "./helpers/bot-fields";

/**
 * The /signup action on a real local D1 with the outbox transport and the real Rate Limiting
 * bindings of wrangler.toml: sign-up does not reveal whether an account exists (the owner gets an
 * e-mail instead), and it is rate limited per IP and per e-mail.
 */

vi.mock("~/mail/outbox.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/mail/outbox.server")>();
  return { ...real, queueTemplateMail: vi.fn(real.queueTemplateMail) };
});

const URL_TENNIS = "http://127.0.0.1:8844/signup?domain=champion&sport=tennis";
const TENNIS = { domain: "champion", sport: "tennis" } as const;
const copy = getPage("tennis", "signup");
const TOO_MANY_SIGN_UPS = "Too many sign-up attempts. Please wait a minute and try again.";
const PASSWORD = "long enough pw";

const d1 = useLocalD1();
beforeEach(() => {
  vi.mocked(queueTemplateMail).mockClear();
});

let counter = 0;
const nextIp = () => `198.51.100.${(++counter % 250) + 1}`;
const uniqueEmail = (tag: string) => `${tag}-${++counter}-${crypto.randomUUID().slice(0, 6)}@example.com`;

type Answer = { status: number; location: string | null; cookieNames: string[]; setCookie: string[]; body: unknown };

/** POSTs the sign-up form the way the page does without JavaScript; the answer as the browser sees it. */
async function signUp(
  fields: { email: string; name?: string },
  ip = nextIp(),
  bindings: Record<string, unknown> = d1.bindings,
): Promise<Answer> {
  const { load, settle } = testContext(URL_TENNIS, bindings);
  const request = new Request(URL_TENNIS, {
    method: "POST",
    headers: { "CF-Connecting-IP": ip },
    body: new URLSearchParams({
      mode: "signup",
      email: fields.email,
      name: fields.name ?? "Ann Lee",
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...Object.fromEntries([await personStamp()]),
    }),
  });
  const result = (await action({ request, context: load, params: {} })) as unknown;
  await settle();
  if (result instanceof Response) {
    const setCookie = result.headers.getSetCookie();
    return {
      status: result.status,
      location: result.headers.get("Location"),
      cookieNames: setCookie.map((c) => c.split("=")[0]).sort(),
      setCookie,
      body: await result.text(),
    };
  }
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  const setCookie = new Headers(init?.headers).getSetCookie();
  return {
    status: init?.status ?? 200,
    location: null,
    cookieNames: setCookie.map((c) => c.split("=")[0]).sort(),
    setCookie,
    body: data,
  };
}

async function confirmedAccount(email: string): Promise<string> {
  const id = crypto.randomUUID();
  const password = await hashPassword("the owner's password");
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, email_confirmed_at)
       VALUES (?, ?, 'Olive Owner', ?, ?, ?, ?)`,
    )
    .bind(id, email, password.hash, password.salt, password.iterations, new Date().toISOString())
    .run();
  return id;
}

async function mailsTo(email: string) {
  return (
    await d1.db
      .prepare("SELECT template, subject, text FROM outbox WHERE recipient = ? ORDER BY created_at")
      .bind(email)
      .all<{ template: string; subject: string; text: string }>()
  ).results;
}

async function accountsWith(email: string) {
  return (await d1.db.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).all()).results;
}

/** The account-exists e-mails queued so far (other mail may go through the same function). */
const accountExistsQueued = () =>
  vi
    .mocked(queueTemplateMail)
    .mock.calls.map(([, input]) => input)
    .filter((input) => input.template === "account-exists");

/** A limiter that allows `allowed` calls per key and records the keys. */
function countingLimiter(allowed: number) {
  const keys: string[] = [];
  return {
    keys,
    async limit({ key }: { key: string }) {
      keys.push(key);
      return { success: keys.filter((k) => k === key).length <= allowed };
    },
  };
}

describe("sign-up for an address that already has an account", () => {
  it("answers exactly as for a new sign-up and e-mails the owner instead", async () => {
    const ownerEmail = uniqueEmail("owner");
    await confirmedAccount(ownerEmail);

    const fresh = await signUp({ email: uniqueEmail("newcomer") });
    const again = await signUp({ email: ownerEmail, name: "Mallory" });

    expect(fresh.status).toBe(302);
    expect(fresh.location).toBe("/signup-confirm?domain=champion&sport=tennis");
    expect(again.status).toBe(fresh.status);
    expect(again.location).toBe(fresh.location);
    expect(again.cookieNames).toEqual(fresh.cookieNames);
    expect(again.body).toEqual(fresh.body);
    expect(JSON.stringify(again.body)).not.toMatch(/already|registered/i);

    // The session remembers the typed address, as after a new sign-up.
    const { ctx } = testContext(URL_TENNIS, d1.bindings);
    const cookie = again.setCookie.find((c) => c.startsWith("__session="))!.split(";")[0];
    const session = await getSession(new Request(URL_TENNIS, { headers: { Cookie: cookie } }), ctx);
    expect(getVariantValues(session, TENNIS).userEmail).toBe(ownerEmail);

    // No second account, no confirmation link: the owner gets the account-exists e-mail.
    expect(await accountsWith(ownerEmail)).toHaveLength(1);
    const mails = await mailsTo(ownerEmail);
    expect(mails.map((m) => m.template)).toEqual(["account-exists"]);
    expect(mails[0].subject).toBe("You already have an account with Tennis Champion");
    expect(mails[0].text).toMatch(/tried to create/i);
    expect(mails[0].text).toContain("https://app.aiparenting.example/login");
    expect(mails[0].text).toMatch(/ignore/i);
    expect(mails[0].text).not.toContain("Mallory");

    // At most one a day per address (ADR 041): the mailer dedupes on this key.
    const day = new Date().toISOString().slice(0, 10);
    expect(accountExistsQueued()).toHaveLength(1);
    expect(accountExistsQueued()[0]).toMatchObject({
      dedupeKey: expect.stringMatching(new RegExp(`^account-exists:to:[0-9a-f]{32}:${day}:1$`)),
      template: "account-exists",
      to: ownerEmail,
      variant: TENNIS,
    });
  });

  it("asks for the same dedupe key on every attempt that day, whatever the case of the address", async () => {
    const ownerEmail = uniqueEmail("twice");
    await confirmedAccount(ownerEmail);
    await signUp({ email: ownerEmail });
    await signUp({ email: ownerEmail.toUpperCase() });
    const keys = accountExistsQueued().map((input) => input.dedupeKey);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(await accountsWith(ownerEmail)).toHaveLength(1);
    expect((await mailsTo(ownerEmail)).map((m) => m.template)).toEqual(["account-exists"]);
  });

  it("sign-ups for other spellings of one inbox send one confirmation link in ten minutes (ADR 041)", async () => {
    const inbox = uniqueEmail("inbox");
    const [name, domain] = inbox.split("@");
    const spellings = [inbox, `${name}+one@${domain}`, `${name}+two@${domain}`];
    for (const email of spellings) expect((await signUp({ email })).status).toBe(302);
    // Each spelling is an account; the one inbox got one confirmation link.
    for (const email of spellings) expect(await accountsWith(email)).toHaveLength(1);
    const sent = await Promise.all(spellings.map(async (email) => (await mailsTo(email)).map((m) => m.template)));
    expect(sent).toEqual([["confirm-account"], [], []]);
  });

  it("a new address still gets its account and its confirmation link", async () => {
    const email = uniqueEmail("brand-new");
    expect((await signUp({ email })).status).toBe(302);
    expect(await accountsWith(email)).toHaveLength(1);
    expect((await mailsTo(email)).map((m) => m.template)).toEqual(["confirm-account"]);
    expect(accountExistsQueued()).toHaveLength(0);
  });
});

describe("sign-up rate limits", () => {
  it("refuses over the per-IP limit with 429 and the content's message, creating nothing", async () => {
    const email = uniqueEmail("ip-limited");
    const answer = await signUp({ email }, nextIp(), { ...d1.bindings, SIGNUP_IP_LIMITER: countingLimiter(0) });
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ formError: TOO_MANY_SIGN_UPS });
    expect(copy.messages.tooManySignUps).toBe(TOO_MANY_SIGN_UPS);
    expect(await accountsWith(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("keys the per-IP limit on the client IP and the per-e-mail limit on the normalised address", async () => {
    const ip = countingLimiter(10);
    const perEmail = countingLimiter(1);
    const bindings = { ...d1.bindings, SIGNUP_IP_LIMITER: ip, SIGNUP_EMAIL_LIMITER: perEmail };
    const email = uniqueEmail("email-limited");
    expect((await signUp({ email }, "203.0.113.9", bindings)).status).toBe(302);
    const second = await signUp({ email: ` ${email.toUpperCase()} ` }, "203.0.113.10", bindings);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ formError: TOO_MANY_SIGN_UPS });
    expect(ip.keys).toEqual(["ip:203.0.113.9", "ip:203.0.113.10"]);
    expect(perEmail.keys).toEqual([`email:${email}`, `email:${email}`]);
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it("counts an IPv6 client per /64 (ADR 041)", async () => {
    const ip = countingLimiter(10);
    const bindings = { ...d1.bindings, SIGNUP_IP_LIMITER: ip };
    for (const address of ["2001:db8:7:1::1", "2001:db8:7:1:dead:beef::2"]) await signUp({ email: uniqueEmail("v6") }, address, bindings);
    expect(ip.keys).toEqual(["ip:2001:db8:7:1::/64", "ip:2001:db8:7:1::/64"]);
  });

  it("the real bindings allow 10 sign-ups a minute from one IP, then answer 429", async () => {
    let run = 0;
    const statuses = await inOneWindow(async () => {
      const ip = `198.51.100.${++run}`;
      const seen: number[] = [];
      for (let i = 0; i < 11; i++) seen.push((await signUp({ email: uniqueEmail("same-ip") }, ip)).status);
      return seen;
    });
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
  }, 60_000);

  it("the real bindings allow 10 sign-ups a minute for one address, from any IPs, then answer 429", async () => {
    const { email, statuses } = await inOneWindow(async () => {
      const address = uniqueEmail("same-address");
      const seen: number[] = [];
      for (let i = 0; i < 11; i++) seen.push((await signUp({ email: address }, `192.0.2.${100 + i}`)).status);
      return { email: address, statuses: seen };
    });
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(302));
    expect(statuses[10]).toBe(429);
    expect(await accountsWith(email)).toHaveLength(1);
  }, 60_000);
});
