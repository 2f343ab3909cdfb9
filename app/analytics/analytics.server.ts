import type { Lead } from "~/data/ports/lead-store";
import type { RequestContext } from "~/utils/context.server";
import { attributionFields, type AppSession } from "~/utils/session.server";
import type { AnalyticsEvent } from "~/data/ports/analytics-store";
import { getBackend } from "~/data/backend.server";
import type { BotVerdict } from "~/platform/bot-guard.server";
import { LEFT_OUT_VIEW, TOO_FAST_EVENTS, jsFlag, type EventName, type TooFastForm } from "./events";
import { log } from "~/platform/log.server";

/**
 * Recording funnel events (docs/decisions/012-funnel-analytics.md). A page calls `track` and goes
 * on: the write runs after the response (`waitUntil`) and a failure is only logged, so analytics
 * never slows or breaks a page. Known bots are not counted.
 */

type Ctx = Pick<RequestContext, "env" | "bindings" | "contentKey" | "client" | "waitUntil">;

/** Where the visitor came from, as the event stores it: UTM and whether a referral code was present. */
export type EventSource = Pick<AnalyticsEvent, "utmSource" | "utmMedium" | "utmCampaign" | "hasReferrer">;

const NO_SOURCE: EventSource = { utmSource: "", utmMedium: "", utmCampaign: "", hasReferrer: false };

const VISIT_ID = /^[0-9a-f-]{36}$/;

/** The visitor's analytics id, if their session has one. */
export function visitIdOf(session: AppSession | null): string | null {
  const id: unknown = session?.get("visitId");
  return typeof id === "string" && VISIT_ID.test(id) ? id : null;
}

function ensureVisitId(session: AppSession): string {
  const current = visitIdOf(session);
  if (current) return current;
  const id = crypto.randomUUID();
  session.set("visitId", id);
  return id;
}

function fromFields(fields: {
  referred_by: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}): EventSource {
  return {
    utmSource: fields.utm_source ?? "",
    utmMedium: fields.utm_medium ?? "",
    utmCampaign: fields.utm_campaign ?? "",
    hasReferrer: Boolean(fields.referred_by),
  };
}

/** The session's first-touch attribution (captured from the landing URL). */
function sourceOfSession(session: AppSession | null): EventSource {
  return session ? fromFields(attributionFields(session)) : NO_SOURCE;
}

/** A lead's own attribution: for events that happen away from the visitor's browser (a confirm link). */
export function sourceOfLead(lead: Pick<Lead, "referred_by" | "utm_source" | "utm_medium" | "utm_campaign">): EventSource {
  return fromFields(lead);
}

export type TrackOptions = {
  session: AppSession | null;
  /**
   * True when this response commits the session anyway: a visitor without an id gets one now.
   * Otherwise an id is only read, so analytics never adds a cookie to a response.
   */
  saves?: boolean;
  /** Defaults to the session's attribution. */
  source?: EventSource;
  /** For events without a session at hand (a confirmation link opened elsewhere). */
  visitId?: string | null;
};

/** Records one event after the response. Call before the session is committed (it may add the id). */
export function track(ctx: Ctx, name: EventName, options: TrackOptions): void {
  const { session } = options;
  // A bot is out of the funnel; its page view is still counted as left out (each one: no session, no id given).
  if (ctx.client.bot && !name.endsWith("_view")) return;
  const sessionId = ctx.client.bot
    ? null
    : session
      ? options.saves
        ? ensureVisitId(session)
        : visitIdOf(session)
      : (options.visitId ?? null);
  const event: AnalyticsEvent = {
    name: ctx.client.bot ? LEFT_OUT_VIEW : name,
    variant: ctx.contentKey,
    day: new Date().toISOString().slice(0, 10),
    sessionId,
    ...(options.source ?? sourceOfSession(session)),
    js: jsFlag(ctx.client.js),
  };
  // Started on a later task, after the page's own work: an error, even a synchronous one, is only logged.
  const write = new Promise<boolean>((resolve) => setTimeout(resolve, 0)).then(() => getBackend(ctx).analytics.record(event));
  ctx.waitUntil(write.catch((error: unknown) => log.error("analytics.record_failed", { kind: name }, error)));
}

/**
 * The event `track` records for a visit id and a source, recorded now and awaited: for a
 * consequence that runs later, away from the request (a fact's reaction), whose failure is retried.
 * `day` is the day the change happened.
 */
export async function recordEvent(
  ctx: Pick<Ctx, "env" | "bindings" | "contentKey" | "client">,
  name: EventName,
  options: { visitId: string | null; source: EventSource; day: string },
): Promise<void> {
  if (ctx.client.bot) return;
  await getBackend(ctx).analytics.record({
    name,
    variant: ctx.contentKey,
    day: options.day,
    sessionId: options.visitId,
    ...options.source,
    js: jsFlag(ctx.client.js),
  });
}

/**
 * Counts a form the bot guard showed again because it came back sooner than the minimum fill time
 * (docs/decisions/011-bot-guard.md), under the form's name; any other verdict counts nothing.
 */
export function trackTooFast(ctx: Ctx, verdict: BotVerdict, form: TooFastForm, session: AppSession | null): void {
  if (verdict.kind === "again" && verdict.reason === "too-fast") track(ctx, TOO_FAST_EVENTS[form], { session });
}
