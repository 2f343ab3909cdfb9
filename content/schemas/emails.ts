import { z } from "zod";

/**
 * The e-mails the product sends (prelaunch, guide, tips, welcome), the local accounts' confirmation link
 * (confirm-account), and the note to an account's owner when someone signs up with its address
 * (account-exists).
 */
export const EMAIL_TEMPLATES = [
  "prelaunch",
  "guide",
  "tips",
  "welcome",
  "confirm-account",
  "account-exists",
  "confirm-email",
  "moved-up",
  "announcement",
  "invite",
  "lost-link",
  "reward",
  "club-confirm",
] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATES)[number];

/**
 * What each mail is, for the suppression list and the unsubscribe headers, in one
 * place next to the names: a transactional mail answers the parent's own request (a confirmation
 * link, the waitlist seat they just took, their account, the guide or tips they just asked for:
 * ADR 029); a marketing mail is a follow-up or a notice they did not ask for at that moment.
 * Marketing mails are skipped for an address that unsubscribed; transactional ones are skipped only
 * for an address suppressed entirely (bounce, complaint, erasure). "api" is /api/send-email.
 */
const MAIL_KINDS = {
  prelaunch: "transactional",
  guide: "transactional",
  tips: "transactional",
  welcome: "transactional",
  "confirm-account": "transactional",
  "account-exists": "transactional",
  "confirm-email": "transactional",
  "moved-up": "marketing",
  announcement: "marketing",
  invite: "transactional",
  // The parent asked for their status link on /lost-link (docs/decisions/034-lost-my-link.md).
  "lost-link": "transactional",
  // It delivers what the parent earned (docs/decisions/035-rewards-and-revocation.md).
  reward: "transactional",
  // The coach asked for it on /clubs/new (docs/decisions/039-clubs.md).
  "club-confirm": "transactional",
  api: "transactional",
} as const satisfies Record<EmailTemplateName | "api", "transactional" | "marketing">;

/** A stored row's template name to its kind; a name this build does not know counts as marketing (never sent to a suppressed address). */
export function mailKindOf(template: string): "transactional" | "marketing" {
  return Object.hasOwn(MAIL_KINDS, template) ? MAIL_KINDS[template as keyof typeof MAIL_KINDS] : "marketing";
}

/**
 * Mails with one-click unsubscribe (RFC 8058 headers and the footer link): every marketing mail,
 * and the guide and tips, which the parent asked for but which start the follow-ups and notices
 * the link stops.
 */
export function offersUnsubscribe(template: string): boolean {
  return mailKindOf(template) === "marketing" || template === "guide" || template === "tips";
}

