import { describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { parseMode } from "~/signup/validation";
import { signupValidator } from "~/signup/validation.server";

const { messages } = getPage("genius", "signup");

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function errorsOf(mode: "signup" | "signin", fields: Record<string, string>) {
  const result = await signupValidator(mode, messages).validate(form({ mode, ...fields }));
  return result.error?.fieldErrors ?? {};
}

const good = { email: "ann@example.com", name: "Ann Lee", password: "longenough", confirmPassword: "longenough" };

describe("sign-up rules (SPEC 5)", () => {
  it("accepts a complete form and trims the e-mail and name", async () => {
    const result = await signupValidator("signup", messages).validate(
      form({ mode: "signup", ...good, email: "  ann@example.com ", name: "  Ann Lee " }),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toMatchObject({ mode: "signup", email: "ann@example.com", name: "Ann Lee" });
  });

  it.each([
    ["empty e-mail", { email: "" }, "email", "Email is required"],
    ["missing e-mail field", { email: undefined }, "email", "Email is required"],
    ["e-mail without a domain dot", { email: "ann@example" }, "email", "Please enter a valid email"],
    ["e-mail with a space", { email: "ann lee@example.com" }, "email", "Please enter a valid email"],
    ["blank name", { name: "   " }, "name", "Full name is required"],
    ["empty password", { password: "", confirmPassword: "" }, "password", "Password is required"],
    ["7-character password", { password: "1234567", confirmPassword: "1234567" }, "password", "Password must be at least 8 characters"],
    ["empty confirmation", { confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    ["different confirmation", { confirmPassword: "longenough!" }, "confirmPassword", "Passwords do not match"],
  ])("%s", async (_case, change, field, message) => {
    const fields: Record<string, string> = { ...good };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    }
    const errors = await errorsOf("signup", fields);
    expect(errors[field]).toBe(message);
    // Only the broken field (and, for an empty password, its confirmation) complains.
    expect(Object.keys(errors).filter((key) => key !== "confirmPassword" || field === "confirmPassword")).toEqual([field]);
  });

  it("reports every field of an empty form at once", async () => {
    expect(await errorsOf("signup", { email: "", name: "", password: "", confirmPassword: "" })).toEqual({
      email: "Email is required",
      name: "Full name is required",
      password: "Password is required",
      confirmPassword: "Please confirm your password",
    });
  });

  it("shows the mismatch even while another field is wrong", async () => {
    const errors = await errorsOf("signup", { ...good, name: "", confirmPassword: "other-password" });
    expect(errors).toEqual({ name: "Full name is required", confirmPassword: "Passwords do not match" });
  });
});

describe("sign-in rules (SPEC 5)", () => {
  it("has no length rule and ignores sign-up fields", async () => {
    expect(await errorsOf("signin", { email: "ann@example.com", password: "short" })).toEqual({});
  });

  it("requires e-mail and password", async () => {
    expect(await errorsOf("signin", { email: "", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(await errorsOf("signin", { email: "nope", password: "x" })).toEqual({ email: "Please enter a valid email" });
  });
});

describe("parseMode", () => {
  it("defaults to sign-up for anything but 'signin'", () => {
    expect(parseMode("signin")).toBe("signin");
    expect(parseMode("signup")).toBe("signup");
    expect(parseMode(null)).toBe("signup");
    expect(parseMode("admin")).toBe("signup");
  });
});
