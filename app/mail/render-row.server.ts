import type { ContentKey } from "#content/index";
import type { EmailTemplateName } from "#content/schemas/emails";
import { renderEmail, type EmailData } from "#emails/render.server";
import type { AppEnv } from "~/utils/env.server";
import { contentKeyOf, type Variant } from "~/utils/variant";
import type { OutboxChange, OutboxRow } from "~/data/ports/outbox-store";
import { envelopeOf, type Envelope } from "./envelope.server";

/** What a page stores (as the row's render_input) to have a template mail rendered after its response. */
export type RenderInput = { template: EmailTemplateName; variant: Variant; data: EmailData };

/**
 * A row queued by a page has only its render input: renders the body for this attempt. The body is
 * stored with the attempt's outcome (one write, `body`), so every later retry sends the stored
 * bytes; should the Worker die between the send and that write, the cron renders the same input
 * again and the provider's idempotency key keeps it one mail. Other rows are returned as they are.
 */
export async function withBody(env: AppEnv, row: OutboxRow, envelope: Envelope): Promise<{ row: OutboxRow; body: Partial<OutboxChange> }> {
  if (row.html || !row.render_input) return { row, body: {} };
  const rendered = await renderTemplate(env, JSON.parse(row.render_input) as RenderInput, envelope);
  return { row: { ...row, ...rendered, render_input: null }, body: { ...rendered, render_input: null } };
}

/** A row as it will be sent: a queued template mail whose body is not stored yet is rendered (nothing is written). */
export async function previewOf(env: AppEnv, row: OutboxRow): Promise<OutboxRow> {
  if (row.html || !row.render_input) return row;
  return { ...row, ...(await renderTemplate(env, JSON.parse(row.render_input) as RenderInput, await envelopeOf(env, row))) };
}

/** Renders a queued template mail; the footer's controller line comes from configuration, its unsubscribe link from the envelope. */
async function renderTemplate(env: AppEnv, input: RenderInput, envelope: Envelope) {
  const contentKey: ContentKey = contentKeyOf(input.variant);
  return renderEmail(input.template, contentKey, {
    variant: input.variant,
    ...input.data,
    controller: { name: env.CONTROLLER_NAME, address: env.CONTROLLER_ADDRESS, email: env.CONTROLLER_EMAIL },
    unsubscribeLink: envelope.unsubscribeLink,
    launchMode: env.LAUNCH_MODE,
  });
}
