import type { DataBindings } from "~/data/backend.server";
import type { AppEnv } from "~/utils/env.server";
import type { Resolver } from "./endpoint-url.server";

/** A queue message is a delivery's id and nothing else: the row is the record of truth (ADR 038). */
export type WebhookMessage = { delivery: string };

/** The database, and the webhook queue where the Worker has one (not under Vite dev or in unit tests). */
export type WebhookBindings = DataBindings & { WEBHOOK_QUEUE?: Queue<WebhookMessage> };

/** What emitting and delivering need. */
export type WebhookContext = {
  env: Pick<AppEnv, "SUPABASE_URL" | "SUPABASE_SERVICE_ROLE_KEY" | "SUPABASE_ANON_KEY" | "WEBHOOK_LOOPBACK">;
  bindings: WebhookBindings;
  /** Work after the response; without it (a script, a test) the work is awaited. */
  waitUntil?: (promise: Promise<unknown>) => void;
  now?: () => Date;
  /** Tests replace the network: the POST and the DNS lookup. */
  fetch?: typeof fetch;
  resolve?: Resolver;
};

export function webhookQueueOf(bindings: WebhookBindings): Queue<WebhookMessage> | null {
  return bindings.WEBHOOK_QUEUE ?? null;
}

/** Loopback receivers are allowed only where WEBHOOK_LOOPBACK=on (the e2e servers, local dev). */
export const allowsLoopback = (ctx: Pick<WebhookContext, "env">) => ctx.env.WEBHOOK_LOOPBACK === "on";
