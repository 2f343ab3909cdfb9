import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import type { SignupContent } from "#content/schemas/signup";

/**
 * The /signup form rules (SPEC 5), one zod schema per mode. The messages come from content so
 * the browser (ValidatedForm) and the action validate with the same schema and the same words.
 */
export type SignupMode = "signup" | "signin";
export type SignupMessages = SignupContent["messages"];

/** SPEC 5: a simple something@something.tld pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseMode(value: unknown): SignupMode {
  return value === "signin" ? "signin" : "signup";
}

/** A required text field: a missing field and an empty one give the same message. */
function required(message: string) {
  return z.string({ required_error: message, invalid_type_error: message });
}

function emailField(m: SignupMessages) {
  return required(m.emailRequired).trim().min(1, m.emailRequired).regex(EMAIL_PATTERN, m.emailInvalid);
}

export function signUpSchema(m: SignupMessages) {
  return z
    .object({
      mode: z.literal("signup"),
      email: emailField(m),
      name: required(m.nameRequired).trim().min(1, m.nameRequired),
      password: required(m.passwordRequired).min(1, m.passwordRequired).min(8, m.passwordTooShort),
      confirmPassword: required(m.confirmRequired).min(1, m.confirmRequired),
    })
    .superRefine((value, ctx) => {
      if (value.confirmPassword && value.password !== value.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsMismatch });
      }
    });
}

/** Sign-in has no length rule (SPEC 5): an old short password must still get its answer. */
export function signInSchema(m: SignupMessages) {
  return z.object({
    mode: z.literal("signin"),
    email: emailField(m),
    password: required(m.passwordRequired).min(1, m.passwordRequired),
  });
}

export type SignUpData = z.infer<ReturnType<typeof signUpSchema>>;
export type SignInData = z.infer<ReturnType<typeof signInSchema>>;

/** The mode's validator; its data says which mode it is (`mode` is a literal in each schema). */
export function signupValidator(mode: SignupMode, m: SignupMessages): Validator<SignUpData | SignInData> {
  const schema = mode === "signup" ? signUpSchema(m) : signInSchema(m);
  return withZod<SignUpData | SignInData, z.ZodTypeDef>(schema);
}
