import { createValidator, type Validator } from "remix-validated-form";
import { checkSignup, type SignInData, type SignUpData, type SignupMessages, type SignupMode } from "./validation";

/** The action's validator: the browser's rules, with remix-validated-form's result shape. */
export function signupValidator(mode: SignupMode, m: SignupMessages): Validator<SignUpData | SignInData> {
  const errorsOf = (values: Record<string, unknown>) => checkSignup(mode, m, values);
  return createValidator({
    validate: async (values) => {
      const { errors, data } = errorsOf(values);
      return Object.keys(errors).length ? { error: errors as Record<string, string>, data: undefined } : { data, error: undefined };
    },
    validateField: async (values, field) => ({ error: (errorsOf(values).errors as Record<string, string>)[field] }),
  });
}
