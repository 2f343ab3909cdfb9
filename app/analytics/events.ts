import type { AnalyticsEvent } from "~/data/ports/analytics-store";

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
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** The dashboard's funnel, in order: each step's conversion is measured against the one before. */
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
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The events where a parent gave their e-mail: a signup in the "signups per day" chart. */
export const SIGNUP_EVENTS = ["form_step3_done", "guide_submitted", "tips_submitted"] as const satisfies readonly EventName[];

type JsFlag = AnalyticsEvent["js"];

export function jsFlag(js: boolean | null): JsFlag {
  return js === null ? "unknown" : js ? "on" : "off";
}
