import type { ContentKey } from "#content/index";
import { absoluteLinkTo } from "~/utils/links";
import type { EmailData } from "./render.server";
import { variantOfContentKey } from "./variant-of-key";

/** Plan names used to preview the e-mails on /test-email-templates (SPEC 9 plan lists). */
const SAMPLE_PLAN: Record<ContentKey, string> = { genius: "Growth", icehockey: "Compete", tennis: "Compete" };

/**
 * Sample values for previewing every template (SPEC 2.15): a plan, a share link, a wave invite link, the app URL, and
 * for the waitlist e-mails a confirmation link, a status link and a place.
 */
export function sampleEmailData(key: ContentKey, origin: string, appUrl: string): EmailData {
  const variant = variantOfContentKey(key);
  return {
    origin,
    variant,
    selectedPlan: SAMPLE_PLAN[key],
    refLink: absoluteLinkTo(origin, variant, "home", { r: "AB12CD34" }),
    appUrl,
    verifyLink: absoluteLinkTo(origin, variant, "verify-email", { t: SAMPLE_TOKEN }),
    statusLink: absoluteLinkTo(origin, variant, "status", { t: SAMPLE_TOKEN }),
    manageLink: absoluteLinkTo(origin, variant, "my-data", { t: SAMPLE_TOKEN }),
    place: 12,
    announcement: SAMPLE_ANNOUNCEMENT,
    inviteLink: absoluteLinkTo(origin, variant, "invite", { t: SAMPLE_TOKEN }),
    inviteExpires: "15 October 2025",
    reward: {
      title: "The printable starter plan",
      description: "A one-page plan for your first week, ready to print.",
      link: absoluteLinkTo(origin, variant, "status", { t: SAMPLE_TOKEN }),
    },
  };
}

/** What an admin might write for the launch announcement, for its preview on /test-email-templates. */
const SAMPLE_ANNOUNCEMENT = {
  date: "2026-05-04",
  message: "Early access opens soon: the first families get their invitations that morning. Thank you for waiting with us!",
  ctaLabel: "See the plans",
  ctaUrl: "/pricing",
};

/**
 * As long as a real signed link's token (base64url payload and HMAC), so the previews show how
 * real links wrap on a narrow screen; it opens nothing.
 */
const SAMPLE_TOKEN =
  "c2FtcGxlOmxlYWRzOjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMDoxNzg4MjU2MDAwMDAw.c2FtcGxlLXNpZ25hdHVyZS1ub3QtdmFsaWQtYW55d2hlcmU";

/** A marketing mail's footer unsubscribe link for the previews (the real one is signed at send time). */
export function sampleUnsubscribeLink(key: ContentKey, origin: string): string {
  return absoluteLinkTo(origin, variantOfContentKey(key), "unsubscribe", { t: SAMPLE_TOKEN });
}
