import type { LeadColumn, LeadPatch, LeadTable, ListOptions, NewLead, Lead } from "~/data/ports/lead-store";
import { LEAD_TABLES } from "~/utils/variant";

/**
 * The lead's columns, defaults and rules that both lead store adapters share: the table
 * allow-list, the column lists, the errors, e-mail normalisation and paging bounds. No I/O.
 */

/** Every lead table, in one allow-list; adapters refuse any other name. */
export { LEAD_TABLES };

export const LEAD_SOURCES = ["main_funnel", "guide_download", "tips_download"] as const;
export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export const LIST_COLUMNS = ["age_bands", "focus_areas", "goals", "risk_flags"] as const satisfies readonly LeadColumn[];
export const BOOLEAN_COLUMNS = [
  "email_verified",
  "followed_on_facebook",
  "copied_share_message",
  "copied_ref_link",
  "clicked_roadmap_button",
] as const satisfies readonly LeadColumn[];

/** Every column except id, in storage order. */
export const WRITABLE_COLUMNS = [
  "email",
  "hashed_email",
  "age_bands",
  "time_available",
  "children_count",
  "step_completed",
  "referred_by",
  "ref_code",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referral_count",
  "email_verified",
  "followed_on_facebook",
  "copied_share_message",
  "copied_ref_link",
  "clicked_roadmap_button",
  "lead_source",
  "focus_areas",
  "goals",
  "biggest_concern",
  "plan_chosen",
  "billing_cycle",
  "risk_flags",
] as const satisfies readonly (keyof LeadPatch)[];

/** Columns the admin list may be sorted by (allow-list: the name ends up in SQL / a URL). */
export const SORTABLE_COLUMNS = [
  "created_at",
  "email",
  "lead_source",
  "step_completed",
  "plan_chosen",
  "billing_cycle",
  "children_count",
  "time_available",
  "biggest_concern",
  "referral_count",
  "referred_by",
  "utm_source",
] as const satisfies readonly LeadColumn[];
type SortColumn = NonNullable<ListOptions["sortBy"]>;

/** The two times the stats count from: the start of today (UTC) and 7 days before now. */
export function statsWindows(now: Date): { today: string; week: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { today: today.toISOString(), week: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString() };
}

export class LeadStoreError extends Error {
  name = "LeadStoreError";
}

/** A table name outside the allow-list reached an adapter. */
export class InvalidTableError extends LeadStoreError {
  name = "InvalidTableError";
  constructor(table: string) {
    super(`Unknown lead table: ${JSON.stringify(table)}`);
  }
}

/** The ref_code is already taken by another row (unique constraint). Retry with a new code. */
export class DuplicateRefCodeError extends LeadStoreError {
  name = "DuplicateRefCodeError";
  constructor(cause?: unknown) {
    super("Referral code already in use", { cause });
  }
}

export const PENDING_EMAIL = "pending@placeholder.invalid";
const DEFAULT_PAGE_SIZE = 50;
/**
 * Rows one list read may answer (PostgREST's max_rows is 1,000): the CSV export reads the whole line
 * a page at a time in one invocation, and 200 a page a line of 100,000 made 500 D1 statements.
 */
export const MAX_PAGE_SIZE = 1_000;

export function assertLeadTable(table: string): asserts table is LeadTable {
  if (!(LEAD_TABLES as readonly string[]).includes(table)) throw new InvalidTableError(table);
}

/** E-mails are stored and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The form under which two addresses are the same inbox: lower case, no `+tag`, and for Gmail no
 * dots either (Gmail ignores them). Duplicate and self-referral checks compare this form.
 */
export function canonicalEmail(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  local = local.split("+")[0] || local;
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** The normalized_email column for an e-mail: null for the placeholder of a lead without one yet. */
function normalizedEmailColumn(email: string): string | null {
  return normalizeEmail(email) === PENDING_EMAIL ? null : canonicalEmail(email);
}

/** Fills the defaults of a new lead and normalises its e-mail. */
export function withLeadDefaults(lead: NewLead, now: Date = new Date()): Omit<Lead, "id"> {
  return {
    email: normalizeEmail(lead.email ?? PENDING_EMAIL),
    hashed_email: lead.hashed_email ?? null,
    age_bands: lead.age_bands ?? [],
    time_available: lead.time_available ?? null,
    children_count: lead.children_count ?? null,
    step_completed: lead.step_completed ?? 1,
    referred_by: lead.referred_by ?? null,
    ref_code: lead.ref_code ?? null,
    utm_source: lead.utm_source ?? null,
    utm_medium: lead.utm_medium ?? null,
    utm_campaign: lead.utm_campaign ?? null,
    utm_term: lead.utm_term ?? null,
    utm_content: lead.utm_content ?? null,
    referral_count: lead.referral_count ?? 0,
    email_verified: lead.email_verified ?? false,
    followed_on_facebook: lead.followed_on_facebook ?? false,
    copied_share_message: lead.copied_share_message ?? false,
    copied_ref_link: lead.copied_ref_link ?? false,
    clicked_roadmap_button: lead.clicked_roadmap_button ?? false,
    lead_source: lead.lead_source ?? "main_funnel",
    focus_areas: lead.focus_areas ?? [],
    goals: lead.goals ?? [],
    biggest_concern: lead.biggest_concern ?? null,
    plan_chosen: lead.plan_chosen ?? null,
    billing_cycle: lead.billing_cycle ?? null,
    created_at: lead.created_at ?? now.toISOString(),
    normalized_email: normalizedEmailColumn(lead.email ?? PENDING_EMAIL),
    risk_flags: lead.risk_flags ?? [],
    confirmed_at: null,
    confirm_seq: null,
    place_score: null,
  };
}

/** Keeps only known, defined columns of a patch (undefined means "leave as is"). */
export function cleanPatch(patch: LeadPatch): LeadPatch {
  const out: Record<string, unknown> = {};
  for (const column of WRITABLE_COLUMNS) {
    const value = patch[column];
    if (value === undefined) continue;
    out[column] = column === "email" && typeof value === "string" ? normalizeEmail(value) : value;
  }
  if (typeof patch.email === "string") out.normalized_email = normalizedEmailColumn(patch.email);
  return out as LeadPatch;
}

/** Resolved paging and sorting with bounds applied. */
export function resolveListOptions(options: ListOptions = {}) {
  const sortBy: SortColumn = (SORTABLE_COLUMNS as readonly string[]).includes(options.sortBy ?? "")
    ? (options.sortBy as SortColumn)
    : "created_at";
  const direction: "asc" | "desc" = options.direction === "asc" ? "asc" : "desc";
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? DEFAULT_PAGE_SIZE)));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const filters = options.filters ?? {};
  const emailSearch = filters.email?.trim().toLowerCase() || undefined;
  const search = filters.search?.trim().toLowerCase() || undefined;
  return { sortBy, direction, page, pageSize, offset: (page - 1) * pageSize, filters, emailSearch, search };
}

/** Escapes LIKE wildcards so a search for "a_b" or "50%" matches literally (escape char: backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
