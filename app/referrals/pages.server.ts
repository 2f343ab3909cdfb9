import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { placesPerCreditOf } from "#content/referrals";
import { statusShareCard } from "~/card/card.server";
import { clubOfParent } from "~/clubs/public.server";
import type { Lead } from "~/data/ports/lead-store";
import { queueTemplateMail } from "~/mail/outbox.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo, linkTo } from "~/utils/links";
import { addressBinding, checkLeadLink, leadLinksFor, manageLinkFor, statusLinkFor, type LinkPurpose } from "~/platform/lead-links.server";
import { referralsOf } from "./referrals.server";
import { leadsOf, type LeadFlag } from "~/leads/leads.server";
import { formPostRefused } from "~/leads/ip-trust.server";
import { recipientMailSlot } from "~/mail/recipient-limit.server";
import { wavesOf } from "~/waves/waves.server";
import { canMoveUp } from "~/standing/standing";
import { standingOfLead } from "~/standing/standing.server";
import { log } from "~/platform/log.server";
import { ladderOf, revealCodeAction } from "~/rewards/status.server";
import { variantKey } from "~/utils/variant";

/**
 * The double opt-in page (/verify-email) and the status page (/status): both open from a signed
 * link, no sign-in. A GET never changes anything (mail scanners follow links); only the button's
 * POST confirms.
 */

/** The lead a link names, when the link is genuine, of this variant, and the lead still exists. */
async function leadOfLink(ctx: RequestContext, token: string | null, purpose: LinkPurpose) {
  const link = await checkLeadLink(ctx.env, ctx.isLocal, token, purpose);
  if (!link.ok && link.reason === "invalid") return { state: "invalid" as const };
  if (link.table !== ctx.leadTable) return { state: "invalid" as const };
  let lead: Lead | null;
  try {
    lead = await leadsOf(ctx).get(link.leadId);
  } catch (error) {
    log.error("lead.read_failed", { page: purpose, leadId: link.leadId }, error);
    throw data({ state: "unavailable" as const }, { status: 503 });
  }
  if (!lead) return { state: "invalid" as const };
  if (purpose === "confirm") {
    // A confirm link confirms the inbox it was mailed to and no other (ADR 040). One made before
    // links named their inbox reads as expired: its button mails a fresh link to the address on file.
    if (link.address === undefined) return { state: "expired" as const, lead };
    if (link.address !== (await addressBinding(lead))) return { state: "invalid" as const };
  }
  return { state: link.ok ? ("valid" as const) : ("expired" as const), lead };
}

export async function verifyPage(ctx: RequestContext, url: URL) {
  const copy = getPage(ctx.contentKey, "waitlist").verify;
  const token = url.searchParams.get("t");
  const found = await leadOfLink(ctx, token, "confirm");
  if (found.state === "invalid") return data({ copy, view: { state: "invalid" as const } }, { status: 400 });
  const { lead } = found;
  if (lead.confirm_seq !== null) {
    const statusLink = await statusLinkFor(ctx, ctx.leadTable, lead.id);
    return data({ copy, view: { state: "done" as const, statusLink } });
  }
  if (found.state === "expired") {
    const notice = url.searchParams.get("sent") === "1" ? "sent" : url.searchParams.get("sent") === "limit" ? "limit" : null;
    return data({ copy, view: { state: "expired" as const, email: lead.email, token: token as string, notice } });
  }
  return data({ copy, view: { state: "ask" as const, email: lead.email, token: token as string } });
}

/** `visitId`: the analytics id of the browser that pressed the button, when it has one. */
export async function verifyAction(ctx: RequestContext, form: FormData, visitId: string | null = null) {
  const copy = getPage(ctx.contentKey, "waitlist").verify;
  const token = typeof form.get("t") === "string" ? (form.get("t") as string) : null;
  const intent = form.get("intent");
  const found = await leadOfLink(ctx, token, "confirm");
  if (found.state === "invalid" || (intent !== "confirm" && intent !== "resend")) {
    return data({ copy, view: { state: "invalid" as const } }, { status: 400 });
  }
  const { lead } = found;
  const referrals = referralsOf(ctx);

  if (intent === "resend") {
    if (lead.confirm_seq !== null) throw redirect(linkTo(ctx.variant, "verify-email", { t: token }));
    // One fresh link per address every 10 minutes and 3 a day, whichever of its leads asks (ADR 041):
    // a double click, or a second click inside the window, finds the key taken and sends nothing.
    let slot: { key: string; fresh: boolean };
    try {
      slot = await recipientMailSlot(ctx, "confirm-email", lead.email);
    } catch (error) {
      log.error("mail.status_read_failed", { page: "verify-email", leadId: lead.id }, error);
      return data({ copy, view: { state: "unavailable" as const } }, { status: 503 });
    }
    if (!slot.fresh) throw redirect(linkTo(ctx.variant, "verify-email", { t: token, sent: "limit" }), { status: 303 });
    const { verifyLink, manageLink } = await leadLinksFor(ctx, ctx.leadTable, lead);
    const queued = await queueTemplateMail(ctx, {
      dedupeKey: slot.key,
      template: "confirm-email",
      variant: ctx.variant,
      to: lead.email,
      data: { origin: ctx.origin, verifyLink, manageLink },
    });
    if (!queued.queued) return data({ copy, view: { state: "unavailable" as const } }, { status: 503 });
    throw redirect(linkTo(ctx.variant, "verify-email", { t: token, sent: "1" }), { status: 303 });
  }

  if (found.state === "expired") throw redirect(linkTo(ctx.variant, "verify-email", { t: token }), { status: 303 });
  let confirmedNow = false;
  try {
    confirmedNow = (await referrals.confirm(lead.id, visitId))?.confirmedNow ?? false;
  } catch (error) {
    log.error("referral.confirm_failed", { leadId: lead.id }, error);
    return data({ copy, view: { state: "unavailable" as const } }, { status: 503 });
  }
  const statusLink = await statusLinkFor(ctx, ctx.leadTable, lead.id);
  const target = new URL(statusLink);
  // The status page says once that this press confirmed the address.
  if (confirmedNow) target.searchParams.set("confirmed", "1");
  throw redirect(target.pathname + target.search, { status: 303 });
}

