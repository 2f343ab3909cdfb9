import { getBackend } from "~/data/backend.server";
import type { DeadHandling } from "~/data/ports/fact-store";
import { mailQueueOf } from "~/mail/mail-queue.server";
import { log } from "~/platform/log.server";
import type { FactContext } from "./context.server";
import { reactionsTo } from "./reactions.server";

/**
 * Running a fact's reactions (docs/decisions/046-facts-and-reactions.md). The change and its fact
 * are written together; the reactions run later, on the mail queue (a message `{ fact }`, as a
 * campaign's steps ride it) or, without a queue (Vite dev, tests), after the response. A handler
 * that did part of its work (a chunk) goes on in a new message from where it stopped. The cron
 * enqueues every fact not yet handled, so a lost message or a killed run only delays it.
 */

/** A queue message for a fact: `resume` tells one handler where to go on from. */
export type FactMessage = { fact: string; resume?: { handler: string; after: number } };

/** Failed runs before a handling is dead and waits for an admin's replay. */
export const MAX_HANDLER_ATTEMPTS = 5;

/** A fact younger than this is left to its own message by the sweep. */
const SWEEP_AFTER_MS = 2 * 60_000;

/**
 * Fact runs per queue invocation: a run makes up to about 210 statements (a chunk of invites) and
 * the batch's mail messages about as many, so one run keeps the invocation within 500 of D1's 1,000.
 */
const FACT_RUNS_PER_INVOCATION = 1;

/** A failed handler's message comes back after this. */
const FACT_RETRY_SECONDS = 30;

/** Facts the sweep enqueues per cron run. */
const SWEEP_LIMIT = 50;

const nowOf = (ctx: FactContext) => (ctx.now ?? (() => new Date()))();

function queueOf(ctx: FactContext): Queue<FactMessage> | null {
  return mailQueueOf(ctx.bindings) as unknown as Queue<FactMessage> | null;
}

export function isFactMessage(body: unknown): body is FactMessage {
  return typeof (body as { fact?: unknown } | null)?.fact === "string";
}

/** What one run did: `done` (every handler done or dead), `more` (a handler goes on from `resume`), `retry` (a handler failed). */
type RunOutcome = { kind: "done" } | { kind: "more"; resume: { handler: string; after: number } } | { kind: "retry" } | { kind: "missing" };

/**
 * One bounded run of a fact's reactions: each handler not yet done or dead runs once (from `resume`
 * for the handler it names); a handler that answers where to go on from ends the run there.
 */
async function runFact(ctx: FactContext, message: FactMessage): Promise<RunOutcome> {
  const store = getBackend(ctx).facts;
  const [fact, handlings] = await Promise.all([store.get(message.fact), store.handlingsOf(message.fact)]);
  if (!fact) return { kind: "missing" };
  const settled = new Set(handlings.filter((h) => h.status !== "pending").map((h) => h.handler));
  let failed = false;
  for (const reaction of reactionsTo(fact.type)) {
    if (settled.has(reaction.name)) continue;
    const after = message.resume?.handler === reaction.name ? message.resume.after : 0;
    try {
      const next = await reaction.run(ctx, fact, after);
      if (next !== null) return { kind: "more", resume: { handler: reaction.name, after: next } };
      await store.finish(fact.id, reaction.name, nowOf(ctx).toISOString());
    } catch (error) {
      const status = await store.fail(
        fact.id,
        reaction.name,
        String((error as Error)?.message ?? error),
        nowOf(ctx).toISOString(),
        MAX_HANDLER_ATTEMPTS,
      );
      log.error("fact.handler_failed", { fact: fact.type, handler: reaction.name, dead: status === "dead" }, error);
      if (status === "pending") failed = true;
    }
  }
  if (failed) return { kind: "retry" };
  await store.markHandled(fact.id, nowOf(ctx).toISOString());
  return { kind: "done" };
}

