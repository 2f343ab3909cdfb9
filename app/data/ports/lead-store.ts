import type { LeadTable } from "~/utils/variant";

/**
 * The lead store port (SPEC 3.1, 3.5, 7.1). One interface, two adapters:
 * D1 (`app/data/d1/lead-store.server.ts`, embedded default) and Supabase (`app/data/supabase/lead-store.server.ts`).
 * This file holds types and small pure helpers only, no I/O.
 */

export type { LeadTable };

/** Every lead table, in one allow-list; adapters refuse any other name. */
export const LEAD_TABLES = ["leads", "leads_icehockey", "leads_tennis"] as const satisfies readonly LeadTable[];

export const LEAD_SOURCES = ["main_funnel", "guide_download", "tips_download"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** One lead row as the app sees it: lists as string arrays, flags as booleans. */
export type Lead = {
  id: string;
  email: string;
  hashed_email: string | null;
  age_bands: string[];
  time_available: string | null;
  children_count: number | null;
  step_completed: number;
  referred_by: string | null;
  ref_code: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referral_count: number;
  email_verified: boolean;
  followed_on_facebook: boolean;
  copied_share_message: boolean;
  copied_ref_link: boolean;
  clicked_roadmap_button: boolean;
  lead_source: LeadSource;
  focus_areas: string[];
  goals: string[];
  biggest_concern: string | null;
  plan_chosen: string | null;
  billing_cycle: BillingCycle | null;
  created_at: string;
  /** The e-mail as duplicates are compared (canonicalEmail); null while the e-mail is the placeholder. */
  normalized_email: string | null;
  /** What an admin should look at twice, e.g. "disposable-domain", "ip-burst", "fast-referrals". */
  risk_flags: string[];
  /** Set once, when the parent confirmed the address (double opt-in); written only by the referral store. */
  confirmed_at: string | null;
  /** 1, 2, 3 ... in the order this table's parents confirmed; written only by the referral store. */
  confirm_seq: number | null;
  /** confirm_seq minus the places credited referrals earned; the place in line ranks by it. */
  place_score: number | null;
};

export type LeadColumn = keyof Lead;

/** Columns only the referral store writes (confirmation and the place in line). */
type ConfirmationColumns = "confirmed_at" | "confirm_seq" | "place_score";

/** Columns the app may write (id is generated; created_at only on create; normalized_email follows email). */
export type LeadPatch = Partial<Omit<Lead, "id" | "created_at" | "normalized_email" | ConfirmationColumns>>;

/**
 * A new lead. Omitted fields take the defaults of SPEC 3.1: email = the pending placeholder,
 * step_completed 1, lead_source main_funnel, empty lists, false flags, referral_count 0,
 * created_at now (it may be given, e.g. for imports and tests).
 */
export type NewLead = LeadPatch & { created_at?: string };

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
const SORTABLE_COLUMNS = [
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
type SortColumn = (typeof SORTABLE_COLUMNS)[number];

type ListFilters = {
  /** Case-insensitive substring of the e-mail. */
  email?: string;
  /** Case-insensitive substring of the e-mail or of the referral code (the admin's one search box). */
  search?: string;
  /** Only these rows (an admin's selection; at most MAX_PAGE_SIZE). */
  ids?: readonly string[];
  lead_source?: LeadSource;
  step_completed?: number;
};

export type ListOptions = {
  sortBy?: SortColumn;
  direction?: "asc" | "desc";
  /** 1-based. */
  page?: number;
  pageSize?: number;
  filters?: ListFilters;
  /** False skips counting the matches (total is then 0): an export reading page after page needs it once. */
  countTotal?: boolean;
};

type ListResult = { rows: Lead[]; total: number };

export type LeadStats = {
  total: number;
  /** Rows with step_completed = 3. */
  completed: number;
  bySource: Record<string, number>;
  /** Rows with a plan chosen, by plan id. */
  byPlan: Record<string, number>;
  /** Credited referrals (the ledger): a code that belongs to no lead, or any other rejected referral, does not count. */
  referrals: number;
  /** Parents who confirmed their address (they have a place in line). */
  confirmed: number;
  /** Leads created since the start of today (UTC) and in the last 7 days. */
  today: number;
  week: number;
  /**
   * Abandoned leads still holding the placeholder e-mail: counted here only, and left out of
   * every other figure (total, completed, sources, plans, confirmed, today, week).
   */
  incomplete: number;
};

/** The two times the stats count from: the start of today (UTC) and 7 days before now. */
export function statsWindows(now: Date): { today: string; week: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { today: today.toISOString(), week: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString() };
}

export type UserRecord = {
  id: string;
  email: string | null;
  name: string | null;
  lead_id: string | null;
  created_at: string;
  updated_at: string;
};

/** SPEC 3.5: upsert on id; lead_id is only written when known, so an existing one is kept. */
export type UserUpsert = { id: string; email: string | null; name: string | null; lead_id?: string | null };

export interface LeadStore {
  create(table: LeadTable, lead: NewLead): Promise<Lead>;
  /**
   * Creates the lead with this id unless a row with it exists already; either way returns the row.
   * `created` tells whether this call wrote it, so a repeated submission writes nothing new.
   */
  createOnce(table: LeadTable, id: string, lead: NewLead): Promise<{ lead: Lead; created: boolean }>;
  /** Returns the updated row, or null when no row has this id. */
  update(table: LeadTable, id: string, patch: LeadPatch): Promise<Lead | null>;
  getById(table: LeadTable, id: string): Promise<Lead | null>;
  /** The row holding this referral code, or null. */
  getByRefCode(table: LeadTable, refCode: string): Promise<Lead | null>;
  /** Other rows (not `exceptId`) whose normalized_email is this one: the same inbox already on the list. */
  countSameInbox(table: LeadTable, normalizedEmail: string, exceptId: string): Promise<number>;
  /** The newest row with this e-mail (compared trimmed and lower-cased), or null. */
  getByEmail(table: LeadTable, email: string): Promise<Lead | null>;
  /** Newest first by created_at unless sortBy says otherwise. */
  list(table: LeadTable, options?: ListOptions): Promise<ListResult>;
  /** True when a row was removed. */
  delete(table: LeadTable, id: string): Promise<boolean>;
  /** Removes these rows in one statement; the ids of the rows that were there (a repeat removes nothing). */
  deleteMany(table: LeadTable, ids: readonly string[]): Promise<string[]>;
  /** Rows whose e-mail is still the pending placeholder, newest first. */
  incomplete(table: LeadTable): Promise<Lead[]>;
  stats(table: LeadTable, now?: Date): Promise<LeadStats>;
  upsertUser(user: UserUpsert): Promise<UserRecord>;
  /** The users record of an auth user id, or null before the account was first saved. */
  getUser(id: string): Promise<UserRecord | null>;
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
export const MAX_PAGE_SIZE = 200;

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
