import type { ComponentType } from "react";
import { render, toPlainText } from "@react-email/render";
import { contentByVariant, contentForMode, getPage, placeholderValues, type ContentKey, type LaunchMode } from "#content/index";
import { announcementForAccount, announcementForAdmitted, inviteForAccount } from "#content/standing-mails";
import { mergeLayers } from "#content/layers";
import { fillPlaceholders } from "#content/placeholders";
import type { EmailsContent, EmailTemplateContent, EmailTemplateName } from "#content/schemas/emails";
import { parseEnv } from "~/utils/env.server";
import { absoluteLinkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";
import type { EmailProps } from "./components/Layout";
import LeadMagnetEmail from "./lead-magnet";
import PrelaunchEmail from "./prelaunch";
import ConfirmAccountEmail from "./confirm-account";
import AccountExistsEmail from "./account-exists";
import { variantOfContentKey } from "./variant-of-key";
import ConfirmEmailEmail from "./confirm-email";
import MovedUpEmail from "./moved-up";
import AnnouncementEmail from "./announcement";
import InviteEmail from "./invite";
import LostLinkEmail from "./lost-link";
import RewardEmail from "./reward";
import ClubConfirmEmail from "./club-confirm";
import WelcomeEmail from "./welcome";

const components: Record<EmailTemplateName, ComponentType<EmailProps>> = {
  prelaunch: PrelaunchEmail,
  guide: LeadMagnetEmail,
  tips: LeadMagnetEmail,
  welcome: WelcomeEmail,
  "confirm-account": ConfirmAccountEmail,
  "account-exists": AccountExistsEmail,
  "confirm-email": ConfirmEmailEmail,
  "moved-up": MovedUpEmail,
  announcement: AnnouncementEmail,
  invite: InviteEmail,
  "lost-link": LostLinkEmail,
  reward: RewardEmail,
  "club-confirm": ClubConfirmEmail,
};

/** Values filled into a template at send time. All of them are treated as untrusted text. */
export type EmailData = {
  /** The site origin links are made absolute against, e.g. https://aiparenting.example. */
  origin: string;
  /** The chosen plan's name; {selectedPlan}. */
  selectedPlan?: string | null;
  /** The visitor's personal share link; {refLink}. Defaults to the variant's home page. */
  refLink?: string | null;
  /** The separate web app (dashboard) address; {appUrl}. */
  appUrl?: string | null;
  /** The signed, single-use e-mail confirmation link; {confirmLink}. Defaults to the variant's /signup-confirm. */
  confirmLink?: string | null;
  /** The signed double opt-in link (the button page); {verifyLink}. With it the mail shows the confirm block. */
  verifyLink?: string | null;
  /** The signed link to the parent's waitlist status page; {statusLink}. */
  statusLink?: string | null;
  /** The parent's place in line; {place}. */
  place?: number | null;
  /** A wave invite's signed, single-use link (/invite?t=…); {inviteLink}. */
  inviteLink?: string | null;
  /** The day the invite link stops working, as written in the mail ("12 October 2025"); {inviteExpires}. */
  inviteExpires?: string | null;
  /** The recipient already has an account: the invite asks them to sign in, the announcement names no place. */
  hasAccount?: boolean;
  /** A wave admitted the recipient: the announcement speaks of their invite, not their place. */
  admitted?: boolean;
  /** The visitor's variant, for links; defaults to the content key's own variant. */
  variant?: Variant;
  /**
   * The signed "Manage my data" link of the lead the mail belongs to (`{origin}/my-data?t=`, purpose
   * "manage"), built by the caller that knows the lead. Without one (account mails that belong to no
   * lead) the footer links to the privacy policy instead.
   */
  manageLink?: string | null;
  /**
   * What an admin wrote for a launch-day announcement: the early-access date (YYYY-MM-DD, shown as
   * a date in words), a short message and a call to action; {earlyAccessDate},
   * {announcementMessage}, {ctaLabel}, {ctaUrl}. Untrusted text like every value here.
   */
  announcement?: { date: string; message: string; ctaLabel: string; ctaUrl: string } | null;
  /** The club admitted as a whole with the recipient (ADR 039): the invite says they get in together. Untrusted text. */
  club?: string | null;
  /** A milestone reward (ADR 035): what it is and where to get it (a signed download or the status page). Untrusted text. */
  reward?: { title: string; description: string; link: string } | null;
};

/** "2026-03-01" as "1 March 2026" (UTC, the date as the admin picked it); anything else as it is. */
function earlyAccessDateText(date: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime())) return date;
  return at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The data controller named in every footer (CONTROLLER_* in env.server.ts). */
