import { getBackend } from "~/data/backend.server";
import type { DeadHandling } from "~/data/ports/fact-store";
import { mailQueueOf } from "~/mail/mail-queue.server";
import { log } from "~/platform/log.server";
import type { FactContext } from "./context.server";
import { reactionsTo } from "./reactions.server";
import { countedContext } from "./statement-count.server";

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
    const handed: string[] = [];
    try {
      const next = await reaction.run({ ...ctx, handOn: (factIds) => void handed.push(...factIds) }, fact, after);
      if (next !== null) return { kind: "more", resume: { handler: reaction.name, after: next } };
      await store.finish(fact.id, reaction.name, nowOf(ctx).toISOString());
      if (handed.length) await handOn(ctx, handed);
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

/**
 * The facts a finished handler's work wrote, handed to their reactions now (a message each, or run
 * here without a queue). A failure is logged: the cron's sweep enqueues them.
 */
async function handOn(ctx: FactContext, factIds: readonly string[]): Promise<void> {
  const queue = queueOf(ctx);
  try {
    if (queue) await queue.sendBatch(factIds.map((fact) => ({ body: { fact }, contentType: "json" as const })));
    else for (const factId of factIds) await runToEnd(ctx, factId);
  } catch (error) {
    log.error(queue ? "fact.enqueue_failed" : "fact.run_failed", { facts: factIds.length }, error);
  }
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

/** Messages per `sendBatch` (the queue's limit). */
const SEND_BATCH = 100;

/** Hands many facts (one change of many rows) to their reactions after the response, a batch of messages per send. */
export function dispatchFacts(ctx: FactContext, factIds: readonly string[]): void {
  if (factIds.length === 0) return;
  const queue = queueOf(ctx);
  const work = (async () => {
    if (!queue) {
      for (const factId of factIds) await runToEnd(ctx, factId);
      return;
    }
    for (let i = 0; i < factIds.length; i += SEND_BATCH)
      await queue.sendBatch(factIds.slice(i, i + SEND_BATCH).map((fact) => ({ body: { fact }, contentType: "json" as const })));
  })().catch((error: unknown) => log.error(queue ? "fact.enqueue_failed" : "fact.run_failed", { facts: factIds.length }, error));
  if (ctx.waitUntil) ctx.waitUntil(work);
}

/**
 * Statements one queue invocation's fact runs may make. The invocation's budget is 500, half of the
 * 1,000 D1 allows on Workers Paid, and the same batch may carry up to 100 mail messages (two
 * statements each, about 200): the facts take the rest. A batch of several waves' facts (over
 * 2,000 statements at once) runs one wave's chunk and hands the others on.
 */
const STATEMENTS_PER_INVOCATION = 290;

/**
 * The most statements the run of one message can make, so it starts only with that much left: a
 * wave's chunk of invites (about 210), any other fact's run (a credit's reactions: about 40).
 */
function largestRunOf(body: FactMessage): number {
  return body.fact.startsWith("wave.admitted:") ? 250 : 60;
}

/**
 * The mail queue's fact messages: one bounded run each; more work goes on in a new message, a
 * failed handler's message is retried (the handling's attempts count towards dead). The runs stop
 * before they would pass the invocation's statements: the messages left are sent again (one
 * batch) for a later invocation, not retried (their attempts are not spent).
 */
export async function consumeFactMessages(ctx: FactContext, messages: readonly Message<unknown>[]): Promise<void> {
  const queue = queueOf(ctx);
  const counted = countedContext(ctx);
  for (const [i, message] of messages.entries()) {
    const body = message.body as FactMessage;
    if (queue && i > 0 && counted.statements + largestRunOf(body) > STATEMENTS_PER_INVOCATION) {
      const rest = messages.slice(i);
      await queue.sendBatch(rest.map((left) => ({ body: left.body as FactMessage, contentType: "json" as const })));
      for (const left of rest) left.ack();
      log.info("fact.deferred", { messages: rest.length, statements: counted.statements });
      return;
    }
    try {
      const outcome = await runFact(counted.ctx, body);
      if (outcome.kind === "more") {
        if (queue) await queue.send({ fact: body.fact, resume: outcome.resume }, { contentType: "json" });
        else await runToEnd(counted.ctx, body.fact);
      }
      if (outcome.kind === "retry") message.retry({ delaySeconds: ctx.env.FACT_RETRY_SECONDS });
      else message.ack();
    } catch (error) {
      // The database failed before a handler ran: the queue tries the message again, the cron after it.
      log.error("fact.run_failed", { via: "queue" }, error);
      message.retry({ delaySeconds: ctx.env.FACT_RETRY_SECONDS });
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
