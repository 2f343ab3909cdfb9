import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { action } from "~/routes/form";
import { personStamp } from "./helpers/bot-fields";

/** A D1 binding whose every query fails, as when the database is unreachable. */
const brokenDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error("D1_ERROR: database unavailable");
    },
  },
) as unknown as D1Database;

const context = { cloudflare: { env: { DB: brokenDb } } } as unknown as AppLoadContext;
const options = getPage("genius", "options");
const copy = getPage("genius", "form");

async function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  body.append(...(await personStamp()));
  return new Request("http://localhost:8787/form", { method: "POST", body });
}

async function run(fields: Record<string, string>) {
  const result = (await action({ request: await post(fields), context, params: {} })) as unknown as {
    init: ResponseInit | null;
    data: { formError?: string; fieldErrors?: Record<string, string>; values?: { children?: unknown[] } };
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

describe("/form action", () => {
  it("a failed write shows 'Error submitting form: {message}' and keeps what the visitor chose", async () => {
    const child = { "children[0].ageBand": options.ageBands[1].value, "children[0].time": options.time[2].value };
    const { status, body } = await run({ step: "1", intent: "continue", ...child });
    expect(status).toBe(503);
    expect(body.formError).toMatch(/^Error submitting form: .+/);
    expect(body.formError).not.toContain("D1_ERROR");
    expect(body.values?.children).toEqual([{ ageBand: options.ageBands[1].value, time: options.time[2].value }]);
  });

  it("missing choices are field errors with the step's messages (no write attempted)", async () => {
    const { status, body } = await run({ step: "1", intent: "continue", "children[0].ageBand": "", "children[0].time": "" });
    expect(status).toBe(422);
    expect(body.fieldErrors).toEqual({
      "children[0].ageBand": copy.step1.errors.ageBand,
      "children[0].time": copy.step1.errors.time,
    });
  });

  it("an option outside the variant's lists is a 400", async () => {
    const { status, body } = await run({
      step: "1",
      intent: "continue",
      "children[0].ageBand": "7-8y", // a hockey band, not a genius one
      "children[0].time": options.time[0].value,
    });
    expect(status).toBe(400);
    expect(body.fieldErrors?.["children[0].ageBand"]).toBe(copy.unknownOption);
  });

  it("without JavaScript, add and remove re-render step 1 with the entries kept", async () => {
    const first = { "children[0].ageBand": options.ageBands[0].value, "children[0].time": options.time[0].value };
    const added = await run({ step: "1", intent: "add", ...first });
    expect(added.body.values?.children).toEqual([
      { ageBand: options.ageBands[0].value, time: options.time[0].value },
      { ageBand: "", time: "" },
    ]);
    const removed = await run({
      step: "1",
      intent: "remove-0",
      ...first,
      "children[1].ageBand": options.ageBands[2].value,
      "children[1].time": "",
    });
    expect(removed.body.values?.children).toEqual([{ ageBand: options.ageBands[2].value, time: "" }]);
  });
});
