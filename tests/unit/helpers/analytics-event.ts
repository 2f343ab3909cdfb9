import type { AnalyticsEvent } from "~/data/ports/analytics-store";

/** A landing view of the genius variant on `day` in a session of its own, with `overrides` on top. */
export function analyticsEvent(day: string, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    name: "landing_view",
    variant: "genius",
    day,
    sessionId: crypto.randomUUID(),
    utmSource: "",
    utmMedium: "",
    utmCampaign: "",
    hasReferrer: false,
    js: "unknown",
    ...overrides,
  };
}
