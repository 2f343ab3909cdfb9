import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getPage } from "#content/index";
import { mailKindOf } from "#content/schemas/emails";
import type { LostLinkContent } from "#content/schemas/lost-link";
import { getBackend } from "~/data/backend.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import { isSuppressed } from "~/mail/suppression.server";
import { botFields, checkBot } from "~/platform/bot-guard.server";
import { leadLinksFor } from "~/platform/lead-links.server";
import { log } from "~/platform/log.server";
import { getRequestContext, type RequestContext } from "~/utils/context.server";
import { EMAIL_MAX_LENGTH, tooLongMessage } from "~/utils/field-limits";
import { linkTo } from "~/utils/links";
import { SEND_AFTER_REDIRECT_MS } from "./confirmation.server";
import { formPostRefused } from "./ip-trust.server";
import { recipientMailKey } from "~/mail/recipient-limit.server";

/**
 * "Lost my link" (/lost-link, docs/decisions/034-lost-my-link.md): a parent types the address they
 * joined with and, when it is a lead of this variant, the link to their status page is mailed to it.
 * The page never tells whether the address is listed: every accepted post gets the same redirect to
 * the same "check your inbox" view, and the look-up and the mail start only after the response and
 * the next page (SEND_AFTER_REDIRECT_MS), so neither the answer nor its timing differs
 * (`npm run bench:lost-link`). The mail is limited per address (ADR 029's recipient
 * limit, its own count) and never goes to a suppressed address (the mailer skips it).
 */

/** The form's one field: a trimmed, lower-cased address of at most EMAIL_MAX_LENGTH characters. */
function lostLinkSchema(errors: LostLinkContent["errors"]) {
  return z.object({
    email: z
      .string({ required_error: errors.missing, invalid_type_error: errors.missing })
      .trim()
      .min(1, errors.missing)
      .max(EMAIL_MAX_LENGTH, tooLongMessage(errors.emailTooLong, EMAIL_MAX_LENGTH))
      .email(errors.invalidEmail)
      .transform((email) => email.toLowerCase()),
  });
}

/** The form, or with `?sent=1` the "check your inbox" view (which knows no address at all). */
export async function lostLinkLoader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const copy = getPage(ctx.contentKey, "lostLink");
  const sent = ctx.url.searchParams.get("sent") === "1";
  return { copy, sent, bot: sent ? null : await botFields(ctx) };
}

/**
 * Queues the status-link mail for `email` when it is a lead of the request's variant: one outbox row
 * per address and window (`lost-link:to:{hash}:{day}:{n}`), so a double click, a retry or a
 * stranger's repeated posts write at most one row per 10 minutes and three a day. A parent who has
 * not confirmed yet gets the confirm button in the same mail. Nothing is written for an address
 * that is not on the list, nor for a suppressed one. Returns what it did, for a reader of this file; the page never shows it.
 */
async function mailLostLink(ctx: RequestContext, email: string): Promise<"queued" | "unlisted" | "suppressed" | "failed"> {
  try {
    const lead = await getBackend(ctx).leads.getByEmail(ctx.leadTable, email);
    if (!lead) return "unlisted";
    // A bounced or complained address gets nothing (the mailer would skip it too): no row at all.
    if (await isSuppressed(ctx, lead.email, mailKindOf("lost-link"))) return "suppressed";
    const [dedupeKey, links] = await Promise.all([recipientMailKey(ctx, "lost-link", lead.email), leadLinksFor(ctx, ctx.leadTable, lead)]);
    const queued = await queueTemplateMail(ctx, {
      dedupeKey,
      template: "lost-link",
      variant: ctx.variant,
      to: lead.email,
      data: {
        origin: ctx.origin,
        statusLink: links.statusLink,
        manageLink: links.manageLink,
        // Not confirmed yet: the status page only says "confirm first", so the mail carries the button.
        verifyLink: lead.confirm_seq === null ? links.verifyLink : null,
      },
    });
    return queued.queued ? "queued" : "failed";
  } catch (error) {
    log.error("lead.lost_link_failed", { variant: ctx.leadTable }, error);
    return "failed";
  }
}

/** What the visitor typed, echoed back after a rejected post. */
const typedEmail = (form: FormData) => {
  const value = form.get("email");
  return typeof value === "string" ? value.slice(0, EMAIL_MAX_LENGTH).trim() : "";
};

/**
 * The form's post: the per-IP form limit, the bot guard, the schema; then the same redirect for
 * every address. A bot is redirected as a person would be, with nothing looked up or sent.
 */
export async function lostLinkAction({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const copy = getPage(ctx.contentKey, "lostLink");
  const form = await request.formData();
  const email = typedEmail(form);
  const sentPage = linkTo(ctx.variant, "lost-link", { sent: "1" });
  const limited = await formPostRefused(ctx, request, "lost-link");
  if (limited) return data({ alert: limited, email, bot: await botFields(ctx) }, { status: 429 });
  const guard = await checkBot(ctx, form);
  if (guard.kind === "bot") throw redirect(sentPage, { status: 303 });
  if (guard.kind === "again") return data({ alert: guard.message, email, bot: guard.fields }, { status: 422 });
  const parsed = lostLinkSchema(copy.errors).safeParse({ email: form.get("email") ?? undefined });
  if (!parsed.success) {
    return data({ alert: parsed.error.issues[0]?.message ?? copy.errors.invalidEmail, email, bot: guard.fields }, { status: 400 });
  }
  // After the response, and only once the browser has had the next page: started at once, a listed
  // address's look-up, signing and outbox write share the isolate with this answer and the
  // "check your inbox" page, and make both measurably slower than an unlisted address's. Every
  // address waits the same and runs the same look-up.
  const address = parsed.data.email;
  ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, SEND_AFTER_REDIRECT_MS)).then(() => mailLostLink(ctx, address)));
  throw redirect(sentPage, { status: 303 });
}
