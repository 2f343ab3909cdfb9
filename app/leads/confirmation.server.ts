import { getPage } from "#content/index";
import type { EmailTemplateName } from "#content/schemas/emails";
import type { EmailData } from "#emails/render.server";
import type { Lead } from "~/data/ports/lead-store";
import { mailStatus, queueTemplateMail, type QueuedMail } from "~/mail/outbox.server";
import { leadLinksFor } from "~/platform/lead-links.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";
import { variantKey } from "~/utils/variant";
import {
  clearVariantValues,
  getVariantValue,
  getVariantValues,
  setVariantValues,
  type AppSession,
  type VariantValueKey,
} from "~/utils/session.server";
import { leadsOf } from "./leads.server";
import { recipientMailKey } from "~/mail/recipient-limit.server";
import type { MailState } from "./mail-state";
import { confirmedLeadId, endSubmission, type Flow } from "./submission.server";
import { log } from "~/platform/log.server";

/**
 * The confirm pages of the three flows: the flow's e-mail is queued once per address and window
 * (the outbox's dedupe key, ADR 029 and 041), sent after the response,
 * and the page says where it stands, in words that are the same for every address.
 */

export type { MailState };

/** The one e-mail each flow sends a lead. */
function mailKey(template: EmailTemplateName, leadId: string, table: string): string {
  return `${template}:${table}:${leadId}`;
}

/** The page's word for an outbox row's status (or a queue attempt's outcome). */
export function mailStateOf(status: QueuedMail | Awaited<ReturnType<typeof mailStatus>>): MailState {
  const value = status && typeof status === "object" ? (status.queued ? status.status : null) : status;
  if (value === "sent") return "sent";
  if (value === "pending") return "queued";
  if (value === "failed") return "retrying";
  // skipped: the address is on the suppression list (bounced, complained, erased) and nothing went
  // out. The confirm pages are open to anyone who types an address, so they read as for any other
  // address (ADR 029): another word here would tell a stranger that its owner erased their data.
  if (value === "skipped") return "sent";
  if (value === "dead") return "undeliverable";
  return "not-queued";
}

/** Thrown when the lead cannot be read: the route answers 503 and the visitor can reload. */
export class ConfirmUnavailable extends Error {}

/**
 * `sendAfterMs`: when the caller answers with a redirect, the browser asks for the next page at
 * once; started that moment, the send (render, API call, the stored body's write) would take the
 * isolate's turns from that page. A moment later the page has been served.
 */
type Pending = { leadId: string; clear: VariantValueKey[]; sendAfterMs?: number };

/** How long a send queued by a redirecting submission waits: the next page loads first. */
export const SEND_AFTER_REDIRECT_MS = 1500;

/**
 * A flow whose mail is keyed by the address rather than the lead (every flow: ADR 029, 041):
 * `claim` gives the key a new request's mail is queued under (none is written when the address had
 * one lately), and the session remembers it under `remember` for the page's reloads.
 */
type AddressKeyed = { claim: (lead: Lead) => Promise<string>; remember: VariantValueKey };

/**
 * Shared by every flow: the lead the session points at, its referral code, its e-mail queued once.
 * With `pending`, the first view after the form: on success the form's session keys are cleared
 * and the submission spent; when the outbox write fails nothing is cleared, so a reload retries.
 * Without it, a reload: the lead the page showed, and its e-mail's current state. `sessionChanged`
 * says whether the caller must commit the session.
 */
