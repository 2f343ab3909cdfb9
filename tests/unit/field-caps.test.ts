import { describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { leadEditValidator } from "~/admin/edit-schema";
import { step1Validator, step2Validator, step3Validator } from "~/funnel/form-schemas";
import { alertFor, leadMagnetValidator } from "~/guides/form-schema";
import { MAX_FIELD_LENGTH } from "~/platform/request-guard.server";
import { signupValidator } from "~/signup/validation.server";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  OPTION_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGNIN_PASSWORD_MAX_LENGTH,
} from "~/utils/field-limits";

/**
 * Every text field of every form has a length cap in its schema, with a message from content/ that
 * names the limit: nothing a visitor types is stored at any length.
 */

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

/** An address of exactly `length` characters. */
const emailOf = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;
const filled = (message: string, max: number) => message.replace("{max}", String(max));

describe("the caps", () => {
  it("are the documented sizes and all fit under the guard's per-field cap", () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    for (const cap of [EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, OPTION_MAX_LENGTH, PASSWORD_MAX_LENGTH, SIGNIN_PASSWORD_MAX_LENGTH]) {
      expect(cap).toBeLessThanOrEqual(MAX_FIELD_LENGTH);
    }
  });

  it("every option value and plan id of every variant fits the option cap", () => {
    for (const key of KEYS) {
      const options = getPage(key, "options");
      for (const list of Object.values(options)) {
        if (!Array.isArray(list)) continue;
        for (const option of list) expect((option as { value: string }).value.length, key).toBeLessThanOrEqual(OPTION_MAX_LENGTH);
      }
      for (const plan of getPage(key, "plans").plans) expect(plan.id.length).toBeLessThanOrEqual(OPTION_MAX_LENGTH);
    }
  });
});

describe.each(KEYS)("%s: the 3-step form", (key) => {
  const copy = getPage(key, "form");
  const options = getPage(key, "options");

  it("step 3: an e-mail over the cap gets its own message with the limit; the cap itself is fine", async () => {
    const validator = step3Validator(copy.step3.errors);
    expect(copy.step3.errors.emailTooLong).toContain("{max}");
    const long = await validator.validate(form([["email", emailOf(EMAIL_MAX_LENGTH + 1)]]));
    expect(long.error?.fieldErrors.email).toBe(filled(copy.step3.errors.emailTooLong, EMAIL_MAX_LENGTH));
    const exact = await validator.validate(form([["email", emailOf(EMAIL_MAX_LENGTH)]]));
    expect(exact.error).toBeUndefined();
  });

  it("steps 1 and 2: an over-long choice is an unknown option, refused before any lookup", async () => {
    const huge = "x".repeat(OPTION_MAX_LENGTH + 1);
    const errors = { unknownOption: copy.unknownOption };
    const step1 = await step1Validator(options, { ...copy.step1.errors, ...errors }).validate(
      form([
        ["children[0].ageBand", huge],
        ["children[0].time", options.time[0].value],
      ]),
    );
    expect(step1.error?.fieldErrors["children[0].ageBand"]).toBe(copy.unknownOption);
    const step2 = await step2Validator(options, { ...copy.step2.errors, ...errors }).validate(
      form([
        ["focus", huge],
        ["goals", options.goals[0].value],
        ["concern", huge],
      ]),
    );
    expect(step2.error?.fieldErrors.focus).toBe(copy.unknownOption);
    expect(step2.error?.fieldErrors.concern).toBe(copy.unknownOption);
  });
});

describe.each(KEYS)("%s: the guide and tips forms", (key) => {
  for (const kind of ["guide", "tips"] as const) {
    const messages = getPage(key, kind).form.errors;
    const options = getPage(key, "options");
    const validator = leadMagnetValidator({ ageBands: options.leadFormAgeBands, goals: options.leadFormGoals }, messages);
    const good = (email: string): [string, string][] => [
      ["email", email],
      ["ageBand", options.leadFormAgeBands[0].value],
      ["goals", options.leadFormGoals[0].value],
    ];

    it(`${kind}: an e-mail over the cap is refused with the too-long alert`, async () => {
      expect(messages.emailTooLong).toContain("{max}");
      const result = await validator.validate(form(good(emailOf(EMAIL_MAX_LENGTH + 1))));
      expect(result.error).toBeDefined();
      expect(alertFor(result.error!.fieldErrors, messages)).toBe(filled(messages.emailTooLong, EMAIL_MAX_LENGTH));
      expect((await validator.validate(form(good(emailOf(EMAIL_MAX_LENGTH))))).error).toBeUndefined();
    });

    it(`${kind}: a missing field still wins over a too-long e-mail`, async () => {
      const result = await validator.validate(form([["email", emailOf(EMAIL_MAX_LENGTH + 1)]]));
      expect(alertFor(result.error!.fieldErrors, messages)).toBe(messages.missingFields);
    });

    it(`${kind}: over-long choices are refused like unknown ones`, async () => {
      const huge = "x".repeat(OPTION_MAX_LENGTH + 1);
      const result = await validator.validate(
        form([
          ["email", "a@example.com"],
          ["ageBand", huge],
          ["goals", huge],
        ]),
      );
      expect(result.error?.fieldErrors.ageBand).toBe(messages.missingFields);
      expect(result.error?.fieldErrors.goals).toBe(messages.missingFields);
    });
  }
});

