import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { action, loader } from "~/routes/api.send-email";
import { useLocalD1 } from "./helpers/local-d1";

const d1 = useLocalD1();

const TOKEN = "s3cret-token-for-tests";
const FROM = "AI Parenting <no-reply@aiparenting.example>";

function context(vars: Record<string, string> = {}): AppLoadContext {
  const env = { MAIL_TRANSPORT: "outbox", MAIL_FROM: FROM, EMAIL_API_TOKEN: TOKEN, ...vars, DB: d1.db };
  return { cloudflare: { env } } as unknown as AppLoadContext;
}

function post(body: unknown, { token = TOKEN as string | null, raw, key }: { token?: string | null; raw?: string; key?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (key !== undefined) headers["Idempotency-Key"] = key;
  return new Request("http://127.0.0.1/api/send-email", {
    method: "POST",
    headers,
    body: raw ?? JSON.stringify(body),
  });
}

async function call(request: Request, ctx = context()) {
  const response = (await action({ request, context: ctx, params: {} })) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: string; data?: { id: string } } };
}

const valid = { from: FROM, to: "parent@example.com", subject: "Your AI Parenting Guide is Ready!", html: "<p>Hi &amp; welcome</p>" };

describe("POST /api/send-email (SPEC 7.2)", () => {
  it("sends through the outbox and answers {ok:true,data:{id}}", async () => {
    const { status, body } = await call(post(valid));
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    const row = await createD1Outbox(d1.db).get(body.data!.id);
    expect(row).toMatchObject({
      recipient: "parent@example.com",
      subject: valid.subject,
      html: valid.html,
      template: "api",
      status: "sent",
    });
    expect(row?.text).toContain("Hi & welcome");
  });

  it("sends once per Idempotency-Key: a retried call answers with the first mail's id", async () => {
    const mail = { ...valid, to: "retry@example.com" };
    const first = await call(post(mail, { key: "order-1042-confirmation" }));
    const second = await call(post(mail, { key: "order-1042-confirmation" }));
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    expect(second).toEqual(first);
    const rows = (await createD1Outbox(d1.db).list(1000)).filter((row) => row.recipient === "retry@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.body.data!.id, dedupe_key: "api:order-1042-confirmation", status: "sent", attempts: 1 });
  });

  it("without an Idempotency-Key every call is its own mail", async () => {
    const mail = { ...valid, to: "twice@example.com" };
    const first = await call(post(mail));
    const second = await call(post(mail));
    expect(first.body.data!.id).not.toBe(second.body.data!.id);
    const rows = (await createD1Outbox(d1.db).list(1000)).filter((row) => row.recipient === "twice@example.com");
    expect(rows).toHaveLength(2);
  });

  it.each([
    ["too long", "k".repeat(201)],
    ["with spaces", "order 1042"],
    ["empty", ""],
  ])("answers 400 to an Idempotency-Key that is %s", async (_name, key) => {
    const { status, body } = await call(post(valid, { key }));
    expect(status).toBe(400);
    expect(body).toEqual({ ok: false, error: "Idempotency-Key must be 1 to 200 visible ASCII characters" });
  });

  it("accepts the bare sender address as from", async () => {
    const { status } = await call(post({ ...valid, from: "no-reply@aiparenting.example" }));
    expect(status).toBe(200);
  });

  it.each([
    ["no token", null],
    ["a wrong token", "s3cret-token-for-testz"],
    ["a token prefix", "s3cret"],
  ])("refuses %s with 401", async (_name, token) => {
    const { status, body } = await call(post(valid, { token }));
    expect(status).toBe(401);
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/bearer token/) });
  });

  it.each([
    ["no token", ""],
    ["any token", "s3cret"],
  ])("refuses every call when EMAIL_API_TOKEN is unset (%s) with 401, never an open relay and never a 5xx", async (_name, token) => {
    const { status, body } = await call(post(valid, { token }), context({ EMAIL_API_TOKEN: "" }));
    expect(status).toBe(401);
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/bearer token/) });
  });

  it.each([
    ["a bad e-mail", { ...valid, to: "not-an-email" }, "to must be a valid e-mail address"],
    [
      "a foreign sender",
      { ...valid, from: "Evil <ceo@evil.example>" },
      "from must be the site's sender address no-reply@aiparenting.example",
    ],
    ["a missing subject", { ...valid, subject: undefined }, "subject is required"],
    ["a blank subject", { ...valid, subject: "  " }, "subject is required"],
    ["a long subject", { ...valid, subject: "x".repeat(201) }, "subject must be at most 200 characters"],
    ["missing html", { ...valid, html: undefined }, "html is required"],
    ["html over 200 kB", { ...valid, html: "x".repeat(200 * 1024 + 1) }, "html must be at most 200 kB"],
  ])("answers 400 for %s and writes nothing", async (_name, body, error) => {
    const before = (await createD1Outbox(d1.db).list(1000)).length;
    const result = await call(post(body));
    expect(result).toEqual({ status: 400, body: { ok: false, error } });
    expect((await createD1Outbox(d1.db).list(1000)).length).toBe(before);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await call(post(null, { raw: "from=a&to=b" }));
    expect(status).toBe(400);
    expect(body.error).toMatch(/JSON/);
  });

  it("answers 413 for a body over 256 kB", async () => {
    const { status, body } = await call(post({ ...valid, html: "x".repeat(257 * 1024) }));
    expect(status).toBe(413);
    expect(body.ok).toBe(false);
  });

  it("answers 405 to GET", async () => {
    const response = await loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("answers 502 when the mail API fails", async () => {
    const ctx = context({ MAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_x", RESEND_API_URL: "http://127.0.0.1:9" });
    const { status, body } = await call(post(valid), ctx);
    expect(status).toBe(502);
    expect(body).toEqual({ ok: false, error: expect.stringMatching(/^Mail API unreachable/) });
  });
});
