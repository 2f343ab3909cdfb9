import type { AdminContent } from "#content/schemas/admin";
import type { Lead } from "~/data/lead-store";

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
    case "created_at":
      return lead.created_at;
    default:
      if (Array.isArray(value)) return value.join(", ");
      if (typeof value === "boolean") return value ? copy.table.yes : copy.table.no;
      return value === null || value === undefined ? "" : String(value);
  }
}
