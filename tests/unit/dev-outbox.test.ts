import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { loader as outboxJsonLoader } from "~/routes/dev.outbox-json";
import { loader as outboxPageLoader } from "~/routes/dev.outbox";
import { mailLinks, mailText } from "~/mail/dev-pages.server";
import { qa } from "#content/qa";

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

  it.each(PUBLIC)("stays the 404 on %s with a search and a page asked for", async (origin) => {
    const { db, loaderArgs } = args(`${origin}/dev/outbox?to=parent&page=2`);
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status).toBe(404);
    expect(db.queries).toBe(0);
  });

  it("gives each mail its links and a text version", async () => {
    const { loaderArgs } = args("http://127.0.0.1:8788/dev/outbox?to=parent");
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.data).toMatchObject({
      to: "parent",
      page: 1,
      mails: [{ id: "mail-1", text: MAIL.text, links: [{ label: "Confirm", href: "http://127.0.0.1/signup-confirm?token=secret-token" }] }],
    });
  });

  it.each(["0", "-1", "abc", "1.5", "9999999"])("answers page=%s with a 400 and a message, reading nothing", async (page) => {
    const { db, loaderArgs } = args(`http://127.0.0.1:8788/dev/outbox?page=${page}`);
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ hidden: false, error: qa.outbox.badPage, mails: [] });
    expect(db.queries).toBe(0);
  });

  it("answers a search longer than an address with a 400", async () => {
    const { db, loaderArgs } = args(`http://127.0.0.1:8788/dev/outbox?to=${"a".repeat(255)}`);
    const result = (await outboxPageLoader(loaderArgs)) as unknown as PageResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ error: qa.outbox.badTo });
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

  it("keeps its shape (an array of mails) and takes ?to= and ?page=; a bad page is a 400", async () => {
    const { loaderArgs } = args("http://127.0.0.1:8788/dev/outbox.json?to=parent&page=1");
    const response = await outboxJsonLoader(loaderArgs);
    // The shape tests/e2e/site.ts reads (MAIL has no dedupe_key, so JSON leaves it out).
    expect(await response.json()).toEqual([
      {
        id: "mail-1",
        to: "parent@example.com",
        subject: MAIL.subject,
        html: MAIL.html,
        text: MAIL.text,
        template: "confirm-account",
        variant: "genius",
        status: "sent",
        attempts: 1,
        last_error: null,
        created_at: MAIL.created_at,
      },
    ]);
    const bad = await outboxJsonLoader(args("http://127.0.0.1:8788/dev/outbox.json?page=0").loaderArgs);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: qa.outbox.badPage });
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

describe("a mail's links and text for the outbox viewer", () => {
  it("lists each web link once, labelled by its text (an image's alt when it has none), entities decoded", () => {
    const html = `<a href="https://site.example/verify-email?t=a&amp;b=1" style="x"><span>Confirm my&nbsp;e-mail</span><span><!--[if mso]><i hidden>&#8202;&#8203;</i><![endif]--></span></a>
      <a href='https://site.example/status?t=s'>My waitlist <b>status</b></a>
      <a href="https://site.example/"><img alt="AI Parenting" src="logo.png"></a>
      <a href="https://site.example/status?t=s">My waitlist status</a>
      <a href="mailto:privacy@site.example">privacy@site.example</a>
      <a href="javascript:alert(1)">Evil</a>
      <a href="https://site.example/x"></a>
      <A HREF="https://site.example/my-data?t=m">Manage my data</A>`;
    expect(mailLinks(html)).toEqual([
      { label: "Confirm my e-mail", href: "https://site.example/verify-email?t=a&b=1" },
      { label: "My waitlist status", href: "https://site.example/status?t=s" },
      { label: "AI Parenting", href: "https://site.example/" },
      { label: "https://site.example/x", href: "https://site.example/x" },
      { label: "Manage my data", href: "https://site.example/my-data?t=m" },
    ]);
  });

  it("uses the mail's text part, else one made from its HTML", () => {
    expect(mailText({ html: "<p>Hi</p>", text: "Stored text" })).toBe("Stored text");
    expect(mailText({ html: "<p>Seeded <b>mail</b> 7</p>", text: "" })).toBe("Seeded mail 7");
    expect(mailText({ html: "", text: "" })).toBe("");
  });
});
