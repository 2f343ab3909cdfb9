import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { loader as outboxJsonLoader } from "~/routes/dev.outbox-json";
import { loader as outboxPageLoader } from "~/routes/dev.outbox";

/**
 * /dev/outbox and /dev/outbox.json show every mail the site sent, sign-in confirmation links
 * included: they answer on loopback hosts only, whatever MAIL_TRANSPORT says.
 */

const MAIL = {
  id: "mail-1",
  template: "confirm-account",
  variant: "genius",
  recipient: "parent@example.com",
  subject: "Confirm your AI Parenting account",
  html: '<a href="http://127.0.0.1/signup-confirm?token=secret-token">Confirm</a>',
  text: "Confirm: http://127.0.0.1/signup-confirm?token=secret-token",
  status: "sent",
  attempts: 1,
  last_error: null,
  provider_message_id: null,
  next_attempt_at: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

/** A D1 stand-in that serves one outbox row and counts the queries. */
function fakeDb() {
  const db = {
    queries: 0,
    prepare() {
      db.queries++;
      return { bind: () => ({ all: async () => ({ results: [MAIL] }) }) };
    },
  };
  return db;
}

const VARS = {
  GENIUS_HOSTS: "aiparenting.example,www.aiparenting.example",
  CHAMPION_HOSTS: "champion.example,www.champion.example",
  MAIL_TRANSPORT: "outbox",
};

function args(url: string, vars: Record<string, string> = {}) {
  const db = fakeDb();
  const loaderArgs: LoaderFunctionArgs = {
    request: new Request(url),
    params: {},
    context: { cloudflare: { env: { ...VARS, ...vars, DB: db } } } as unknown as LoaderFunctionArgs["context"],
  };
  return { db, loaderArgs };
}

type PageResult = { data: Record<string, unknown>; init: { status?: number; headers?: Record<string, string> } | null };

const LOOPBACK = ["http://127.0.0.1:8788", "http://localhost:8788", "http://[::1]:8788"];
const PUBLIC = ["https://aiparenting.example", "https://champion.example", "https://evil.example", "http://10.0.0.5:8788"];

describe("/dev/outbox", () => {
  it.each(LOOPBACK)("lists the mails on %s", async (origin) => {
    const { loaderArgs } = args(`${origin}/dev/outbox`);
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status ?? 200).toBe(200);
    expect(result.data).toMatchObject({ hidden: false, mails: [{ id: "mail-1", to: "parent@example.com" }] });
  });

  it.each(PUBLIC)("is the site's 404 (the landing page) on %s, even with MAIL_TRANSPORT=outbox", async (origin) => {
    const { db, loaderArgs } = args(`${origin}/dev/outbox`);
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status).toBe(404);
    expect(result.data).toMatchObject({ hidden: true, rendersHome: true, mails: [] });
    expect(result.data).toMatchObject(JSON.parse(JSON.stringify(await homeLoader(loaderArgs))));
    expect(JSON.stringify(result.data)).not.toContain("secret-token");
    expect(db.queries).toBe(0);
  });

  it("stays a 404 on loopback with another transport", async () => {
    const { db, loaderArgs } = args("http://127.0.0.1:8788/dev/outbox", { MAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_x" });
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status).toBe(404);
    expect(db.queries).toBe(0);
  });
});

describe("/dev/outbox.json", () => {
  it.each(LOOPBACK)("answers the mails as JSON on %s", async (origin) => {
    const { loaderArgs } = args(`${origin}/dev/outbox.json`);
    const response = await outboxJsonLoader(loaderArgs);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject([{ id: "mail-1", to: "parent@example.com" }]);
  });

  it.each(PUBLIC)("is a 404 without a mail on %s, even with MAIL_TRANSPORT=outbox", async (origin) => {
    const { db, loaderArgs } = args(`${origin}/dev/outbox.json`);
    const response = await outboxJsonLoader(loaderArgs);
    expect(response.status).toBe(404);
    expect(response.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(await response.text()).not.toContain("secret-token");
    expect(db.queries).toBe(0);
  });
});
