import type { AdminContent } from "#content/schemas/admin";
import type { Lead } from "~/data/ports/lead-store";

/** The admin list's columns, in the order of SPEC 3.1; the CSV export uses the same order. */
export const ADMIN_COLUMNS = [
  "email",
  "lead_source",
  "step_completed",
  "plan_chosen",
  "billing_cycle",
  "children_count",
  "age_bands",
  "time_available",
  "focus_areas",
  "goals",
  "biggest_concern",
  "followed_on_facebook",
  "copied_share_message",
  "copied_ref_link",
  "referral_count",
  "referred_by",
  "utm_source",
  "created_at",
] as const satisfies readonly (keyof Lead)[];

export type AdminColumn = (typeof ADMIN_COLUMNS)[number];

type Labels = Pick<AdminContent, "leadSources" | "billingCycles"> & {
  table: Pick<AdminContent["table"], "yes" | "no">;
  /** Plan ids to the plan's name; an id without one is shown as it is. */
  planNames?: Record<string, string>;
};

/**
 * A cell as text, for the table and the CSV. Lists are joined with ", ", flags are Yes/No,
 * the source and billing cycle use their labels, and a step outside 1-3 is not shown (SPEC 4.6).
 */
export function cellText(lead: Lead, column: AdminColumn, copy: Labels): string {
  const value = lead[column];
  switch (column) {
    case "lead_source":
      return copy.leadSources[lead.lead_source] ?? lead.lead_source;
    case "billing_cycle":
      return lead.billing_cycle ? (copy.billingCycles[lead.billing_cycle] ?? lead.billing_cycle) : "";
    case "step_completed":
      return lead.step_completed >= 1 && lead.step_completed <= 3 ? String(lead.step_completed) : "";
    case "plan_chosen":
      return lead.plan_chosen ? (copy.planNames?.[lead.plan_chosen] ?? lead.plan_chosen) : "";
    case "created_at":
      return lead.created_at;
    default:
      if (Array.isArray(value)) return value.join(", ");
      if (typeof value === "boolean") return value ? copy.table.yes : copy.table.no;
      return value === null || value === undefined ? "" : String(value);
  }
}

/** Columns the console shows beside SPEC 3.1's (before the actions). */
export const CONSOLE_COLUMNS = ["ref_code", "email_verified", "place", "risk_flags"] as const;
export type ConsoleColumn = (typeof CONSOLE_COLUMNS)[number];

/** A lead with its place in line (null before the parent confirmed). */
export type ConsoleLead = Lead & { place: number | null };

/**
 * Every field of a lead in the CSV, SPEC 3.1's columns first, then the console's, then the rest,
 * so a spreadsheet made from an older export keeps its first columns.
 */
export const CSV_COLUMNS = [
  ...ADMIN_COLUMNS,
  ...CONSOLE_COLUMNS,
  "id",
  "variant",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "clicked_roadmap_button",
  "hashed_email",
  "normalized_email",
  "confirmed_at",
  "confirm_seq",
  "place_score",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** "2026-11-23T01:30:12.345Z" as "2026-11-23 01:30 UTC": stored times are UTC. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** What the console's and the CSV's cells are written with: the labels of sources, cycles, flags and plans. */
export type CellLabels = Labels & { flags?: Record<string, string> };

/** A console or CSV cell as text; `variant` is the switcher name of the lead's variant. */
export function consoleCellText(lead: ConsoleLead, column: CsvColumn | ConsoleColumn, copy: CellLabels, variant = ""): string {
  switch (column) {
    case "variant":
      return variant;
    case "place":
      return lead.place === null ? "" : String(lead.place);
    case "risk_flags":
      return lead.risk_flags.map((flag) => copy.flags?.[flag] ?? flag).join(", ");
    case "email_verified":
    case "clicked_roadmap_button":
      return lead[column] ? copy.table.yes : copy.table.no;
    case "id":
    case "ref_code":
    case "utm_medium":
    case "utm_campaign":
    case "utm_term":
    case "utm_content":
    case "hashed_email":
    case "normalized_email":
    case "confirmed_at":
    case "confirm_seq":
    case "place_score": {
      const value = lead[column];
      return value === null || value === undefined ? "" : String(value);
    }
    default:
      return cellText(lead, column, copy);
  }
}

/** A column's heading, in the list and the CSV: the table's own, the console's, else the CSV's. */
export function columnLabel(copy: Pick<AdminContent, "table" | "extraColumns" | "csvColumns">, column: CsvColumn): string {
  return (
    (copy.table.columns as Record<string, string>)[column] ??
    (copy.extraColumns as Record<string, string>)[column] ??
    copy.csvColumns[column] ??
    column
  );
}
