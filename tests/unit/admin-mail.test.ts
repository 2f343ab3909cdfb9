import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import type { AdminRefusal } from "~/admin/refusal";
import { getBackend } from "~/data/backend.server";
import { action, loader } from "~/routes/admin/mail";
import { testContext } from "./helpers/context";
import { signedIn } from "./helpers/signed-in";
import { useLocalD1 } from "./helpers/local-d1";
import { outboxRow } from "./helpers/outbox-row";

/**
 * /admin/mail: the dead outbox rows of the scope, and Retry / Give up that change a row once,
 * refuse bad input with a 4xx and write nothing, and are for admins only.
 */

const ORIGIN = "http://127.0.0.1:8843";
const PAGE = `${ORIGIN}/admin/mail`;
const copy = getPage("genius", "admin");

const d1 = useLocalD1();

const context = (url = PAGE) => testContext(url, d1.bindings);
const store = () => getBackend(context().ctx).outbox;

const cookieFor = async (role: "user" | "admin") => (await signedIn(d1, PAGE, role)).cookie;

async function deadRow(recipient: string, variant = "genius", error = "Invalid `to` field.") {
  const row = outboxRow(`dead:${crypto.randomUUID()}`, {
    recipient,
    variant,
    template: "prelaunch",
    status: "dead",
    attempts: 3,
    last_error: error,
    updated_at: new Date().toISOString(),
  });
  await store().insert(row);
  return row;
}

async function load(cookie: string, url = PAGE) {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const result = (await loader({ request, context: context(url).load, params: {} } as LoaderFunctionArgs)) as unknown as {
    data: { mails: { id: string; recipient: string; template: string; lastError: string | null }[] };
  };
  return result.data.mails;
}

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(PAGE, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context: context().load, params: {} } as ActionFunctionArgs);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), error: null };
  const { data, init } = result as unknown as { data: { error: string }; init: { status: number } };
  return { status: init.status, location: null, error: data.error };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

describe("admin mail page", () => {
  it("lists this variant's dead mails newest first, and all variants with ?variants=all", async () => {
    const cookie = await cookieFor("admin");
    const older = await deadRow(`older-${crypto.randomUUID()}@example.com`);
    const newer = await deadRow(`newer-${crypto.randomUUID()}@example.com`);
    const tennis = await deadRow(`tennis-${crypto.randomUUID()}@example.com`, "champion-tennis");
    const mine = await load(cookie);
    const ids = mine.map((m) => m.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(tennis.id);
    expect(mine.find((m) => m.id === older.id)).toMatchObject({ template: "prelaunch", lastError: "Invalid `to` field." });
    expect((await load(cookie, `${PAGE}?variants=all`)).map((m) => m.id)).toContain(tennis.id);
  });

  it("retries a dead mail once: it becomes due again, and a second POST finds nothing to do (409)", async () => {
    const cookie = await cookieFor("admin");
    const row = await deadRow(`retry-${crypto.randomUUID()}@example.com`);
    const first = await post(cookie, { id: row.id, intent: "retry" });
    expect(first.status).toBe(303);
    expect(first.location).toContain("/admin/mail");
    const stored = await store().get(row.id);
    expect(stored?.status).not.toBe("dead");
    expect(stored?.next_attempt_at).not.toBeNull();
    expect((await load(cookie)).map((m) => m.id)).not.toContain(row.id);
    const second = await post(cookie, { id: row.id, intent: "retry" });
    expect(second).toMatchObject({ status: 409, error: copy.mail.alreadyHandled });
    // Give up after the retry is refused too: only a mail that is still dead may be given up here.
    expect(await post(cookie, { id: row.id, intent: "give-up" })).toMatchObject({ status: 409 });
    expect((await store().get(row.id))?.status).toBe(stored?.status);
  });

  it("gives up a dead mail for good, once", async () => {
    const cookie = await cookieFor("admin");
    const row = await deadRow(`giveup-${crypto.randomUUID()}@example.com`);
    expect((await post(cookie, { id: row.id, intent: "give-up" })).status).toBe(303);
    const stored = await store().get(row.id);
    expect(stored?.status).toBe("skipped");
    expect(stored?.last_error).toContain(copy.mail.giveUpReason);
    expect(await post(cookie, { id: row.id, intent: "give-up" })).toMatchObject({ status: 409 });
    expect(await post(cookie, { id: row.id, intent: "retry" })).toMatchObject({ status: 409 });
    expect((await store().get(row.id))?.status).toBe("skipped");
  });

  it("answers bad input with a 4xx and writes nothing", async () => {
    const cookie = await cookieFor("admin");
    const row = await deadRow(`bad-${crypto.randomUUID()}@example.com`);
    expect(await post(cookie, { id: row.id })).toMatchObject({ status: 400, error: copy.mail.unknownAction });
    expect(await post(cookie, { id: row.id, intent: "delete" })).toMatchObject({ status: 400 });
    expect(await post(cookie, { intent: "retry" })).toMatchObject({ status: 400 });
    expect(await post(cookie, { id: crypto.randomUUID(), intent: "retry" })).toMatchObject({ status: 404, error: copy.mail.missing });
    expect(await store().get(row.id)).toMatchObject({ status: "dead", updated_at: row.updated_at });
  });

  it("refuses a visitor (401) and a signed-in non-admin (403), for the page and the actions", async () => {
    const row = await deadRow(`guard-${crypto.randomUUID()}@example.com`);
    for (const [cookie, status] of [
      ["", 401],
      [await cookieFor("user"), 403],
    ] as const) {
      expect((await thrown(load(cookie))).status).toBe(status);
      const refusal = await thrown(post(cookie, { id: row.id, intent: "give-up" }));
      expect(refusal.status).toBe(status);
      expect(((await refusal.json()) as AdminRefusal).message).toBe(status === 401 ? copy.access.notLoggedIn : copy.access.accessDenied);
    }
    expect((await store().get(row.id))?.status).toBe("dead");
  });
});
