import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { getBackend } from "~/data/backend.server";
import type { AuditRow } from "~/data/ports/admin-audit";
import { loader as auditLoader } from "~/routes/admin/audit";
import { action as clubsAction } from "~/routes/admin/clubs";
import { action as leadDeleteAction } from "~/routes/admin/lead-delete";
import { action as leadsAction } from "~/routes/admin/leads";
import { action as mailAction } from "~/routes/admin/mail";
import { action as rewardsAction } from "~/routes/admin/rewards";
import { action as webhooksAction } from "~/routes/admin/webhooks";
import { testContext } from "./helpers/context";
import { useLocalD1 } from "./helpers/local-d1";
import { outboxRow } from "./helpers/outbox-row";
import { signedIn } from "./helpers/signed-in";

/**
 * The admin audit: each admin change writes one row with the admin who made it (a repeat that
 * changes nothing writes none), and /admin/audit lists them newest first, filtered by kind.
 */

const ORIGIN = "http://127.0.0.1:8846";
const HOCKEY = "?domain=champion&sport=icehockey";

const d1 = useLocalD1();
beforeEach(async () => {
  await d1.db.prepare("DELETE FROM admin_audit").run();
});

const context = (url: string) => testContext(url, d1.bindings);
const backend = () => getBackend(context(`${ORIGIN}/`).ctx);
const admin = () => signedIn(d1, `${ORIGIN}/admin/leads`, "admin");

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

async function post(act: Action, path: string, cookie: string, fields: Record<string, string> | [string, string][], params = {}) {
  const url = `${ORIGIN}${path}`;
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await act({ request, context: context(url).load, params } as ActionFunctionArgs).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } }).init?.status ?? 200;
}

async function rows(): Promise<AuditRow[]> {
  return (await backend().adminAudit.page({ kind: null, page: 1, pageSize: 100 })).rows;
}

describe("admin audit rows", () => {
  it("a dead mail's retry: one row with the admin, the mail's id and the variant; the repeat (409) writes none", async () => {
    const { cookie, email } = await admin();
    const row = outboxRow(`dead:${crypto.randomUUID()}`, { recipient: "p@example.com", status: "dead", attempts: 3, variant: "genius" });
    await backend().outbox.insert(row);
    expect(await post(mailAction, "/admin/mail", cookie, { id: row.id, intent: "retry" })).toBe(303);
    expect(await post(mailAction, "/admin/mail", cookie, { id: row.id, intent: "retry" })).toBe(409);
    expect(await rows()).toMatchObject([{ action: "mail.retry", target: row.id, actor: email, variant: "genius" }]);
  });

  it("a lead's delete and a bulk delete: one row each, never the parent's address", async () => {
    const { cookie, email } = await admin();
    const leads = backend().leads;
    const one = await leads.create("leads", { email: "one-audit@example.com" });
    const many = [
      await leads.create("leads", { email: "a-audit@example.com" }),
      await leads.create("leads", { email: "b-audit@example.com" }),
    ];
    expect(await post(leadDeleteAction, `/admin/leads/${one.id}/delete`, cookie, {}, { id: one.id })).toBe(302);
    expect(await post(leadDeleteAction, `/admin/leads/${one.id}/delete`, cookie, {}, { id: one.id })).toBe(404);
    const bulk: [string, string][] = [
      ["intent", "bulk-delete"],
      ["confirmed", "yes"],
      ...many.map((lead): [string, string] => ["ids", lead.id]),
    ];
    expect(await post(leadsAction, "/admin/leads", cookie, bulk)).toBe(303);
    expect(await post(leadsAction, "/admin/leads", cookie, bulk)).toBe(303);
    const log = await rows();
    expect(log.map((r) => [r.action, r.actor])).toEqual([
      ["leads.bulk-delete", email],
      ["leads.delete", email],
    ]);
    expect(log[1].target).toBe(one.id);
    expect(log[0].target.split(" ").sort()).toEqual(many.map((lead) => lead.id).sort());
    expect(JSON.stringify(log)).not.toContain("audit@example.com");
  });

  it("a reward step and a code upload: one row each, the codes themselves never", async () => {
    const { cookie } = await admin();
    await d1.db.prepare("DELETE FROM reward_steps").run();
    const step = { intent: "save-step", threshold: "2", kind: "code", title: "Coach call", description: "A call" };
    expect(await post(rewardsAction, "/admin/rewards", cookie, step)).toBe(303);
    const saved = (await backend().rewards.steps("leads")).find((s) => s.title === "Coach call")!;
    const codes = { intent: "upload-codes", step: saved.id, codes: "SECRETCODE1\nSECRETCODE2" };
    expect(await post(rewardsAction, "/admin/rewards", cookie, codes)).toBe(303);
    // The same codes again add none: no second row.
    expect(await post(rewardsAction, "/admin/rewards", cookie, codes)).toBe(303);
    const log = await rows();
    expect(log.map((r) => [r.action, r.target, r.detail])).toEqual([
      ["rewards.codes-upload", saved.id, "2"],
      ["rewards.step-add", saved.id, "Coach call"],
    ]);
    expect(JSON.stringify(log)).not.toContain("SECRETCODE");
  });

  it("a webhook endpoint disabled twice: one row", async () => {
    const { cookie, email } = await admin();
    const id = `ep-${crypto.randomUUID()}`;
    const at = new Date().toISOString();
    await backend().webhooks.addEndpoint({
      id,
      url: "https://hooks.example/x",
      events: ["lead.confirmed"],
      secret: "whsec_x",
      previous_secret: null,
      previous_secret_expires_at: null,
      enabled: true,
      created_at: at,
      updated_at: at,
    });
    expect(await post(webhooksAction, "/admin/webhooks", cookie, { intent: "disable", id })).toBe(303);
    expect(await post(webhooksAction, "/admin/webhooks", cookie, { intent: "disable", id })).toBe(303);
    expect(await rows()).toMatchObject([{ action: "webhooks.disable", target: id, actor: email }]);
  });

  it("a club's approval and merge: one row each, in the club's variant; a repeat writes none", async () => {
    const { cookie, email } = await admin();
    const club = (slug: string) => ({
      id: crypto.randomUUID(),
      lead_table: "leads_icehockey" as const,
      variant: "champion-icehockey",
      slug: `${slug}-${crypto.randomUUID().slice(0, 6)}`,
      name: `HC ${slug}`,
      city: "Praha",
      sport: "icehockey",
      created_at: new Date().toISOString(),
    });
    const { club: a } = await backend().clubs.register(club("alpha"), "coach-a@example.com");
    const { club: b } = await backend().clubs.register(club("beta"), "coach-b@example.com");
    const path = `/admin/clubs${HOCKEY}`;
    expect(await post(clubsAction, path, cookie, { intent: "approve", club: a.id })).toBe(303);
    expect(await post(clubsAction, path, cookie, { intent: "approve", club: a.id })).toBe(303);
    const merge = { intent: "merge", club: b.id, into: a.id, confirmed: "yes" };
    expect(await post(clubsAction, path, cookie, merge)).toBe(303);
    // A repeat finds it merged: the same answer, nothing moves again.
    expect(await post(clubsAction, path, cookie, merge)).toBe(303);
    expect(await rows()).toMatchObject([
      { action: "clubs.merge", target: b.id, actor: email, variant: "champion-icehockey" },
      { action: "clubs.approve", target: a.id, actor: email, variant: "champion-icehockey", detail: "HC alpha" },
    ]);
  });
});