/** Without a queue: every run of the fact now, one after the other, until it is handled or a handler fails. */
async function runToEnd(ctx: FactContext, factId: string): Promise<void> {
  let message: FactMessage = { fact: factId };
  for (;;) {
    const outcome = await runFact(ctx, message);
    if (outcome.kind !== "more") return;
    message = { fact: factId, resume: outcome.resume };
  }
}

/** Hands the fact to its reactions after the response. A failed enqueue is logged: the cron's sweep enqueues it. */
export function dispatchFact(ctx: FactContext, factId: string): void {
  const queue = queueOf(ctx);
  const work = queue
    ? queue.send({ fact: factId }, { contentType: "json" }).catch((error: unknown) => log.error("fact.enqueue_failed", {}, error))
    : runToEnd(ctx, factId).catch((error: unknown) => log.error("fact.run_failed", {}, error));
  if (ctx.waitUntil) ctx.waitUntil(work);
}

/**
 * The mail queue's fact messages: one bounded run each; more work goes on in a new message, a
 * failed handler's message is retried (the handling's attempts count towards dead).
 */
export async function consumeFactMessages(ctx: FactContext, messages: readonly Message<unknown>[]): Promise<void> {
  const queue = queueOf(ctx);
  // D1's query limit is per invocation, not per message: a batch may carry many facts, so one run
  // here and the rest to the back of the queue as new messages (a retry would count towards the
  // dead-letter queue). Sent first, so a run that dies here loses only its own message.
  const now = queue ? messages.slice(0, FACT_RUNS_PER_INVOCATION) : messages;
  const later = messages.slice(now.length);
  if (queue && later.length) {
    try {
      await queue.sendBatch(later.map((message) => ({ body: message.body as FactMessage, contentType: "json" as const })));
      for (const message of later) message.ack();
    } catch (error) {
      log.error("fact.enqueue_failed", { facts: later.length }, error);
      for (const message of later) message.retry({ delaySeconds: FACT_RETRY_SECONDS });
    }
  }
  for (const message of now) {
    const body = message.body as FactMessage;
    try {
      const outcome = await runFact(ctx, body);
      if (outcome.kind === "more") {
        if (queue) await queue.send({ fact: body.fact, resume: outcome.resume }, { contentType: "json" });
        else await runToEnd(ctx, body.fact);
      }
      if (outcome.kind === "retry") message.retry({ delaySeconds: FACT_RETRY_SECONDS });
      else message.ack();
    } catch (error) {
      // The database failed before a handler ran: the queue tries the message again, the cron after it.
      log.error("fact.run_failed", { via: "queue" }, error);
      message.retry({ delaySeconds: FACT_RETRY_SECONDS });
    }
  }
}

/** The cron's part: facts not yet handled (a lost message, a run killed mid-way) are enqueued again, or run here without a queue. */
export async function sweepFacts(ctx: FactContext): Promise<{ enqueued: number }> {
  const before = new Date(nowOf(ctx).getTime() - SWEEP_AFTER_MS).toISOString();
  const facts = await getBackend(ctx).facts.unhandled(before, SWEEP_LIMIT);
  const queue = queueOf(ctx);
  if (queue && facts.length) await queue.sendBatch(facts.map((fact) => ({ body: { fact: fact.id }, contentType: "json" as const })));
  if (!queue) for (const fact of facts) await runToEnd(ctx, fact.id);
  log.info("cron.run", { job: "facts", facts: facts.length });
  return { enqueued: facts.length };
}

/** Dead handlings for the admin, newest first. */
export function deadHandlings(ctx: FactContext, limit = 50): Promise<DeadHandling[]> {
  return getBackend(ctx).facts.listDead(limit);
}

/** The admin's replay of a dead handling: true for the one request that revived it, whose fact is then handed on again. */
export async function replayHandling(ctx: FactContext, factId: string, handler: string): Promise<boolean> {
  const revived = await getBackend(ctx).facts.replay(factId, handler, nowOf(ctx).toISOString());
  if (revived) dispatchFact(ctx, factId);
  return revived;
}
