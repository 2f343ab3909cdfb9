import { z } from "zod";
import { scopeVariants, type AdminScope } from "~/utils/admin-scope";
import type { RequestContext } from "~/utils/context.server";
import type { ContentKey } from "~/utils/variant";
import type { ReferrerRow } from "~/data/ports/analytics-store";
import { getBackend } from "~/data/backend.server";
import {
  EVENT_NAMES,
  FUNNEL_STEPS,
  LEAD_MAGNET_FUNNELS,
  LEFT_OUT_VIEW,
  SIGNUP_EVENTS,
  TOO_FAST_EVENTS,
  type EventName,
  type LeadMagnetFunnel,
  type TooFastForm,
} from "./events";

type VariantScope = Extract<AdminScope, { kind: "variant" }>;

/**
 * The analytics dashboard's numbers (/admin/analytics): the funnel with conversions, signups per
 * day, the top referrers and the time to a first credited referral, for a variant scope, a date
 * range and optional UTM source and campaign. Everything the funnel shows comes from the daily
 * rollup; the referral figures come from the referral ledger and are not filtered by UTM.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The longest range: the 13 months events are meant to be kept. */
const MAX_RANGE_DAYS = 400;
const TOP_REFERRERS = 10;

/** Days from joining to the first credited referral, as the distribution groups them. */
const CREDIT_BUCKETS = [
  { key: "under1", maxDays: 1 },
  { key: "under3", maxDays: 3 },
  { key: "under7", maxDays: 7 },
  { key: "under14", maxDays: 14 },
  { key: "over14", maxDays: Number.POSITIVE_INFINITY },
] as const;
type CreditBucket = (typeof CREDIT_BUCKETS)[number]["key"];

export type DashboardFilters = { from: string; to: string; source: string; campaign: string };
export type FilterError = "date" | "order" | "range" | "text";

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string) => DAY.test(value) && isoDay(new Date(`${value}T00:00:00Z`)) === value;

const querySchema = z.object({
  from: z
    .string()
    .trim()
    .refine((v) => v === "" || validDay(v), "date"),
  to: z
    .string()
    .trim()
    .refine((v) => v === "" || validDay(v), "date"),
  source: z.string().trim().max(100, "text"),
  campaign: z.string().trim().max(100, "text"),
});

/**
 * The filters of a dashboard URL. Empty dates default to the last 30 days; a malformed date, a
 * range that ends before it starts or is longer than 13 months, or an over-long UTM value is an error.
 */
export function parseFilters(url: URL, today: Date = new Date()): { filters: DashboardFilters; error: FilterError | null } {
  const raw = Object.fromEntries(["from", "to", "source", "campaign"].map((key) => [key, url.searchParams.get(key) ?? ""]));
  const parsed = querySchema.safeParse(raw);
  const defaultTo = isoDay(today);
  const fallback = { from: isoDay(new Date(today.getTime() - (DEFAULT_DAYS - 1) * DAY_MS)), to: defaultTo, source: "", campaign: "" };
  if (!parsed.success) {
    const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 100) : "");
    return {
      filters: { ...fallback, source: text(raw.source), campaign: text(raw.campaign) },
      error: parsed.error.issues[0]?.message === "text" ? "text" : "date",
    };
  }
  const to = parsed.data.to || defaultTo;
  const from = parsed.data.from || isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS));
  const filters = { from, to, source: parsed.data.source, campaign: parsed.data.campaign };
  const days = daysBetween(from, to);
  if (days < 1) return { filters, error: "order" };
  if (days > MAX_RANGE_DAYS) return { filters, error: "range" };
  return { filters, error: null };
}

