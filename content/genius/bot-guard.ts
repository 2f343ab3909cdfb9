import type { BotGuardContent } from "../schemas/bot-guard";

export const botGuard: BotGuardContent = {
  honeypotLabel: "Leave this field empty",
  staleForm: "This page was open for a long time. Please check your answers and send the form again.",
  tooFast: "That was quick! Your answers are all still here. Please check them and press the button again.",
  turnstileFailed: "We could not confirm that you are a person. Please complete the check above the button and send the form again.",
  turnstileUnavailable: "We could not run the security check just now. Please try again in a moment.",
  tooManyLeads:
    "We have received a lot of sign-ups from your network in a short time. Please try again later, or write to us at {contactEmail}.",
};
