import { z } from "zod";
import { oneTapShareSchema } from "./share";

const text = z.string().min(1);
/** A message for a value over its length cap; '{max}' is filled with the cap. */
const tooLong = z.string().includes("{max}");
const meta = z.object({
  title: z.string().min(10).max(70),
  description: z.string().min(50).max(170),
});

/** The SPEC 5 / SPEC 8 messages of the guide and tips forms, word for word. */
const MISSING_FIELDS_MESSAGE = "Please fill out all fields.";
const SAVE_FAILED_MESSAGE = "There was an error submitting your request. Please try again.";

/**
 * One lead-magnet funnel (SPEC 2.12): the free guide or the free tips, from landing page to
 * form to confirmation. The feature icons are fixed by the spec and set in the component
 * (guide: Target, Calendar, BarChart, Heart; tips: Target, Calendar, Lightbulb, BarChart),
 * so the what's-inside list has exactly four entries, in that icon order.
 */
export const leadMagnetSchema = z.object({
  landing: z.object({
    meta,
    hero: z.object({
      eyebrow: text,
      title: text,
      subtitle: text,
      ctaLabel: text,
      subtext: text,
    }),
    inside: z.object({
      title: text,
      intro: text,
      features: z.array(z.object({ title: text, text })).length(4),
    }),
    why: z.object({ title: text, points: z.array(text).min(3), ctaLabel: text }),
    finalCta: z.object({ title: text, text, ctaLabel: text }),
  }),
  form: z.object({
    meta,
    title: text,
    subtitle: text,
    emailLabel: text,
    emailPlaceholder: text,
    ageBandLabel: text,
    goalsLabel: text,
    goalsHint: text,
    submit: text,
    /** Busy label while the form is being sent (SPEC 4.6 "sending"). */
    busy: text,
    privacyNote: text,
    errors: z.object({
      missingFields: z.literal(MISSING_FIELDS_MESSAGE),
      invalidEmail: text,
      emailTooLong: tooLong,
      saveFailed: z.literal(SAVE_FAILED_MESSAGE),
      /** Beside the one alert, at each field it is about: what that field still needs. */
      missing: z.object({ email: text, ageBand: text, goals: text }),
    }),
  }),
  confirm: z.object({
    meta,
    title: text,
    /** Shown before the visitor's e-mail address. */
    sentTo: text,
    /** Instead of sentTo while the mail provider has not accepted the e-mail yet. */
    sendingTo: text,
    /** The e-mail could not even be queued; a reload tries again. */
    notQueued: text,
    /** The mail provider gave up on the address. */
    undeliverable: text,
    inboxReminder: text,
    spamReminder: text,
    share: z.object({ title: text, text, linkLabel: text, oneTap: oneTapShareSchema }),
    /** A reload after the e-mail went out: no second send, this note instead of the sent line. */
    alreadySent: text,
    backHome: z.literal("Back to Home"),
  }),
});

export type LeadMagnetContent = z.infer<typeof leadMagnetSchema>;