type Controller = { name: string; address: string; email: string };

/** Added at send time by the mailer, not stored with a queued mail: configuration and the signed unsubscribe link. */
export type RenderExtras = {
  /** Defaults to the configuration's defaults (env.server.ts), so a preview is never without it. */
  controller?: Controller;
  /** A marketing mail's signed unsubscribe link (the same as its List-Unsubscribe header). */
  unsubscribeLink?: string | null;
  /** LAUNCH_MODE when the mail is rendered: waitlist mode promises no trial (content/waitlist-mode.ts). */
  launchMode?: LaunchMode;
};

const DEFAULT_CONTROLLER = (() => {
  const env = parseEnv({});
  return { name: env.CONTROLLER_NAME, address: env.CONTROLLER_ADDRESS, email: env.CONTROLLER_EMAIL };
})();

/** The logo tile's letter is decoration: the plain-text part starts with the brand's name. */
const PLAIN_TEXT_OPTIONS = { selectors: [{ selector: "[data-skip-in-text]", format: "skip" }] };

export type RenderedEmail = { subject: string; html: string; text: string };

type ContentSource = { genius: { emails?: EmailsContent } } & Record<ContentKey, { emails?: EmailsContent }>;

/**
 * A template's copy for a content key: the variant's own, else genius (SPEC 2.1). Every edition
 * has every template, so a mail goes out in the brand the parent signed up in.
 * Throws `Email template content not found for: {name}` when neither has it (SPEC 8).
 */
export function findEmailContent(
  name: string,
  key: ContentKey,
  source: ContentSource = contentByVariant,
): { email: EmailTemplateContent; from: ContentKey } {
  const own = source[key]?.emails?.[name as EmailTemplateName];
  if (own) return { email: own, from: key };
  const fallback = source.genius.emails?.[name as EmailTemplateName];
  if (fallback) return { email: fallback, from: "genius" };
  throw new Error(`Email template content not found for: ${name}`);
}

/**
 * Makes a link safe and absolute: http(s) URLs are kept (normalised), site paths go through the
 * link builder; anything else (javascript:, garbage) becomes the variant's home page.
 */
function resolveLink(value: string, origin: string, variant: Variant): string {
  if (value.startsWith("/") && !value.startsWith("//")) return absoluteLinkTo(origin, variant, value);
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url.href;
  } catch {
    // not a URL: fall through
  }
  return absoluteLinkTo(origin, variant, "/");
}