export async function statusPage(ctx: RequestContext, url: URL) {
  const copy = getPage(ctx.contentKey, "waitlist").status;
  const share = getPage(ctx.contentKey, "confirm");
  const found = await leadOfLink(ctx, url.searchParams.get("t"), "status");
  if (found.state !== "valid") {
    // A broken or expired status link: the parent can have it mailed again (/lost-link, ADR 034).
    const lostLink = { href: linkTo(ctx.variant, "lost-link"), label: getPage(ctx.contentKey, "lostLink").link };
    return data({ copy, share, view: { state: "invalid" as const, lostLink } }, { status: 400 });
  }
  const { lead } = found;
  const refCode = await leadsOf(ctx)
    .ensureRefCode(lead)
    .catch(() => null);
  let told;
  try {
    // The standing carries the referral counts (credited, pending, held): one read, one story.
    told = await standingOfLead(ctx, lead);
  } catch (error) {
    log.error("lead.read_failed", { page: "status", leadId: lead.id }, error);
    throw data({ copy, share, view: { state: "invalid" as const } }, { status: 503 });
  }
  const myData = getPage(ctx.contentKey, "myData");
  // One message on this page, in the edition's own voice (SPEC's message stays on /confirm). Past
  // the line, sharing no longer moves the parent: the share block says what it still does.
  const vip = { ...share.vip, shareMessage: share.vip.oneTap.message };
  const shareCopy = { ...share, vip: canMoveUp(told.standing) ? vip : { ...vip, ...copy.shareAdmitted } };
  return data({
    copy,
    share: shareCopy,
    view: {
      state: "valid" as const,
      leadId: lead.id,
      ...told,
      // Only on the redirect of the button that confirmed the address just now.
      confirmedNotice: url.searchParams.get("confirmed") === "1" && told.standing.kind === "waiting",
      inviteNotice: parseInviteNotice(url.searchParams.get("invite")),
      signInHref: ctx.env.APP_SIGNIN_URL,
      step: placesPerCreditOf(variantKey(ctx.variant)),
      refLink: absoluteLinkTo(ctx.origin, ctx.variant, "home", refCode ? { r: refCode } : {}),
      // Milestone rewards (ADR 035): the ladder, what is unlocked; null without a ladder.
      rewards: await ladderOf(ctx, lead, told.referrals.credited, canMoveUp(told.standing)),
      // The parent's club (ADR 039), as its public page counts it; a failed read leaves it out.
      club: await clubOfParent(ctx, lead.id).catch((error: unknown) => {
        log.error("club.read_failed", { page: "status", leadId: lead.id }, error);
        return null;
      }),
      // The share card the link unfurls into (ADR 037).
      shareCard: await statusShareCard(ctx, { ...lead, ref_code: refCode }),
      // The parent's own data: the same signed link as in every e-mail's footer.
      manage: { href: await manageLinkFor(ctx, ctx.leadTable, lead.id), label: myData.statusLink, text: myData.statusLinkText },
    },
  });
}

/** A copy on the status page, recorded on the link's lead; failures are ignored like on /confirm. */
export async function statusAction(ctx: RequestContext, url: URL, intent: LeadFlag | null) {
  if (!intent) return data({ ok: false }, { status: 400 });
  const found = await leadOfLink(ctx, url.searchParams.get("t"), "status");
  if (found.state !== "valid") return data({ ok: false }, { status: 400 });
  await leadsOf(ctx).recordFlag(found.lead.id, intent);
  return data({ ok: true });
}

/** "Show my code" on the status page (ADR 035): the code reward of the link's lead, revealed once asked for. */
export async function rewardCodeAction(ctx: RequestContext, url: URL, earnedId: string) {
  const token = url.searchParams.get("t");
  const found = await leadOfLink(ctx, token, "status");
  if (found.state !== "valid" || !token || !earnedId) return data({ ok: false }, { status: 400 });
  return revealCodeAction(ctx, found.lead, earnedId, token);
}

const INVITE_NOTICES = ["sent", "wait"] as const;
type InviteNotice = (typeof INVITE_NOTICES)[number];
const parseInviteNotice = (value: string | null): InviteNotice | null =>
  (INVITE_NOTICES as readonly (string | null)[]).includes(value) ? (value as InviteNotice) : null;

/**
 * "Send my invite again" on the status page of an admitted parent: the project's form limiter per
 * IP, then at most one mail per interval (a double click sends one). Redirects back with a notice.
 */
export async function inviteResendAction(ctx: RequestContext, request: Request, url: URL) {
  const token = url.searchParams.get("t");
  const found = await leadOfLink(ctx, token, "status");
  if (found.state !== "valid") return data({ ok: false }, { status: 400 });
  const limited = await formPostRefused(ctx, request, "invite-again");
  if (limited) return data({ ok: false, error: limited }, { status: 429 });
  let outcome;
  try {
    outcome = await wavesOf(ctx).resend(found.lead);
  } catch (error) {
    log.error("wave.invite_resend_failed", { leadId: found.lead.id }, error);
    return data({ ok: false }, { status: 503 });
  }
  if (outcome === "none") return data({ ok: false }, { status: 409 });
  throw redirect(linkTo(ctx.variant, "status", { t: token, invite: outcome }), { status: 303 });
}