describe.each(KEYS)("%s: sign-up and sign-in", (key) => {
  const { messages } = getPage(key, "signup");
  const good = { email: "ann@example.com", name: "Ann Lee", password: "longenough", confirmPassword: "longenough" };

  async function errorsOf(mode: "signup" | "signin", fields: Record<string, string>) {
    const result = await signupValidator(mode, messages).validate(form(Object.entries({ mode, ...fields })));
    return result.error?.fieldErrors ?? {};
  }

  it("the too-long messages name their limit", () => {
    for (const message of [messages.emailTooLong, messages.nameTooLong, messages.passwordTooLong]) {
      expect(message).toContain("{max}");
    }
  });

  it("a name over the cap is refused (a 2,000,000-character name was once stored)", async () => {
    expect((await errorsOf("signup", { ...good, name: "n".repeat(NAME_MAX_LENGTH + 1) })).name).toBe(
      filled(messages.nameTooLong, NAME_MAX_LENGTH),
    );
    expect((await errorsOf("signup", { ...good, name: "n".repeat(2_000_000) })).name).toBe(filled(messages.nameTooLong, NAME_MAX_LENGTH));
    expect(await errorsOf("signup", { ...good, name: "n".repeat(NAME_MAX_LENGTH) })).toEqual({});
  });

  it("an e-mail over the cap is refused in both modes", async () => {
    const email = emailOf(EMAIL_MAX_LENGTH + 1);
    const message = filled(messages.emailTooLong, EMAIL_MAX_LENGTH);
    expect((await errorsOf("signup", { ...good, email })).email).toBe(message);
    expect((await errorsOf("signin", { email, password: "x" })).email).toBe(message);
    expect(await errorsOf("signup", { ...good, email: emailOf(EMAIL_MAX_LENGTH) })).toEqual({});
  });

  it("a sign-up password over the cap is refused; the cap itself is fine", async () => {
    const long = "p".repeat(PASSWORD_MAX_LENGTH + 1);
    expect((await errorsOf("signup", { ...good, password: long, confirmPassword: long })).password).toBe(
      filled(messages.passwordTooLong, PASSWORD_MAX_LENGTH),
    );
    const exact = "p".repeat(PASSWORD_MAX_LENGTH);
    expect(await errorsOf("signup", { ...good, password: exact, confirmPassword: exact })).toEqual({});
  });

  it("sign-in keeps no minimum and a generous maximum, so no existing password is ever refused", async () => {
    expect(SIGNIN_PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(PASSWORD_MAX_LENGTH);
    expect(await errorsOf("signin", { email: "ann@example.com", password: "x" })).toEqual({});
    expect(await errorsOf("signin", { email: "ann@example.com", password: "p".repeat(SIGNIN_PASSWORD_MAX_LENGTH) })).toEqual({});
    expect((await errorsOf("signin", { email: "ann@example.com", password: "p".repeat(SIGNIN_PASSWORD_MAX_LENGTH + 1) })).password).toBe(
      filled(messages.passwordTooLong, SIGNIN_PASSWORD_MAX_LENGTH),
    );
  });

  it("the confirmation has the same cap as the password", async () => {
    const long = "p".repeat(PASSWORD_MAX_LENGTH + 1);
    const errors = await errorsOf("signup", { ...good, confirmPassword: long });
    expect(errors.confirmPassword).toBeDefined();
  });
});

describe("admin: the lead edit form", () => {
  const copy = getPage("genius", "admin");
  const validator = leadEditValidator(["starter", "growth"], copy.edit.errors);
  const base: [string, string][] = [
    ["step_completed", "2"],
    ["lead_source", "main_funnel"],
  ];

  it("an e-mail over the cap gets the too-long message with the limit", async () => {
    expect(copy.edit.errors.emailTooLong).toContain("{max}");
    const result = await validator.validate(form([["email", emailOf(EMAIL_MAX_LENGTH + 1)], ...base]));
    expect(result.error?.fieldErrors.email).toBe(filled(copy.edit.errors.emailTooLong, EMAIL_MAX_LENGTH));
    expect((await validator.validate(form([["email", emailOf(EMAIL_MAX_LENGTH)], ...base]))).error).toBeUndefined();
  });

  it("an over-long plan id is refused as an unknown plan", async () => {
    const result = await validator.validate(
      form([["email", "a@example.com"], ["plan_chosen", "x".repeat(OPTION_MAX_LENGTH + 1)], ...base]),
    );
    expect(result.error?.fieldErrors.plan_chosen).toBe(copy.edit.errors.plan);
  });

  it("an over-long step is refused as a bad step", async () => {
    const result = await validator.validate(
      form([
        ["email", "a@example.com"],
        ["step_completed", "1".repeat(OPTION_MAX_LENGTH + 1)],
        ["lead_source", "main_funnel"],
      ]),
    );
    expect(result.error?.fieldErrors.step_completed).toBe(copy.edit.errors.step);
  });
});
