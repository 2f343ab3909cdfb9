import { log } from "~/platform/log.server";
/**
 * A sign-up for an address that already has an account. The form answers exactly as for a new
 * account (so it cannot be used to find out who has one); the one who learns about the attempt is
 * the owner, by e-mail: someone tried, sign in with the app link, or ignore it.
 */
import { recipientMailKey } from "~/mail/recipient-limit.server";
import { queueTemplateMail } from "~/mail/outbox.server";
import type { RequestContext } from "~/utils/context.server";
import type { ExistingAccount } from "./auth";

/** Queues the owner's e-mail; a failure is logged only, the visitor's answer stays the same. */
export async function mailAccountOwner(ctx: RequestContext, account: ExistingAccount, at: Date = new Date()): Promise<void> {
  try {
    // Not queued (the outbox write failed) is logged by queueTemplateMail (mail.outbox_write_failed).
    await queueTemplateMail(ctx, {
      // One a day per address, however it is spelled (ADR 041): repeated sign-ups cannot fill the owner's inbox.
      dedupeKey: await recipientMailKey({ ...ctx, now: () => at }, "account-exists", account.email),
      template: "account-exists",
      variant: ctx.variant,
      to: account.email,
      // Only our own values: nothing the visitor typed (name, password) goes to the owner.
      data: { origin: ctx.origin, appUrl: ctx.env.APP_SIGNIN_URL },
    });
  } catch (error) {
    log.error("auth.mail_failed", { mail: "account-exists" }, error);
  }
}
