import { z } from "zod";
import { countedSchema } from "./counted";

const text = z.string().min(1);

/**
 * The double opt-in and the parent's waitlist status (docs/decisions/010-referrals-and-place-in-line.md):
 * the prompt on the success pages, the confirmation button page, and the status page.
 */
export const waitlistSchema = z.object({
  /** On /confirm, /guide-confirm and /tips-confirm. */
  prompt: z.object({
    unconfirmed: text,
    confirmed: text,
    statusLink: text,
    /** On /signup-confirm once the account exists: past the line, no place (the welcome mail and status page say the same). */
    account: text,
    accountStatusLink: text,
  }),
  verify: z.object({
    metaTitle: text,
    title: text,
    /** '{email}' is filled. */
    text: z.string().includes("{email}"),
    button: text,
    doneTitle: text,
    doneText: text,
    statusButton: text,
    expiredTitle: text,
    expiredText: text,
    resendButton: text,
    /** '{email}' is filled. */
    resent: z.string().includes("{email}"),
    resendLimit: text,
    invalidTitle: text,
    invalidText: text,
    unavailable: text,
    home: text,
  }),
  status: z.object({
    metaTitle: text,
    title: text,
    placeLabel: text,
    /** '{place}' is filled. */
    place: z.string().includes("{place}"),
    unconfirmed: text,
    /** Once, on the page the "Confirm my e-mail" button leads to. */
    confirmedNotice: text,
    /** '{left}' and '{spots}' are filled: the capacity less every parent admitted so far. */
    firstWaveLeft: z.string().includes("{left}"),
    firstWaveFull: text,
    referralsTitle: text,
    credited: text,
    pending: text,
    /** '{count}' is filled: places per credited referral. */
    rule: countedSchema,
    /** The rule when referrals move nobody (places per credit 0: first come, first served; ADR 036). */
    ruleFirstCome: text,
    /** Friends' credits held for review (ADR 036): exact copy, `{count}` filled. */
    held: z.object({ one: text, other: z.string().includes("{count}") }),
    /** Why they wait. */
    heldNote: text,
    /** A waiting parent's neighbours in line: `{ahead}` and `{behind}` filled. */
    /** `{ahead}` and `{behind}` are the counted `ahead` and `behind`. */
    aheadBehind: z.string().includes("{ahead}").includes("{behind}"),
    ahead: countedSchema,
    behind: countedSchema,
    /** The rule once admitted: places no longer move. */
    ruleAdmitted: text,
    /** The share block's heading and text once admitted (no "move up" promise). */
    shareAdmitted: z.object({ title: text, text: text }),
    invalidTitle: text,
    invalidText: text,
    /** An admitted parent (docs/decisions/025-waves-and-invites.md). */
    youreIn: text,
    /** '{date}' is filled: the day the invite was sent. */
    invitedOn: z.string().includes("{date}"),
    /** '{date}' is filled. */
    acceptedOn: z.string().includes("{date}"),
    /** '{date}' is filled. */
    inviteExpired: z.string().includes("{date}"),
    resendInvite: text,
    inviteResent: text,
    inviteResendWait: text,
    /** '{count}' is filled: parents of this variant admitted so far. */
    admittedAhead: countedSchema,
    /** A parent who has an account: they sign in; the page's title and referral rule name no place. */
    account: z.object({ title: text, text: text, button: text }),
    titleAccount: text,
    ruleAccount: text,
  }),
  /** /invite?t=…: the page a wave's invite link opens. */
  invite: z.object({
    metaTitle: text,
    title: text,
    /** '{email}' is filled. */
    text: z.string().includes("{email}"),
    /** The same for a parent who already has an account: they sign in. '{email}' is filled. */
    textSignIn: z.string().includes("{email}"),
    button: text,
    acceptedTitle: text,
    acceptedText: text,
    acceptedTextSignIn: text,
    continueButton: text,
    expiredTitle: text,
    expiredText: text,
    invalidTitle: text,
    invalidText: text,
    unavailable: text,
    home: text,
  }),
});

export type WaitlistContent = z.infer<typeof waitlistSchema>;