/** Renders one e-mail for a content key: subject, HTML and its plain-text part. */
export async function renderEmail(
  template: EmailTemplateName,
  contentKey: ContentKey,
  data: EmailData & RenderExtras,
): Promise<RenderedEmail> {
  const Component = components[template];
  const found = findEmailContent(template, contentKey, contentForMode(data.launchMode ?? "live"));
  const { from } = found;
  // What the recipient's standing changes in the mail (content/standing-mails.ts).
  const standingLayer =
    template === "invite" && data.hasAccount
      ? inviteForAccount
      : template === "announcement" && data.hasAccount
        ? announcementForAccount
        : template === "announcement" && data.admitted
          ? announcementForAdmitted
          : undefined;
  const standing: EmailTemplateContent = standingLayer ? mergeLayers(found.email, standingLayer) : found.email;
  // A club's wave: the invite's subtitle says the club gets in together (content clubs.invite, ADR 039).
  const clubName = template === "invite" ? data.club?.trim() : "";
  const email: EmailTemplateContent = clubName
    ? mergeLayers(standing, { content: { main: { subtitle: getPage(contentKey, "clubs").invite.together } } })
    : standing;
  if (!Component) throw new Error(`Email template content not found for: ${template}`);

  const variant = data.variant ?? variantOfContentKey(contentKey);
  // Brand placeholders follow the copy that is used, so a fallback e-mail stays consistently branded.
  const site = placeholderValues(from);
  const socialUrl = contentByVariant[from].site.social.url;
  const plan = data.selectedPlan?.trim();
  const vars = {
    ...site,
    socialUrl,
    selectedPlan: plan || email.content.main.planNotSelected || "",
    refLink: data.refLink?.trim() || absoluteLinkTo(data.origin, variant, "/"),
    appUrl: data.appUrl?.trim() || absoluteLinkTo(data.origin, variant, "/"),
    confirmLink: data.confirmLink?.trim() || absoluteLinkTo(data.origin, variant, "signup-confirm"),
    verifyLink: data.verifyLink?.trim() || absoluteLinkTo(data.origin, variant, "/"),
    statusLink: data.statusLink?.trim() || absoluteLinkTo(data.origin, variant, "/"),
    place: data.place ? String(data.place) : "",
    earlyAccessDate: data.announcement ? earlyAccessDateText(data.announcement.date) : "",
    announcementMessage: data.announcement?.message.trim() ?? "",
    ctaLabel: data.announcement?.ctaLabel.trim() ?? "",
    ctaUrl: data.announcement?.ctaUrl.trim() || absoluteLinkTo(data.origin, variant, "/"),
    inviteLink: data.inviteLink?.trim() || absoluteLinkTo(data.origin, variant, "/"),
    inviteExpires: data.inviteExpires?.trim() || "",
    clubName: clubName ?? "",
    rewardTitle: data.reward?.title.trim() ?? "",
    rewardDescription: data.reward?.description.trim() ?? "",
    rewardLink: data.reward?.link.trim() || data.statusLink?.trim() || absoluteLinkTo(data.origin, variant, "/"),
  };
  // The double opt-in block comes from the variant's own e-mails copy, else genius, like a template.
  const optIn = data.verifyLink
    ? (contentByVariant[contentKey]?.emails?.doubleOptIn ?? contentByVariant.genius.emails?.doubleOptIn)
    : undefined;
  const filled = fillPlaceholders(email, vars);
  const { main, cta } = filled.content;
  // The legal lines under every footer: the variant's own copy, else genius (like the opt-in block).
  const legal = contentByVariant[contentKey]?.emails?.legalFooter ?? contentByVariant.genius.emails?.legalFooter;
  const controller = data.controller ?? DEFAULT_CONTROLLER;
  const legalText = legal
    ? fillPlaceholders(legal, {
        ...vars,
        controllerName: controller.name,
        controllerAddress: controller.address,
        controllerEmail: controller.email,
      })
    : undefined;
  const manageLink = data.manageLink?.trim();
  const unsubscribeLink = data.unsubscribeLink?.trim();
  const ready: EmailTemplateContent = {
    ...filled,
    content: {
      ...filled.content,
      main: {
        ...main,
        buttonUrl: main.buttonUrl ? resolveLink(main.buttonUrl, data.origin, variant) : undefined,
      },
      cta: cta ? { ...cta, url: resolveLink(cta.url, data.origin, variant) } : undefined,
      footer: {
        ...filled.content.footer,
        ...(legalText
          ? {
              controller: legalText.controller,
              manageText: manageLink ? legalText.manageData : legalText.privacyPolicy,
              manageLink: manageLink ? resolveLink(manageLink, data.origin, variant) : absoluteLinkTo(data.origin, variant, "privacy"),
              ...(unsubscribeLink
                ? {
                    unsubscribeText: legalText.unsubscribeText,
                    unsubscribeLinkText: legalText.unsubscribeLink,
                    unsubscribeLink: resolveLink(unsubscribeLink, data.origin, variant),
                  }
                : {}),
            }
          : {}),
      },
      confirmAddress: optIn ? { ...fillPlaceholders(optIn, vars), verifyLink: vars.verifyLink, statusLink: vars.statusLink } : undefined,
    },
  };
  const subject = fillPlaceholders(email.template.subject, {
    ...vars,
    selectedPlan: plan || site.brand,
  }).replace(/\s+/g, " "); // a header: no line breaks from user values

  const html = await render(<Component email={ready} />);
  const text = toPlainText(html, PLAIN_TEXT_OPTIONS);
  return { subject, html, text };
}
