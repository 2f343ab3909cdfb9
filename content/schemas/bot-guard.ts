import { z } from "zod";

const text = z.string().min(1);

/** Copy of the bot checks on every public form (docs/decisions/011-bot-guard.md). */
export const botGuardSchema = z.object({
  /** The honeypot's label: read by no person (the field is hidden from sight and assistive tech). */
  honeypotLabel: text,
  /** The form's stamp was missing or too old (a page kept open for a day, or served before a release). */
  staleForm: text,
  /** The form came back sooner than the minimum fill time (a password manager is that fast): press again. */
  tooFast: text,
  /** Turnstile said no, or could not be asked. */
  turnstileFailed: text,
  turnstileUnavailable: text,
  /** Too many new leads from one network. */
  tooManyLeads: text,
});

export type BotGuardContent = z.infer<typeof botGuardSchema>;
