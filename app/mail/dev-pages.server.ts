import { toPlainText } from "@react-email/render";
import { qa } from "#content/qa";
import { getBackend } from "~/data/backend.server";
import { previewOf } from "~/mail/render-row.server";
import type { RequestContext } from "~/utils/context.server";
import type { OutboxRow } from "~/data/ports/outbox-store";

/**
 * /dev/outbox and /dev/outbox.json show every mail the site sent, sign-in confirmation links
 * included, to whoever asks: they answer only with the local outbox transport AND on a loopback
 * host. A deployment that keeps MAIL_TRANSPORT=outbox (a forgotten switch) is still reached under
 * its public host names, where both are the site's 404.
 */
export function outboxPagesEnabled(ctx: Pick<RequestContext, "env" | "isLocal">): boolean {
  return ctx.isLocal && ctx.env.MAIL_TRANSPORT === "outbox";
}

export const NOINDEX = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

/** How many mails the dev pages show at a time. */
const OUTBOX_PAGE_SIZE = 100;

/** What the outbox pages were asked for: `to`, part of a recipient ("" for all), and the page from 1. */
export type OutboxQuery = { to: string; page: number };

/** ?to= and ?page= of /dev/outbox and /dev/outbox.json, or the message for a bad value (a 400). */
export function outboxQuery(url: URL): { query: OutboxQuery } | { error: string } {
  const to = (url.searchParams.get("to") ?? "").trim();
  const page = url.searchParams.get("page") ?? "";
  // An address has at most 254 characters; six digits of pages are 100 million mails.
  if (to.length > 254) return { error: qa.outbox.badTo };
  if (page !== "" && !/^[1-9]\d{0,5}$/.test(page)) return { error: qa.outbox.badPage };
  return { query: { to, page: page === "" ? 1 : Number(page) } };
}

/** One page of the outbox, newest first, each mail as it is (or will be) sent, and whether older ones follow. */
export async function outboxPage(ctx: Pick<RequestContext, "env" | "bindings">, { to, page }: OutboxQuery) {
  const rows = await getBackend(ctx).outbox.list(OUTBOX_PAGE_SIZE + 1, {
    offset: (page - 1) * OUTBOX_PAGE_SIZE,
    recipient: to || undefined,
  });
  // A mail queued a moment ago may not have its body stored yet: show it as it will be sent.
  const mails = await Promise.all(rows.slice(0, OUTBOX_PAGE_SIZE).map((row) => previewOf(ctx.env, row)));
  return { mails, hasOlder: rows.length > OUTBOX_PAGE_SIZE };
}

/** The mail's text part, or one made from its HTML when it has none (an API mail, a seeded row). */
export function mailText(row: Pick<OutboxRow, "html" | "text">): string {
  return row.text || (row.html ? toPlainText(row.html) : "");
}

export type MailLink = { label: string; href: string };

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ALT = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * The web links of a mail's HTML, in order, each once, labelled by its text (an image's alt text,
 * else the address, when it has none). The viewer shows them as links of its own page: the mail
 * itself sits in a sandboxed frame, which follows no link. Other schemes (mailto:, javascript:) are left out.
 */
export function mailLinks(html: string): MailLink[] {
  const links: MailLink[] = [];
  const seen = new Set<string>();
  for (const [, attributes, inner] of html.matchAll(ANCHOR)) {
    const match = HREF.exec(attributes);
    const href = decodeEntities((match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim());
    if (!/^https?:\/\//i.test(href)) continue;
    // Outlook-only spacers sit in comments (a button's &#8203; after its label): not part of the text.
    const text = decodeEntities(inner.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]*>/g, " ")).replace(/[\u200b-\u200d\ufeff]/g, "");
    const alt = decodeEntities(
      ALT.exec(inner)
        ?.slice(1)
        .find((value) => value !== undefined) ?? "",
    );
    const label = (text.replace(/\s+/g, " ").trim() || alt.replace(/\s+/g, " ").trim() || href).slice(0, 200);
    const key = `${label}\n${href}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ label, href });
  }
  return links;
}

/** The public shape of an outbox row on /dev/outbox.json (tests/e2e/fixtures.ts reads it). */
export function outboxJson(row: OutboxRow) {
  return {
    id: row.id,
    dedupe_key: row.dedupe_key,
    to: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    template: row.template,
    variant: row.variant,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}
