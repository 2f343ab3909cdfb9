import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { getBackend } from "~/data/backend.server";
import { loader as csvLoader } from "~/routes/admin/rewards-csv";
import { action } from "~/routes/admin/rewards";
import { testContext } from "./helpers/context";
import { emptyTables, REWARD_TABLES, useLocalD1 } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/** /admin/rewards (ADR 035): bad input is a 400 with the message that writes nothing; codes once each; "Mark done" asks first; admins only. */

const PAGE = "http://127.0.0.1:8845/admin/rewards";
const copy = getPage("genius", "rewards").admin;

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, [...REWARD_TABLES, "leads"]);
});

const context = (url = PAGE) => testContext(url, d1.bindings);
const cookieFor = async (role: "user" | "admin") => (await signedIn(d1, PAGE, role)).cookie;

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(PAGE, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context: context().load, params: {} } as ActionFunctionArgs).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null };
  const { data, init } = result as unknown as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: init?.status ?? 200, data };
}

const steps = () => getBackend(context().ctx).rewards.steps("leads");
const step = {
  intent: "save-step",
  threshold: "1",
  kind: "download",
  title: "Pack",
  description: "A pack",
  file: "/downloads/ai-parenting-guide.pdf",
};

describe("/admin/rewards", () => {
  it("adds a step and refuses bad input with its message, writing nothing", async () => {
    const cookie = await cookieFor("admin");
    expect((await post(cookie, step)).status).toBe(303);
    for (const [fields, message] of [
      [{ threshold: "0" }, copy.errors.threshold],
      [{ kind: "cash" }, copy.errors.kind],
      [{ title: " " }, copy.errors.title],
      [{ file: "/etc/passwd" }, copy.errors.file],
      [{ kind: "places", places: "" }, copy.errors.places],
    ] as const) {
      expect(await post(cookie, { ...step, ...fields })).toEqual({ status: 400, data: { error: message } });
    }
    expect((await steps()).map((row) => row.title)).toEqual(["Pack"]);
  });

  it("refuses an identical active step with its message: a second press, or two at once, adds the step once", async () => {
    const cookie = await cookieFor("admin");
    const answers = await Promise.all([post(cookie, step), post(cookie, step)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(await post(cookie, step)).toEqual({ status: 409, data: { error: copy.errors.duplicate } });
    expect((await steps()).map((row) => row.title)).toEqual(["Pack"]);
  });

  it("uploads codes once each; an empty upload is a 400", async () => {
    const cookie = await cookieFor("admin");
    await post(cookie, { ...step, kind: "code", file: "" });
    const [codeStep] = await steps();
    expect((await post(cookie, { intent: "upload-codes", step: codeStep.id, codes: "A\nB\n\nA" })).status).toBe(303);
    expect((await post(cookie, { intent: "upload-codes", step: codeStep.id, codes: "B\nC" })).status).toBe(303);
    expect(await post(cookie, { intent: "upload-codes", step: codeStep.id, codes: "\n \n" })).toEqual({
      status: 400,
      data: { error: copy.errors.codes },
    });
    expect(await getBackend(context().ctx).rewards.codeStock("leads")).toEqual([{ step_id: codeStep.id, remaining: 3, used: 0 }]);
  });

  it("'Mark done' first asks, then marks the perk done once, with who did it", async () => {
    const cookie = await cookieFor("admin");
    await post(cookie, { ...step, kind: "perk", title: "A call", file: "" });
    const [perk] = await steps();
    const store = getBackend(context().ctx).rewards;
    const lead = await getBackend(context().ctx).leads.create("leads", { email: "p@example.com", step_completed: 3, ref_code: null });
    const { reward } = (await store.earn("leads", lead.id, perk.id, new Date().toISOString()))!;
    expect(await post(cookie, { intent: "done", id: reward.id })).toEqual({
      status: 200,
      data: { confirm: { id: reward.id, email: "p@example.com", title: "A call" } },
    });
    expect((await store.get("leads", reward.id))?.delivered_at).toBeNull();
    expect((await post(cookie, { intent: "done", id: reward.id, confirmed: "yes" })).status).toBe(303);
    expect((await store.get("leads", reward.id))?.done_by).toMatch(/@/);
    expect(await store.ledger("leads", { perksToDo: true })).toEqual([]);
  });

  it("refuses a parent who is not an admin, and the CSV lists the ledger", async () => {
    const user = await cookieFor("user");
    expect((await post(user, step)).status).toBeGreaterThanOrEqual(401);
    expect(await steps()).toEqual([]);
    const cookie = await cookieFor("admin");
    await post(cookie, step);
    const [download] = await steps();
    const lead = await getBackend(context().ctx).leads.create("leads", { email: "p@example.com", step_completed: 3, ref_code: null });
    await getBackend(context().ctx).rewards.earn("leads", lead.id, download.id, new Date().toISOString());
    const request = new Request(`${PAGE}.csv`, { headers: { Cookie: cookie } });
    const response = (await csvLoader({ request, context: context(`${PAGE}.csv`).load, params: {} } as never)) as Response;
    const csv = await response.text();
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(csv).toContain("p@example.com,Pack");
    expect(csv).toContain(copy.ledger.undelivered);
  });
});
