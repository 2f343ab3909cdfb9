import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { requestAuth } from "~/auth/session-auth.server";
import { loader as outboxJsonLoader } from "~/routes/dev.outbox-json";
import { loader as outboxPageLoader } from "~/routes/dev.outbox";
import { commitSession, getSession } from "~/utils/session.server";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";

/**
 * On a preview (PREVIEW_MODE=on) the outbox viewer is open on any host to a signed-in admin, with
 * either transport; anyone else gets the site's 404, as if it did not exist.
 */
const HOST = "https://qa-branch-parent-coach-funnel-production.team.workers.dev";
const PASSWORD = "right password";
const VARS = {
  GENIUS_HOSTS: "aiparenting.example",
  CHAMPION_HOSTS: "champion.example",
  SESSION_SECRET: "preview-outbox-test-secret-0123456789abcdef",
  PREVIEW_MODE: "on",
  MAIL_TRANSPORT: "resend",
  RESEND_API_KEY: "re_test",
};

const d1 = useLocalD1();
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM outbox").run();
  await d1.db
    .prepare(
      "INSERT INTO outbox (id, dedupe_key, template, variant, recipient, subject, html, text, status, attempts, created_at, updated_at) VALUES ('kept-1', 'kept-1', 'api', 'genius', 'parent@example.com', 'Kept', '<p>secret-body</p>', 't', 'sent', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    )
    .run();
});

async function account(role: "user" | "admin"): Promise<string> {
  const email = `preview-${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = await hashPassword(PASSWORD);
  await d1.db
    .prepare(
      `INSERT INTO accounts (id, email, name, password_hash, password_salt, password_iterations, role, email_confirmed_at)
       VALUES (?, ?, 'QA', ?, ?, ?, ?, ?)`,
    )
    .bind(crypto.randomUUID(), email, password.hash, password.salt, password.iterations, role, new Date().toISOString())
    .run();
  return email;
}

async function cookieOf(role: "user" | "admin", vars: Record<string, string> = VARS): Promise<string> {
  const { ctx } = testContext(`${HOST}/dev/outbox`, { ...d1.bindings, ...vars });
  const request = new Request(`${HOST}/dev/outbox`);
  const session = await getSession(request, ctx);
  const result = await requestAuth(request, ctx, session).signIn({ email: await account(role), password: PASSWORD });
  expect(result.ok).toBe(true);
  return (await commitSession(session, ctx)).split(";")[0];
}

function args(path: string, cookie: string, vars: Record<string, string> = VARS): LoaderFunctionArgs {
  return {
    request: new Request(`${HOST}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params: {},
    context: { cloudflare: { env: { ...d1.bindings, ...vars } } } as unknown as LoaderFunctionArgs["context"],
  };
}

type PageResult = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

describe("/dev/outbox on a preview", () => {
  it.each(["resend", "outbox"])("shows the mails to a signed-in admin (MAIL_TRANSPORT=%s)", async (transport) => {
    const vars = { ...VARS, MAIL_TRANSPORT: transport };
    const result = (await outboxPageLoader(args("/dev/outbox", await cookieOf("admin", vars), vars))) as unknown as PageResult;
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toMatchObject({ hidden: false, mails: [{ id: "kept-1", to: "parent@example.com" }] });
    expect(new Headers(result.init?.headers).get("X-Robots-Tag")).toContain("noindex");

    const json = await outboxJsonLoader(args("/dev/outbox.json", await cookieOf("admin", vars), vars));
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject([{ id: "kept-1" }]);
  });

  it.each([
    ["an anonymous visitor", async () => ""],
    ["a signed-in non-admin", () => cookieOf("user")],
  ])("is the site's 404 for %s", async (_who, cookie) => {
    const value = await cookie();
    const result = (await outboxPageLoader(args("/dev/outbox", value))) as unknown as PageResult;
    expect(result.init?.status).toBe(404);
    expect(result.data).toMatchObject({ hidden: true, rendersHome: true, mails: [] });
    expect(JSON.stringify(result.data)).not.toContain("secret-body");

    const json = await outboxJsonLoader(args("/dev/outbox.json", value));
    expect(json.status).toBe(404);
    expect(await json.text()).not.toContain("secret-body");
  });

  it("stays a 404 for an admin without preview mode (production)", async () => {
    const vars = { ...VARS, PREVIEW_MODE: "off" };
    const result = (await outboxPageLoader(args("/dev/outbox", await cookieOf("admin", vars), vars))) as unknown as PageResult;
    expect(result.init?.status).toBe(404);
    expect((await outboxJsonLoader(args("/dev/outbox.json", await cookieOf("admin", vars), vars))).status).toBe(404);
  });
});