const text = z.string().min(1);
const colour = z.string().regex(/^#[0-9a-f]{6}$/i, "a #rrggbb colour");
/**
 * A link target: an absolute http(s) URL, a site path starting with "/" (made absolute with the
 * link builder for the variant), or a placeholder filled at send time ({refLink}, {appUrl}).
 */
const url = z.string().regex(/^(https?:\/\/|\/|\{\w+\}$)/, "an http(s) URL, a /path or a {placeholder}");

/** One template's copy and branding (SPEC 3.6). Placeholders: {selectedPlan}, {refLink}, {appUrl}, {confirmLink}, {socialUrl} and the site ones. */
export const emailTemplateSchema = z.object({
  template: z.object({
    title: text,
    subject: text,
    /** Brand colours; inline styles because mail clients ignore style sheets. */
    styles: z.object({
      brand: colour,
      brandStrong: colour,
      brandSoft: colour,
      accent: colour,
      text: colour,
      muted: colour,
      background: colour,
      /** The brand's heading type (a system font list), for the wordmark and headings. */
      headingFont: z.string().min(1).optional(),
      headingCase: z.enum(["none", "uppercase"]).optional(),
    }),
  }),
  content: z.object({
    logo: z.object({ letter: z.string().length(1), text }),
    main: z.object({
      title: text,
      subtitle: text.optional(),
      celebration: text.optional(),
      description: text,
      buttonText: text.optional(),
      buttonUrl: url.optional(),
      fallbackText: text.optional(),
      closing: text.optional(),
      planSelected: text.optional(),
      /** Fills {selectedPlan} in the body when no plan was chosen (the subject uses {brand} then). */
      planNotSelected: text.optional(),
      confirmation: text.optional(),
    }),
    cta: z.object({ title: text, description: text, buttonText: text, url }).optional(),
    sharing: z.object({ message: text, personalLink: text }).optional(),
    /** Filled in by the renderer from the variant's doubleOptIn block when the mail carries {verifyLink}. */
    confirmAddress: z
      .object({
        preheader: text,
        title: text,
        description: text,
        buttonText: text,
        statusText: text,
        statusButtonText: text,
        verifyLink: url,
        statusLink: url,
      })
      .optional(),
    /** Heading above the whatHappensNext list (shown only when the list has steps). */
    whatHappensNextTitle: text.optional(),
    whatHappensNext: z.array(z.object({ number: z.number().int().positive(), title: text, description: text })),
    signature: text,
    /**
     * contactAddress is usually "{contactEmail}". The rest is filled in by the renderer from the
     * edition's legalFooter copy: the controller line, the "Manage my data" link (or the privacy
     * policy) and, on marketing mails, the unsubscribe link.
     */
    footer: z.object({
      text,
      contactAddress: text,
      controller: text.optional(),
      manageText: text.optional(),
      manageLink: url.optional(),
      unsubscribeText: text.optional(),
      unsubscribeLinkText: text.optional(),
      unsubscribeLink: url.optional(),
    }),
  }),
});

export type EmailTemplateContent = z.infer<typeof emailTemplateSchema>;

/** A variant's e-mail copy; genius holds every template, the sport editions fall back to it. */
export const emailsSchema = z.object({
  prelaunch: emailTemplateSchema.optional(),
  guide: emailTemplateSchema.optional(),
  tips: emailTemplateSchema.optional(),
  welcome: emailTemplateSchema.optional(),
  /** Sent by the local auth adapter; the button goes to {confirmLink}. */
  "confirm-account": emailTemplateSchema.optional(),
  /**
   * Sent to an account's owner when someone signs up with its address (the form answers as for a
   * new account); the button goes to the app's sign-in, {appUrl}. No visitor value may appear in it.
   */
  "account-exists": emailTemplateSchema.optional(),
  /** A fresh confirmation link a parent asked for; the button goes to {verifyLink}. */
  "confirm-email": emailTemplateSchema.optional(),
  /** To a referrer when a referral was credited: {place}; the button goes to {statusLink}. */
  "moved-up": emailTemplateSchema.optional(),
  /**
   * The launch-day announcement an admin sends from /admin/launch: {earlyAccessDate},
   * {announcementMessage}, {ctaLabel} and {ctaUrl} are the admin's; {place} and {statusLink} the parent's.
   */
  announcement: emailTemplateSchema.optional(),
  /**
   * A wave's invite (docs/decisions/025-waves-and-invites.md): the button goes to {inviteLink}, the
   * signed single-use link; {inviteExpires} is the day it stops working.
   */
  invite: emailTemplateSchema.optional(),
  /**
   * The status link a parent asked for on /lost-link (docs/decisions/034-lost-my-link.md): the button
   * goes to {statusLink}; an unconfirmed parent's mail also carries the double opt-in block ({verifyLink}).
   */
  "lost-link": emailTemplateSchema.optional(),
  /**
   * A milestone reward the parent earned (docs/decisions/035-rewards-and-revocation.md): {rewardTitle},
   * {rewardDescription}; the button goes to {rewardLink} (the signed download, else the status page).
   */
  reward: emailTemplateSchema.optional(),
  /** A club contact's double opt-in (docs/decisions/039-clubs.md): the button goes to {confirmLink}. */
  "club-confirm": emailTemplateSchema.optional(),
  /**
   * The double opt-in block of the waitlist, guide and tips e-mails: confirm the address with the
   * button ({verifyLink}), see your place with the status link ({statusLink}). `preheader` is the
   * waitlist e-mail's: confirming is that mail's one job, so its preview line says so.
   */
  doubleOptIn: z
    .object({ preheader: text, title: text, description: text, buttonText: text, statusText: text, statusButtonText: text })
    .optional(),
  /**
   * The lines under every e-mail's footer: who the data controller is
   * ({controllerName}, {controllerAddress}, {controllerEmail} from configuration), the "Manage my
   * data" link (or the privacy policy for a mail that belongs to no lead), and on marketing mails
   * the visible unsubscribe link. Genius holds it; the sport editions fall back to it.
   */
  legalFooter: z
    .object({
      controller: text,
      manageData: text,
      privacyPolicy: text,
      unsubscribeText: text,
      unsubscribeLink: text,
    })
    .optional(),
});

export type EmailsContent = z.infer<typeof emailsSchema>;