describe("/admin/audit", () => {
  async function load(cookie: string, query = "") {
    const url = `${ORIGIN}/admin/audit${query}`;
    const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
    const result = await auditLoader({ request, context: context(url).load, params: {} } as LoaderFunctionArgs).catch((e: unknown) => e);
    if (result instanceof Response) return { status: result.status, rows: [] as AuditRow[], pages: 0 };
    const { data } = result as unknown as { data: { rows: AuditRow[]; pages: number } };
    return { status: 200, ...data };
  }

  it("lists every kind newest first, and one kind with ?kind=; an unknown kind lists all", async () => {
    const { cookie } = await admin();
    const store = backend().adminAudit;
    const entry = (action: string, minute: number) => ({
      action,
      target: action,
      detail: "",
      variant: "genius",
      actor: "a@example.com",
      at: new Date(Date.UTC(2025, 8, 1, 12, minute)).toISOString(),
    });
    await store.record(entry("clubs.approve", 1));
    await store.record(entry("webhooks.add", 2));
    await store.record(entry("clubs.merge", 3));
    expect((await load(cookie)).rows.map((r) => r.action)).toEqual(["clubs.merge", "webhooks.add", "clubs.approve"]);
    expect((await load(cookie, "?kind=clubs")).rows.map((r) => r.action)).toEqual(["clubs.merge", "clubs.approve"]);
    expect((await load(cookie, "?kind=webhooks&page=1")).rows.map((r) => r.action)).toEqual(["webhooks.add"]);
    expect((await load(cookie, "?kind=%25")).rows).toHaveLength(3);
    expect(await load(cookie, "?page=99")).toMatchObject({ status: 200, rows: [], pages: 1 });
  });

  it("refuses a visitor (401) and a signed-in non-admin (403)", async () => {
    expect((await load("")).status).toBe(401);
    expect((await load((await signedIn(d1, `${ORIGIN}/admin/leads`, "user")).cookie)).status).toBe(403);
  });
});
