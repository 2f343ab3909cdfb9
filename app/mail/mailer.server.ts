import type { AppEnv } from "~/utils/env.server";
import { getBackend, type DataBindings } from "~/data/backend.server";
import type { OutboxStore } from "~/data/ports/outbox-store";
import { getTransport, withPreviewAllowList, type MailTransport } from "./transport.server";
import type { MailBindings } from "./mail-queue.server";

/** What the mailer needs; a RequestContext fits, and so does the scheduled handler's env. */
export type MailContext = {
  env: AppEnv;
  /** The database, and the mail queue where the Worker has one. */
  bindings: MailBindings;
  /** The clock, replaceable in tests of the retry schedule. */
  now?: () => Date;
  /** Replaces the configured transport (tests use fakes that hang or fail on cue). */
  transport?: MailTransport;
};

/** What every mail job works with: the outbox, the transport, the configuration and the clock. */
export type Mailer = { store: OutboxStore; transport: MailTransport; env: AppEnv; bindings: DataBindings; now: () => Date };

export function mailer(ctx: MailContext): Mailer {
  return {
    store: getBackend(ctx).outbox,
    bindings: ctx.bindings,
    // A preview's allow-list also holds for a transport a caller passed in.
    transport: withPreviewAllowList(ctx.transport ?? getTransport(ctx.env), ctx.env),
    env: ctx.env,
    now: ctx.now ?? (() => new Date()),
  };
}
