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

/**
 * What a handler runs with: the fact's context, and `handOn` for the facts its own work wrote (a
 * credit's rewards earned), handed to their reactions once the handler is done.
 */
export type HandlerContext = FactContext & { handOn(factIds: readonly string[]): void };
