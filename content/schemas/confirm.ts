import { z } from "zod";
import { oneTapShareSchema } from "./share";

const text = z.string().min(1);

/** The waitlist success page (SPEC 2.11). */
export const confirmSchema = z.object({
  metaTitle: text,
  emoji: text,
  title: text,
  description: text,
  /** '{email}' is filled. */
  sentNote: z.string().includes("{email}"),
  /** The e-mail is queued but the mail provider has not accepted it yet. */
  notSentNote: text,
  /** The e-mail could not even be queued; a reload tries again. */
  notQueuedNote: text,
  /** The mail provider gave up on the address. */
  undeliverableNote: z.string().includes("{email}"),
  spamTip: text,
  vip: z.object({
    title: text,
    text: text,
    followButton: text,
    shareTitle: text,
    /** '{link}' is replaced by the invite link (SPEC 2.11). */
    shareMessage: z.string().includes("{link}"),
    copyButton: text,
    copied: z.literal("Copied!"),
    /** Its `message` is the status page's one message (copy box and links); /confirm says `shareMessage` in both. */
    oneTap: oneTapShareSchema,
  }),
  private: z.object({ title: text, text: text, linkLabel: text, copyButton: text }),
  whatHappensNext: z.object({
    title: text,
    steps: z.array(z.object({ title: text, text: text })).length(3),
  }),
  backHome: text,
});

export type ConfirmContent = z.infer<typeof confirmSchema>;