/** The number of days in [from, to], both included. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function eachDay(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: daysBetween(from, to) }, (_, i) => isoDay(new Date(start + i * DAY_MS)));
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type FunnelRow = { step: EventName; count: number; conversion: number | null };
export type Dashboard = {
  funnel: FunnelRow[];
  /** The free guide's and tips' own funnels, apart from the main one. */
  leadMagnets: Array<{ kind: LeadMagnetFunnel; steps: FunnelRow[] }>;
  /** Visitors asked to press again because a form came back sooner than the minimum fill time, per form. */
  tooFast: Array<{ form: TooFastForm; count: number }>;
  events: Record<EventName, number>;
  signups: Array<{ day: string; count: number }>;
  referrers: Array<ReferrerRow & { variant: ContentKey }>;
  timeToCredit: { referrers: number; medianHours: number | null; buckets: Array<{ key: CreditBucket; count: number }> };
  /** Page views by bots, headless browsers and link previews, which no funnel counts. */
  leftOut: number;
};

/**
 * A funnel's counts, each step's conversion as the share of the step before's visitors. Counts are
 * anonymous, so a step can hold parents who are not among the step before's in the range (their
 * plan chosen the day before the range starts, a second e-mail from one browser, a link straight
 * to the form): they are not of the step before's visitors, so the share stops at 100%.
 */
function funnelOf(steps: readonly EventName[], events: Record<EventName, number>): FunnelRow[] {
  return steps.map((step, i) => {
    const before = i === 0 ? 0 : events[steps[i - 1]];
    return { step, count: events[step], conversion: before ? Math.min(events[step], before) / before : null };
  });
}

export async function loadDashboard(
  ctx: Pick<RequestContext, "env" | "bindings">,
  scope: AdminScope,
  filters: DashboardFilters,
): Promise<Dashboard> {
  const store = getBackend(ctx).analytics;
  const variants = scopeVariants(scope) as VariantScope[];
  // Referral times are ISO timestamps: [from 00:00, the day after `to` 00:00).
  const start = `${filters.from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString();
  const tables = variants.map((v) => v.table);
  const [daily, figures] = await Promise.all([
    store.dailyCounts({
      variants: variants.map((v) => v.key),
      from: filters.from,
      to: filters.to,
      utmSource: filters.source || null,
      utmCampaign: filters.campaign || null,
    }),
    store.referralFigures(tables, start, end, TOP_REFERRERS),
  ]);

  const events = Object.fromEntries(EVENT_NAMES.map((name) => [name, 0])) as Record<EventName, number>;
  const signupsByDay = new Map<string, number>();
  const signupNames: readonly string[] = SIGNUP_EVENTS;
  let leftOut = 0;
  for (const row of daily) {
    if (row.name === LEFT_OUT_VIEW) leftOut += row.count;
    if (row.name in events) events[row.name as EventName] += row.count;
    if (signupNames.includes(row.name)) signupsByDay.set(row.day, (signupsByDay.get(row.day) ?? 0) + row.count);
  }

  const funnel = funnelOf(FUNNEL_STEPS, events);
  const leadMagnets = (Object.keys(LEAD_MAGNET_FUNNELS) as LeadMagnetFunnel[]).map((kind) => ({
    kind,
    steps: funnelOf(LEAD_MAGNET_FUNNELS[kind], events),
  }));

  const referrers = figures
    .flatMap((figure, i) => figure.referrers.map((row) => ({ ...row, variant: variants[i].key })))
    .sort((a, b) => b.credited - a.credited || b.pending - a.pending || a.email.localeCompare(b.email))
    .slice(0, TOP_REFERRERS);

  const hours = figures.flatMap((figure) => figure.hoursToFirstCredit);
  const buckets = CREDIT_BUCKETS.map((bucket) => ({ key: bucket.key, count: 0 }));
  for (const h of hours) {
    const index = CREDIT_BUCKETS.findIndex((bucket) => h / 24 < bucket.maxDays);
    buckets[index].count += 1;
  }

  return {
    funnel,
    leadMagnets,
    tooFast: (Object.keys(TOO_FAST_EVENTS) as TooFastForm[]).map((form) => ({ form, count: events[TOO_FAST_EVENTS[form]] })),
    events,
    signups: eachDay(filters.from, filters.to).map((day) => ({ day, count: signupsByDay.get(day) ?? 0 })),
    referrers,
    timeToCredit: { referrers: hours.length, medianHours: median(hours), buckets },
    leftOut,
  };
}
