import type { AnalyticsEvent } from "~/data/ports/analytics-store";
import type { LeadSource } from "~/data/ports/lead-store";

/**
 * The funnel events the site records (docs/decisions/012-funnel-analytics.md), shared by the
 * recorder and the dashboard. Names are stored as they are here: renaming one splits its history.
 */
export const EVENT_NAMES = [
  "landing_view",
  "form_step1_view",
  "form_step2_view",
  "form_step3_view",
  "form_step1_done",
  "form_step2_done",
  "form_step3_done",
  "roadmap_view",
  "plans_view",
  "plan_chosen",
  "confirm_view",
  "email_confirmed",
  "referral_credited",
  "guide_form_view",
  "guide_submitted",
  "guide_confirm_view",
  "tips_form_view",
  "tips_submitted",
  "tips_confirm_view",
  "guide_landing_view",
  "tips_landing_view",
  "guide_confirmed",
  "tips_confirmed",
  "guide_referral_credited",
  "tips_referral_credited",
  "form_step1_too_fast",
  "guide_too_fast",
  "tips_too_fast",
  "signup_too_fast",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * A page view by a bot, a headless browser or a link preview: kept out of every funnel, counted
 * under this name only so the dashboard can say how many views it left out.
 */
export const LEFT_OUT_VIEW = "bot_view";

/**
 * The dashboard's main funnel, in order: each step's conversion is measured against the one before.
 * Its confirmations and credits are the main funnel's parents' only (`confirmationEvents`).
 */
export const FUNNEL_STEPS = [
  "landing_view",
  "form_step1_done",
  "form_step2_done",
  "form_step3_done",
  "roadmap_view",
  "plan_chosen",
  "email_confirmed",
  "referral_credited",
] as const satisfies readonly EventName[];

/** The free guide's and tips' own funnels: landing page, form sent (e-mail given), e-mail confirmed. */
export const LEAD_MAGNET_FUNNELS = {
  guide: ["guide_landing_view", "guide_submitted", "guide_confirmed"],
  tips: ["tips_landing_view", "tips_submitted", "tips_confirmed"],
} as const satisfies Record<string, readonly EventName[]>;
export type LeadMagnetFunnel = keyof typeof LEAD_MAGNET_FUNNELS;

/**
 * The confirmation and credit events of a lead, by where it gave its e-mail: a guide or tips
 * parent's confirmation counted as the main funnel's would put more confirmations under "plan
 * chosen" than parents who chose a plan.
 */
export function confirmationEvents(leadSource: LeadSource): { confirmed: EventName; credited: EventName } {
  if (leadSource === "guide_download") return { confirmed: "guide_confirmed", credited: "guide_referral_credited" };
  if (leadSource === "tips_download") return { confirmed: "tips_confirmed", credited: "tips_referral_credited" };
  return { confirmed: "email_confirmed", credited: "referral_credited" };
}

/**
 * The forms with a minimum fill time (docs/decisions/011-bot-guard.md) and the event each counts when
 * it was sent sooner and shown again with a request to press the button once more (a password
 * manager fills a form that fast). Many of them say the minimum is too strict for people.
 */
export const TOO_FAST_EVENTS = {
  form_step1: "form_step1_too_fast",
  guide: "guide_too_fast",
  tips: "tips_too_fast",
  signup: "signup_too_fast",
} as const satisfies Record<string, EventName>;
export type TooFastForm = keyof typeof TOO_FAST_EVENTS;

/** The events where a parent gave their e-mail: a signup in the "signups per day" chart. */
export const SIGNUP_EVENTS = ["form_step3_done", "guide_submitted", "tips_submitted"] as const satisfies readonly EventName[];

type JsFlag = AnalyticsEvent["js"];

export function jsFlag(js: boolean | null): JsFlag {
  return js === null ? "unknown" : js ? "on" : "off";
}
