import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { alertFor, leadMagnetValidator, missingFieldsOf } from "~/guides/form-schema";
import { formAction } from "~/leads/lead-magnet.server";
import { personStamp } from "./helpers/bot-fields";

const options = getPage("genius", "options");
const messages = getPage("genius", "guide").form.errors;
const validator = leadMagnetValidator({ ageBands: options.leadFormAgeBands, goals: options.leadFormGoals }, messages);

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

async function alertOf(fields: [string, string][]) {
  const result = await validator.validate(form(fields));
  return result.error ? alertFor(result.error.fieldErrors, messages) : null;
}

describe("guide/tips form validation (SPEC 5)", () => {
  it("accepts an e-mail, one age band and several goals, normalising the address", async () => {
    const result = await validator.validate(
      form([
        ["email", "  Parent@Example.COM "],
        ["ageBand", "3-4y"],
        ["goals", "practical-ai"],
        ["goals", "daily-habit"],
        ["goals", "daily-habit"],
      ]),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ email: "parent@example.com", ageBand: "3-4y", goals: ["practical-ai", "daily-habit"] });
  });

  it.each([
    ["nothing", []],
    [
      "no e-mail",
      [
        ["ageBand", "3-4y"],
        ["goals", "bilingual"],
      ],
    ],
    [
      "no age band",
      [
        ["email", "a@example.com"],
        ["goals", "bilingual"],
      ],
    ],
    [
      "no goal",
      [
        ["email", "a@example.com"],
        ["ageBand", "3-4y"],
      ],
    ],
    [
      "an unknown age band",
      [
        ["email", "a@example.com"],
        ["ageBand", "7-8y"],
        ["goals", "bilingual"],
      ],
    ],
    [
      "an unknown goal",
      [
        ["email", "a@example.com"],
        ["ageBand", "3-4y"],
        ["goals", "win-u10"],
      ],
    ],
  ] as [string, [string, string][]][])("rejects %s with 'Please fill out all fields.'", async (_name, fields) => {
    expect(await alertOf(fields)).toBe("Please fill out all fields.");
  });

  it.each([
    ["nothing", [], ["email", "ageBand", "goals"]],
    [
      "no goal",
      [
        ["email", "a@example.com"],
        ["ageBand", "3-4y"],
      ],
      ["goals"],
    ],
    [
      "an unknown goal and no e-mail",
      [
        ["ageBand", "3-4y"],
        ["goals", "win-u10"],
      ],
      ["email", "goals"],
    ],
  ] as [string, [string, string][], string[]][])("marks the fields the alert is about: %s", async (_name, fields, missing) => {
    const result = await validator.validate(form(fields));
    expect(missingFieldsOf(result.error!.fieldErrors, messages)).toEqual(missing);
  });

  it("rejects a malformed address with its own message", async () => {
    expect(
      await alertOf([
        ["email", "not-an-address"],
        ["ageBand", "3-4y"],
        ["goals", "bilingual"],
      ]),
    ).toBe(messages.invalidEmail);
  });
});

describe("guide form save failure (SPEC 8)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers 503 with the save-failure alert and the typed values when the lead store is down", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const DB = {
      prepare() {
        throw new Error("D1 is down");
      },
    };
    const context = { cloudflare: { env: { DB } } } as unknown as AppLoadContext;
    const request = new Request("http://127.0.0.1/guide-form", {
      method: "POST",
      body: form([["email", "parent@example.com"], ["ageBand", "3-4y"], ["goals", "bilingual"], await personStamp()]),
    });
    const response = (await formAction({ request, context, params: {} }, "guide")) as unknown as {
      data: { alert: string; values: { email: string; ageBand: string; goals: string[] } };
      init: { status: number };
    };
    expect(response.init.status).toBe(503);
    expect(response.data.alert).toBe("There was an error submitting your request. Please try again.");
    expect(response.data.values).toEqual({ email: "parent@example.com", ageBand: "3-4y", goals: ["bilingual"] });
  });
});
