import type { MailBindings } from "~/mail/mail-queue.server";
import type { AppEnv } from "~/utils/env.server";
import type { WebhookBindings } from "~/webhooks/webhook-queue.server";

/** What a fact's handlers run with: a request's, a queue message's or the cron's context. */
export type FactContext = {
  env: AppEnv;
  bindings: MailBindings & WebhookBindings;
  /** Work after the response; without it the work is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => Date;
};
