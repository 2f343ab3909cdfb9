import { contentByVariant, type ContentKey } from "#content/index";
import { EMAIL_TEMPLATES, offersUnsubscribe, type EmailTemplateName } from "#content/schemas/emails";
import { findEmailContent } from "#emails/render.server";
import type { AppEnv } from "~/utils/env.server";
import { isLocalHost } from "~/utils/variant.server";
import { contentKeyOf, variantOfKey, type Variant } from "~/utils/variant";
import type { OutboxRow } from "~/data/ports/outbox-store";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";

/**
 * Who a mail is from, where replies go, and its extra headers, rebuilt from the outbox row
 * (template, variant, recipient, origin) at every attempt, so a retry of a stored body sends the
 * same envelope as the first attempt.
 * - From: the brand of the copy the mail uses (the variant's wordmark) with MAIL_FROM's address;
 * - Reply-To: that brand's contact address (content site.contactEmail);
 * - marketing mails, the guide and the tips (content/schemas/emails.ts offersUnsubscribe):
 *   List-Unsubscribe with the signed https link and a mailto to the contact address, and
 *   List-Unsubscribe-Post (RFC 8058).
 */
export type Envelope = {
  from: string;
  replyTo: string;
  headers: Record<string, string>;
  /** The link of the List-Unsubscribe header, also shown in the mail's footer. */
  unsubscribeLink: string | null;
};

/** The address part of "Name <address>" (or the whole value when it is a bare address). */
export function addressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** A display name as a header may carry it: quoted when it holds RFC 5322 specials. */
function displayName(name: string): string {
  const clean = name.replace(/[\r\n]+/g, " ").trim();
  return /[()<>[\]:;@\\,."]/.test(clean) ? `"${clean.replace(/(["\\])/g, "\\$1")}"` : clean;
}

/** The content key whose brand a mail carries: the copy's own edition. */
function brandKeyOf(template: string, variant: Variant): ContentKey {
  const key = contentKeyOf(variant);
  if (!(EMAIL_TEMPLATES as readonly string[]).includes(template)) return key;
  return findEmailContent(template as EmailTemplateName, key).from;
}

function senderOf(env: Pick<AppEnv, "MAIL_FROM">, template: string, variant: Variant): { from: string; replyTo: string } {
  const site = contentByVariant[brandKeyOf(template, variant)].site;
  return { from: `${displayName(site.wordmark)} <${addressOf(env.MAIL_FROM)}>`, replyTo: site.contactEmail };
}

/** The origin a row's links were built against: its own column, else its render input's. */
function originOf(row: Pick<OutboxRow, "origin" | "render_input">): string | null {
  if (row.origin) return row.origin;
  if (!row.render_input) return null;
  try {
    const origin = (JSON.parse(row.render_input) as { data?: { origin?: unknown } }).data?.origin;
    return typeof origin === "string" ? origin : null;
  } catch {
    return null;
  }
}

export async function envelopeOf(
  env: Pick<AppEnv, "MAIL_FROM" | "SESSION_SECRET">,
  row: Pick<OutboxRow, "template" | "variant" | "recipient" | "origin" | "render_input">,
): Promise<Envelope> {
  const variant = variantOfKey(row.variant);
  const { from, replyTo } = senderOf(env, row.template, variant);
  if (!offersUnsubscribe(row.template)) return { from, replyTo, headers: {}, unsubscribeLink: null };
  const origin = originOf(row);
  if (!origin) {
    // No https link to build (a row from before 0011): the mailto alone, without one-click.
    return { from, replyTo, headers: { "List-Unsubscribe": `<mailto:${replyTo}?subject=unsubscribe>` }, unsubscribeLink: null };
  }
  let isLocal = false;
  try {
    isLocal = isLocalHost(new URL(origin).hostname);
  } catch {
    // not a URL: signed as for a public host, which needs SESSION_SECRET
  }
  const link = await unsubscribeUrl(env, origin, variant, row.recipient, isLocal);
  return { from, replyTo, headers: listUnsubscribeHeaders(link, replyTo), unsubscribeLink: link };
}