async function confirmFlow(
  ctx: RequestContext,
  session: AppSession,
  flow: Flow,
  template: EmailTemplateName,
  pending: Pending | null,
  mail: (lead: Lead, refCode: string | null) => { data: EmailData; link: string },
  addressKeyed?: AddressKeyed,
) {
  const leadId = pending?.leadId ?? confirmedLeadId(session, ctx.variant, flow);
  if (!leadId) return null;
  // Only the plan choice leaves a view (the one submission that redirects here). Reading a flash
  // value removes it, so a session that held one is committed and the view is shown once.
  const view = pending || flow !== "main" ? undefined : session.get("confirmView");
  if (view && view.leadId === leadId && view.variant === variantKey(ctx.variant) && Date.now() < view.until) {
    const { email, link, statusLink, confirmed } = view;
    // The signed cookie holds what mailStateOf wrote below.
    const mail = view.mail as MailState;
    return { lead: { id: leadId, email }, link, mail, statusLink, confirmed, repeat: true, sessionChanged: true };
  }
  const leads = leadsOf(ctx);
  // A reload reads the row the page showed: the address's mail, or (the main flow, or a page shown
  // before such keys) the lead's own.
  const remembered = addressKeyed ? getVariantValue(session, ctx.variant, addressKeyed.remember) : undefined;
  const key = remembered ?? mailKey(template, leadId, ctx.leadTable);
  // The two reads go at once: under load each sequential wait is a turn at the back of the queue.
  // The links are signed after, for the address the row holds (signing waits on no I/O).
  const [lead, status] = await Promise.all([
    leads.get(leadId).catch((error: unknown) => {
      throw new ConfirmUnavailable("lead read failed", { cause: error });
    }),
    pending ? null : mailStatus(ctx, key).catch(() => null),
  ]);
  if (!lead) return null;
  const { verifyLink, statusLink, manageLink } = await leadLinksFor(ctx, ctx.leadTable, lead);

  let refCode: string | null = lead.ref_code;
  if (!refCode) {
    refCode = await leads.ensureRefCode(lead).catch((error) => {
      log.error("lead.ref_code_failed", { flow, leadId }, error);
      return null;
    });
  }
  const { data, link } = mail(lead, refCode);
  const optIn = { statusLink, confirmed: lead.confirm_seq !== null };

  if (!pending) return { lead, link, mail: mailStateOf(status), repeat: true, sessionChanged: Boolean(view), ...optIn };
  let dedupeKey = key;
  if (addressKeyed) {
    try {
      dedupeKey = await addressKeyed.claim(lead);
    } catch (error) {
      // The outbox could not be read: as when it cannot be written, nothing is cleared and a reload tries again.
      log.error("lead.mail_key_failed", { flow, leadId }, error);
      return { lead, link, mail: "not-queued" as const, repeat: false, sessionChanged: false, ...optIn };
    }
  }
  const queued = await queueTemplateMail(
    ctx,
    { dedupeKey, template, variant: ctx.variant, to: lead.email, data: { ...data, verifyLink, statusLink, manageLink } },
    { sendAfterMs: pending.sendAfterMs },
  );
  // An address-keyed mail may be one queued earlier for the address (a request inside its window):
  // the first view reads "on its way" all the same, as a new mail's does, and the reloads show
  // that mail's state.
  const state: MailState = addressKeyed && queued.queued ? "queued" : mailStateOf(queued);
  // Not queued (the outbox write failed): queueTemplateMail has logged it (mail.outbox_write_failed).
  if (queued.queued) {
    clearVariantValues(session, ctx.variant, pending.clear);
    endSubmission(session, ctx.variant, flow, lead.id);
    if (addressKeyed) setVariantValues(session, ctx.variant, { [addressKeyed.remember]: dedupeKey });
    if (pending.sendAfterMs !== undefined) {
      // The caller redirects to the confirm page: it shows this, read once, instead of reading the
      // lead and the outbox row again while the funnel's other writes hold the database. Only until
      // the send starts: after that the row may say more than "queued".
      session.flash("confirmView", {
        variant: variantKey(ctx.variant),
        leadId: lead.id,
        email: lead.email,
        link,
        mail: state,
        ...optIn,
        until: Date.now() + pending.sendAfterMs,
      });
    }
  }
  return { lead, link, mail: state, repeat: false, sessionChanged: queued.queued, ...optIn };
}

/**
 * The waitlist e-mail with the personal referral link: queued by the plan choice (POST /plans), then
 * shown by /confirm, which queues it only if the choice could not.
 */
export function confirmWaitlist(ctx: RequestContext, session: AppSession, options: { sendAfterMs?: number } = {}) {
  const values = getVariantValues(session, ctx.variant);
  const pending =
    values.leadId && values.userEmail
      ? { leadId: values.leadId, clear: ["userEmail", "leadId", "selectedPlan", "billingCycle"] as VariantValueKey[], ...options }
      : null;
  // Without a chosen plan the e-mail names the brand in its subject and says so in its body (renderEmail).
  const planName = getPage(ctx.contentKey, "plans").plans.find((plan) => plan.id === values.selectedPlan)?.name ?? null;
  // One mail per address, edition and window, however many funnels name it (ADR 041).
  const addressKeyed: AddressKeyed = {
    claim: (lead) => recipientMailKey(ctx, "prelaunch", lead.email, ctx.leadTable),
    remember: "waitlistMailKey",
  };
  return confirmFlow(
    ctx,
    session,
    "main",
    "prelaunch",
    pending,
    (_lead, refCode) => {
      const refLink = absoluteLinkTo(ctx.origin, ctx.variant, "home", refCode ? { r: refCode } : {});
      return { link: refLink, data: { origin: ctx.origin, selectedPlan: planName, refLink } };
    },
    addressKeyed,
  );
}

/** /guide-confirm and /tips-confirm: the guide or tips e-mail with the visitor's share link. */
export function confirmLeadMagnet(
  ctx: RequestContext,
  session: AppSession,
  config: { kind: "guide" | "tips"; emailKey: VariantValueKey; leadIdKey: VariantValueKey; landingPage: string },
) {
  const values = getVariantValues(session, ctx.variant);
  const leadId = values[config.leadIdKey];
  const pending = leadId && values[config.emailKey] ? { leadId, clear: [config.emailKey, config.leadIdKey] } : null;
  // One mail per address and window, whoever asks (ADR 029).
  const addressKeyed: AddressKeyed = {
    claim: (lead) => recipientMailKey(ctx, config.kind, lead.email),
    remember: config.kind === "guide" ? "guideMailKey" : "tipsMailKey",
  };
  return confirmFlow(
    ctx,
    session,
    config.kind,
    config.kind,
    pending,
    (_lead, refCode) => {
      const shareLink = absoluteLinkTo(ctx.origin, ctx.variant, config.landingPage, refCode ? { r: refCode } : {});
      return { link: shareLink, data: { origin: ctx.origin, refLink: shareLink } };
    },
    addressKeyed,
  );
}
