import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getPage } from "#content/index";
import { formAction } from "~/leads/lead-magnet.server";
import { STAMP_NAME, issueStamp, readStamp } from "~/platform/bot-guard.server";
import { signingSecret } from "~/platform/crypto.server";
import { action as formRoute } from "~/routes/form";
import { action as signupRoute } from "~/routes/signup";
import { testContext } from "./helpers/context";

/**
 * A parent whose password manager fills a public form faster than the minimum fill time
 * (docs/decisions/011-bot-guard.md) gets the form back with what they typed, a message asking to
 * press the button again and a second-chance stamp; nothing is written (no database here: a write
 * would fail the test). Each form counts the refusal under its own name (analytics.test.ts records
 * a real one).
 */

// A backend with only the analytics store: any other read or write fails the test.
const record = vi.hoisted(() => vi.fn(async (_event: { name: string }) => true));
vi.mock("~/data/backend.server", () => ({ getBackend: () => ({ analytics: { record } }) }));

const TENNIS = "?domain=champion&sport=tennis";
const tooFast = getPage("genius", "botGuard").tooFast;
const secret = signingSecret(undefined, true);
const tennis = getPage("tennis", "options");
const genius = getPage("genius", "options");

beforeEach(() => record.mockClear());
afterEach(() => vi.restoreAllMocks());

/** A form post whose stamp was issued just now: sent at machine speed. */
async function fastPost(url: string, fields: [string, string][]) {
  const body = new URLSearchParams([...fields, [STAMP_NAME, await issueStamp(secret)]]);
  return new Request(url, { method: "POST", body });
}

type Answer = { init: ResponseInit | null; data: Record<string, unknown> & { bot?: { stamp: string } } };

async function expectSecondChance(answer: Answer) {
  expect(answer.init?.status).toBe(422);
  const read = await readStamp(secret, answer.data.bot!.stamp);
  expect(read).toMatchObject({ ok: true, retry: true });
}

/** The events recorded once the work left after the responses is done. */
async function counted(settle: () => Promise<void>) {
  await settle();
  return record.mock.calls.map(([event]) => event.name);
}

describe("a public form sent faster than the minimum", () => {
  it("guide and tips: the alert, the typed e-mail, age band and goals, and a second-chance stamp", async () => {
    const names: string[] = [];
    for (const kind of ["guide", "tips"] as const) {
      const url = `http://127.0.0.1/${kind}-form${TENNIS}`;
      const { load, settle } = testContext(url);
      const request = await fastPost(url, [
        ["email", "parent@example.com"],
        ["ageBand", tennis.leadFormAgeBands[1].value],
        ["goals", tennis.leadFormGoals[0].value],
        ["goals", tennis.leadFormGoals[2].value],
      ]);
      const answer = (await formAction({ request, context: load, params: {} }, kind)) as unknown as Answer;
      await expectSecondChance(answer);
      expect(answer.data.alert).toBe(getPage("tennis", "botGuard").tooFast);
      expect(answer.data.values).toEqual({
        email: "parent@example.com",
        ageBand: tennis.leadFormAgeBands[1].value,
        goals: [tennis.leadFormGoals[0].value, tennis.leadFormGoals[2].value],
      });
      names.push(...(await counted(settle)));
      record.mockClear();
    }
    expect(names).toEqual(["guide_too_fast", "tips_too_fast"]);
  });

  it("a second post at machine speed with the second-chance stamp is a bot's: the confirm page, nothing written, not counted again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const url = "http://127.0.0.1/guide-form";
    const fields: [string, string][] = [
      ["email", "script@example.com"],
      ["ageBand", genius.leadFormAgeBands[0].value],
      ["goals", genius.leadFormGoals[0].value],
    ];
    const { load, settle } = testContext(url);
    const first = (await formAction({ request: await fastPost(url, fields), context: load, params: {} }, "guide")) as unknown as Answer;
    await expectSecondChance(first);
    const again = new Request(url, { method: "POST", body: new URLSearchParams([...fields, [STAMP_NAME, first.data.bot!.stamp]]) });
    const second = await formAction({ request: again, context: load, params: {} }, "guide");
    expect(second).toBeInstanceOf(Response);
    expect((second as Response).status).toBe(302);
    expect((second as Response).headers.get("Location")).toBe("/guide-confirm");
    expect(await counted(settle)).toEqual(["guide_too_fast"]);
  });

  it("funnel step 1: the message and the children kept; adding a child quickly is no refusal", async () => {
    const url = "http://127.0.0.1/form";
    const child = [
      ["step", "1"],
      ["children[0].ageBand", genius.ageBands[1].value],
      ["children[0].time", genius.time[2].value],
    ] as [string, string][];
    const { load, settle } = testContext(url);
    const added = (await formRoute({
      request: await fastPost(url, [...child, ["intent", "add"]]),
      context: load,
      params: {},
    })) as unknown as Answer;
    expect(added.init?.status ?? 200).toBe(200);
    expect(await counted(settle)).toEqual([]);

    const answer = (await formRoute({
      request: await fastPost(url, [...child, ["intent", "continue"]]),
      context: load,
      params: {},
    })) as unknown as Answer;
    await expectSecondChance(answer);
    expect(answer.data.formError).toBe(tooFast);
    expect(answer.data.values).toEqual({ children: [{ ageBand: genius.ageBands[1].value, time: genius.time[2].value }] });
    expect(await counted(settle)).toEqual(["form_step1_too_fast"]);
  });

  it("sign-up: the message with the e-mail and name kept (never the passwords)", async () => {
    const url = "http://127.0.0.1/signup";
    const { load, settle } = testContext(url);
    const request = await fastPost(url, [
      ["mode", "signup"],
      ["email", "ann@example.com"],
      ["name", "Ann Lee"],
      ["password", "long enough pw"],
      ["confirmPassword", "long enough pw"],
    ]);
    const answer = (await signupRoute({ request, context: load, params: {} })) as unknown as Answer;
    await expectSecondChance(answer);
    expect(answer.data.formError).toBe(tooFast);
    expect(answer.data.repopulate).toEqual({ email: "ann@example.com", name: "Ann Lee" });
    expect(JSON.stringify(answer.data)).not.toContain("long enough pw");
    expect(await counted(settle)).toEqual(["signup_too_fast"]);
  });
});
