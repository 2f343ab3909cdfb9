import { z } from "zod";

const text = z.string().min(1);
/** A message for a value over its length cap; '{max}' is filled with the cap. */
const tooLong = z.string().includes("{max}");

/** One mode of /signup (SPEC 2.9): its heading, button and the link to the other mode. */
const modeSchema = z.object({
  title: text,
  subtitle: text,
  submit: text,
  /** The button label while the request runs ('Creating Account...', 'Signing In...'). */
  busy: text,
  /** The link that switches to the other mode. */
  toggle: text,
});

/** Copy of /signup and /signup-confirm (SPEC 2.9, 2.10, 5, 8). */
export const signupSchema = z.object({
  metaTitle: text,
  signup: modeSchema,
  signin: modeSchema,
  fields: z.object({
    email: text,
    emailPlaceholder: text,
    name: text,
    namePlaceholder: text,
    password: text,
    /** Sign-up: the new password's rule. */
    passwordPlaceholder: text,
    /** Sign-in: the existing password. */
    currentPasswordPlaceholder: text,
    confirmPassword: text,
    confirmPasswordPlaceholder: text,
    showPassword: text,
    hidePassword: text,
  }),
  /** SPEC 5: the exact validation messages, shown under each field. */
  messages: z.object({
    emailRequired: text,
    emailInvalid: text,
    nameRequired: text,
    passwordRequired: text,
    passwordTooShort: text,
    confirmRequired: text,
    passwordsMismatch: text,
    emailTooLong: tooLong,
    nameTooLong: tooLong,
    passwordTooLong: tooLong,
    /** SPEC 4.4: green, before going on to /signup-confirm. */
    signInSuccess: text,
    /** SPEC 8: when the service gives no message. */
    genericError: text,
    /** 429: too many sign-ups from one IP or for one e-mail in a minute. */
    tooManySignUps: text,
  }),
  plan: z.object({
    /** Shown before the chosen plan's name. */
    label: text,
    cycles: z.object({ monthly: text, yearly: text }),
  }),
  legal: z.object({
    prefix: text,
    terms: text,
    and: text,
    privacy: text,
  }),
  assessment: z.object({
    prompt: text,
    /** 'Start with our personalized assessment' (SPEC 2.9), a link to /form. */
    link: text,
  }),
  confirm: z.object({
    metaTitle: text,
    /** SPEC 2.10: the state before a confirmed session exists. */
    checkEmail: text,
    checkEmailDetail: text,
    loginPrompt: text,
    loginLabel: text,
    /** Screen-reader text for the new-tab link. */
    opensInNewTab: text,
    success: text,
    emailSent: text,
    /** Beside the tick once the welcome e-mail went out. */
    emailSentTick: text,
    spamHint: text,
    /** SPEC 8: the users record could not be saved. */
    saveError: text,
    continueLabel: text,
    signOut: text,
    /** A sign-in of an account that already existed: a greeting, never 'Account created' (no e-mail is sent). */
    welcomeBack: text,
    /** '{email}' is the signed-in address. */
    signedInAs: text,
    /** Admins only: the link on to the admin console. */
    adminConsole: text,
  }),
});

export type SignupContent = z.infer<typeof signupSchema>;
