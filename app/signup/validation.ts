import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { z } from "zod";
import type { SignupContent } from "#content/schemas/signup";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  SIGNIN_PASSWORD_MAX_LENGTH,
  tooLongMessage,
} from "~/utils/field-limits";

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
  return required(m.emailRequired)
    .trim()
    .min(1, m.emailRequired)
    .max(EMAIL_MAX_LENGTH, tooLongMessage(m.emailTooLong, EMAIL_MAX_LENGTH))
    .regex(EMAIL_PATTERN, m.emailInvalid);
}

export function signUpSchema(m: SignupMessages) {
  return z
    .object({
      mode: z.literal("signup"),
      email: emailField(m),
      name: required(m.nameRequired).trim().min(1, m.nameRequired).max(NAME_MAX_LENGTH, tooLongMessage(m.nameTooLong, NAME_MAX_LENGTH)),
      password: required(m.passwordRequired)
        .min(1, m.passwordRequired)
        .min(8, m.passwordTooShort)
        .max(PASSWORD_MAX_LENGTH, tooLongMessage(m.passwordTooLong, PASSWORD_MAX_LENGTH)),
      confirmPassword: required(m.confirmRequired)
        .min(1, m.confirmRequired)
        .max(PASSWORD_MAX_LENGTH, tooLongMessage(m.passwordTooLong, PASSWORD_MAX_LENGTH)),
    })
    .superRefine((value, ctx) => {
      if (value.confirmPassword && value.password !== value.confirmPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: m.passwordsMismatch });
      }
    });
}

/**
 * Sign-in has no minimum length: an old short password must still get its answer. Its
 * maximum is far above the sign-up cap, so it only refuses values no account can have.
 */
export function signInSchema(m: SignupMessages) {
  return z.object({
    mode: z.literal("signin"),
    email: emailField(m),
    password: required(m.passwordRequired)
      .min(1, m.passwordRequired)
      .max(SIGNIN_PASSWORD_MAX_LENGTH, tooLongMessage(m.passwordTooLong, SIGNIN_PASSWORD_MAX_LENGTH)),
  });
}

export type SignUpData = z.infer<ReturnType<typeof signUpSchema>>;
export type SignInData = z.infer<ReturnType<typeof signInSchema>>;

/** The mode's validator; its data says which mode it is (`mode` is a literal in each schema). */
export function signupValidator(mode: SignupMode, m: SignupMessages): Validator<SignUpData | SignInData> {
  const schema = mode === "signup" ? signUpSchema(m) : signInSchema(m);
  return withZod<SignUpData | SignInData, z.ZodTypeDef>(schema);
}
