import type { SignupContent } from "#content/schemas/signup";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, SIGNIN_PASSWORD_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";

/**
 * The /signup form rules, one function for both sides: the browser runs it before sending (so a
 * mistake is shown without a request) and the action runs it through the server validator
 * (validation.server.ts). It is plain code rather than a schema library so the page's JavaScript
 * stays small; the messages come from content.
 */
export type SignupMode = "signup" | "signin";
export type SignupMessages = SignupContent["messages"];
type SignupField = "email" | "name" | "password" | "confirmPassword";
export type SignupErrors = Partial<Record<SignupField, string>>;

/** A simple something@something.tld pattern. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseMode(value: unknown): SignupMode {
  return value === "signin" ? "signin" : "signup";
}

export type SignUpData = { mode: "signup"; email: string; name: string; password: string; confirmPassword: string };
export type SignInData = { mode: "signin"; email: string; password: string };

/** A missing field (or a file in its place) reads as empty: both get the "required" message. */
const text = (value: unknown) => (typeof value === "string" ? value : "");

function emailError(value: string, m: SignupMessages): string | undefined {
  if (!value) return m.emailRequired;
  if (value.length > EMAIL_MAX_LENGTH) return tooLongMessage(m.emailTooLong, EMAIL_MAX_LENGTH);
  if (!EMAIL_PATTERN.test(value)) return m.emailInvalid;
}

/**
 * Every field's first broken rule, all fields at once. Sign-in has no minimum password length
 * (an old short password must still get its answer) and a maximum far above the sign-up cap, so it
 * only refuses values no account can have.
 */
export function checkSignup(
  mode: SignupMode,
  m: SignupMessages,
  values: Record<string, unknown>,
): { errors: SignupErrors; data: SignUpData | SignInData } {
  const email = text(values.email).trim();
  const password = text(values.password);
  const errors: SignupErrors = { email: emailError(email, m) };
  if (mode === "signin") {
    if (!password) errors.password = m.passwordRequired;
    else if (password.length > SIGNIN_PASSWORD_MAX_LENGTH) errors.password = tooLongMessage(m.passwordTooLong, SIGNIN_PASSWORD_MAX_LENGTH);
    return { errors: defined(errors), data: { mode, email, password } };
  }
  const name = text(values.name).trim();
  const confirmPassword = text(values.confirmPassword);
  if (!name) errors.name = m.nameRequired;
  else if (name.length > NAME_MAX_LENGTH) errors.name = tooLongMessage(m.nameTooLong, NAME_MAX_LENGTH);
  if (!password) errors.password = m.passwordRequired;
  else if (password.length < 8) errors.password = m.passwordTooShort;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = tooLongMessage(m.passwordTooLong, PASSWORD_MAX_LENGTH);
  // The mismatch shows even while the password itself breaks a rule: both need fixing.
  if (!confirmPassword) errors.confirmPassword = m.confirmRequired;
  else if (confirmPassword.length > PASSWORD_MAX_LENGTH) errors.confirmPassword = tooLongMessage(m.passwordTooLong, PASSWORD_MAX_LENGTH);
  else if (password !== confirmPassword) errors.confirmPassword = m.passwordsMismatch;
  return { errors: defined(errors), data: { mode, email, name, password, confirmPassword } };
}

function defined(errors: SignupErrors): SignupErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as SignupErrors;
}
