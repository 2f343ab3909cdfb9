import type { LeadTable } from "./lead-store";

/**
 * The analytics port (docs/decisions/012-funnel-analytics.md): D1 (embedded default) and Supabase
 * (production) adapters. Types only, no I/O.
 */

/** One anonymous event. Nothing here names a person: no e-mail, no IP, no lead id. */
export type AnalyticsEvent = {
  /** One of the funnel event names (app/analytics/events.ts). */
  name: string;
  /** The variant key (genius, icehockey, tennis). */
  variant: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** The random id kept in the visitor's session; null when the visitor has no session. */
  sessionId: string | null;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  hasReferrer: boolean;
  /** Whether the page ran JavaScript; unknown when no page said. */
  js: "on" | "off" | "unknown";
};

export type CountsFilter = {
  variants: string[];
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  utmSource: string | null;
  utmCampaign: string | null;
};

export type DailyCount = { day: string; name: string; count: number };

export type ReferrerRow = {
  table: LeadTable;
  referrerId: string;
  email: string;
  refCode: string | null;
  riskFlags: string[];
  credited: number;
  pending: number;
  rejected: number;
};

type ReferralFigures = { referrers: ReferrerRow[]; hoursToFirstCredit: number[] };

export interface AnalyticsStore {
  /** Records an event once per session, variant and name; true when it was counted now. */
  record(event: AnalyticsEvent): Promise<boolean>;
  /** Event counts per day and name (from the daily rollup). */
  dailyCounts(filter: CountsFilter): Promise<DailyCount[]>;
  /**
   * The referral figures of the given lead tables, per table in the order given: the referrers with
   * the most credited referrals made in [from, to) (at most `limit`), and the hours from a
   * referrer's lead being created to their first credited referral, for first credits in [from, to).
   */
  referralFigures(tables: LeadTable[], from: string, to: string, limit: number): Promise<ReferralFigures[]>;
  /** Deletes the raw events of days before `day` (YYYY-MM-DD); the anonymous daily counts stay. */
  deleteEventsBefore(day: string): Promise<number>;
}
