import type { AppLoadContext } from "@remix-run/cloudflare";
import { getLoadContext } from "../load-context";
import { consumeCampaignMessages, sweepCampaigns } from "./campaigns/campaigns.server";
import { planEdgeCache, serveFromEdge } from "./edge/edge-cache.server";
import { consumeFactMessages, isFactMessage, sweepFacts } from "./facts/facts.server";
import { consumeDeadLetters } from "./mail/dead-mail.server";
import type { MailMessage } from "./mail/mail-queue.server";
import { consumeMailBatch } from "./mail/queue-consumer.server";
import { retryFailedMail, sweepOutbox } from "./mail/sweep.server";
import { log } from "./platform/log.server";
import { acceptsCrossOriginPost, guardRequest } from "./platform/request-guard.server";
import { secureResponse } from "./platform/response-headers.server";
import { enforceRetention } from "./trust/retention.server";
import { consumeWebhookBatch, consumeWebhookDeadLetters, sweepWebhooks } from "./webhooks/deliver.server";
import type { WebhookMessage } from "./webhooks/webhook-queue.server";
import { ConfigError, parseEnv } from "./utils/env.server";
import { isCrossOriginWrite } from "./utils/security.server";

/** Remix's handler for the build (`createRequestHandler(build)`), made in server.ts where the build is imported. */
export type RemixHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

/**
 * The Worker's three entry points. They live in the app, reached through the server build's entry
 * module (entry.server.tsx re-exports this), so fetch, queue and scheduled share one copy of every
 * module: one parseEnv cache, one backend, one bundle.
 */
export function createWorker(handleRemixRequest: RemixHandler): ExportedHandler<Env> {
  async function handleFetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    let config: ReturnType<typeof parseEnv>;
    try {
      // Fail fast and say why when the configuration is wrong.
      config = parseEnv(env);
    } catch (error) {
      if (error instanceof ConfigError) {
        log.error("request.config_invalid", {}, error);
        return new Response(error.message, { status: 500 });
      }
      throw error;
    }
    if (isCrossOriginWrite(request) && !acceptsCrossOriginPost(new URL(request.url))) {
      return new Response("Cross-origin form posts are not accepted.", { status: 403 });
    }
    const guarded = await guardRequest(request);
    if (!guarded.ok) return guarded.response;
    // The guard has read the body to check it: Remix gets the request that carries the checked bytes.
    request = guarded.request;
    if (acceptsCrossOriginPost(new URL(request.url)) && request.headers.has("Origin")) {
      // Remix aborts a document POST whose Origin is not its host (a 500). These routes are
      // authenticated by their signed token or signature, not by cookies, so Origin means nothing
      // to them: a mail client's one-click unsubscribe from its own origin must still work.
      const headers = new Headers(request.headers);
      headers.delete("Origin");
      request = new Request(request, { headers });
    }
    const render = (page: Request) =>
      handleRemixRequest(
        page,
        getLoadContext({ request: page, context: { cloudflare: { cf: request.cf as never, ctx, caches: caches as never, env } } }),
      );
    // A public page that is the same for every visitor: from the edge cache (app/edge/edge-cache.server.ts).
    const edge = planEdgeCache(request, config, env.CF_VERSION_METADATA?.id);
    if (edge.cache) return serveFromEdge(edge, (promise) => ctx.waitUntil(promise), render);
    return render(request);
  }

  return {
    async fetch(request, env, ctx) {
      return secureResponse(await handleFetch(request, env, ctx), request, { noindex: isPreview(env) });
    },

    // The mail queue's consumers (wrangler.toml [[queues.consumers]]): a batch of outbox ids becomes one
    // provider request; the dead-letter queue's messages leave their rows dead for a human (ADR 024).
    async queue(batch, env) {
      const ctx = { env: parseEnv(env), bindings: env };
      // The webhook queue and its dead letters (ADR 038): each message one delivery attempt.
      if (/webhooks(-dlq)?$/.test(batch.queue)) {
        const hooks = batch as MessageBatch<WebhookMessage>;
        return batch.queue.endsWith("-dlq") ? consumeWebhookDeadLetters(ctx, hooks) : consumeWebhookBatch(ctx, hooks);
      }
      const mail = batch as MessageBatch<MailMessage>;
      if (batch.queue.endsWith("-dlq")) return consumeDeadLetters(ctx, mail);
      // A campaign's step messages (ADR 026) ride the same queue: each writes and enqueues a chunk of its rows.
      const isStep = (message: Message<unknown>) => typeof (message.body as { campaign?: unknown } | null)?.campaign === "string";
      const steps = batch.messages.filter(isStep);
      if (steps.length) await consumeCampaignMessages(ctx, steps);
      // So do the facts' messages (ADR 046): each one bounded run of a fact's reactions.
      const facts = batch.messages.filter((message) => isFactMessage(message.body));
      if (facts.length) await consumeFactMessages(ctx, facts);
      const mails = mail.messages.filter((message) => !isStep(message) && !isFactMessage(message.body));
      if (mails.length) await consumeMailBatch(ctx, { ...mail, messages: mails } as MessageBatch<MailMessage>);
    },

    // Cron Trigger (wrangler.toml [triggers]): with the mail queue, enqueues due rows that have no live
    // message (a failed enqueue, a lost message, a retry handed back); without one, sends them itself.
    // Then deletes what is past its retention period.
    // Awaited rather than left to waitUntil, so the run has the whole invocation (15 minutes) and
    // retryFailedMail's own budget decides when it ends.
    async scheduled(_controller, env) {
      const config = parseEnv(env);
      const queue = (env as { MAIL_QUEUE?: Queue<MailMessage> }).MAIL_QUEUE;
      // Launch-day announcements first: a scheduled one whose time has come starts (ADR 026).
      // A failure here (the database unreachable) must not keep the mail sweep and retention from running.
      // Each job logs its own `cron.run` with its counts (README "Operating").
      await sweepCampaigns({ env: config, bindings: env }).catch((error: unknown) => log.error("cron.failed", { job: "campaigns" }, error));
      if (queue) await sweepOutbox({ env: config, bindings: env }, queue);
      else await retryFailedMail({ env: config, bindings: env });
      // Facts not yet handled (a lost message, a killed run): enqueued again, or run here without a queue (ADR 046).
      await sweepFacts({ env: config, bindings: env }).catch((error: unknown) => log.error("cron.failed", { job: "facts" }, error));
      // Webhook deliveries whose queue message was lost; without a queue, the due retries themselves (ADR 038).
      await sweepWebhooks({ env: config, bindings: env }).catch((error: unknown) => log.error("cron.failed", { job: "webhooks" }, error));
      await enforceRetention({ env: config, bindings: env });
    },
  };
}

/** A preview (PREVIEW_MODE=on) answers noindex, read raw so it holds when the configuration fails to parse. */
function isPreview(env: Env): boolean {
  return String(env.PREVIEW_MODE ?? "").trim() === "on";
}
