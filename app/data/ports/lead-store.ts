import type { BILLING_CYCLES, LEAD_SOURCES, SORTABLE_COLUMNS } from "~/data/lead-model";
import type { LeadTable } from "~/utils/variant";

/**
 * The lead store port (SPEC 3.1, 3.5, 7.1). One interface, two adapters:
 * D1 (`app/data/d1/lead-store.server.ts`, embedded default) and Supabase (`app/data/supabase/lead-store.server.ts`).
 * Types only, no I/O; the columns, defaults and rules both adapters share: app/data/lead-model.ts.
 */

export type { LeadTable };

export type LeadSource = (typeof LEAD_SOURCES)[number];

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
  /** Only rows with an address: not the pending placeholder of a form left before its e-mail step (what the stats count). */
  entered?: boolean;
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
  /** The rows with these ids in one read (a wave's candidates); absent ids are left out, in no particular order. */
  getByIds(table: LeadTable, ids: readonly string[]): Promise<Lead[]>;
  /** The row holding this referral code, or null. */
  getByRefCode(table: LeadTable, refCode: string): Promise<Lead | null>;
  /** Other rows (not `exceptId`) whose normalized_email is this one: the same inbox already on the list. */
  countSameInbox(table: LeadTable, normalizedEmail: string, exceptId: string): Promise<number>;
  /** The newest row with this e-mail (compared trimmed and lower-cased), or null. */
  getByEmail(table: LeadTable, email: string): Promise<Lead | null>;
  /** Newest first by created_at unless sortBy says otherwise. */
  list(table: LeadTable, options?: ListOptions): Promise<ListResult>;
  /**
   * An admin's delete of one entry: true when a row was removed. That call writes the fact
   * `lead.erased:{table}:{id}` (the id only) with it.
   */
  delete(table: LeadTable, id: string, at: string): Promise<boolean>;
  /** Removes these rows in one statement; the ids of the rows that were there (a repeat removes nothing). */
  deleteMany(table: LeadTable, ids: readonly string[]): Promise<string[]>;
  /** Rows whose e-mail is still the pending placeholder, newest first. */
  incomplete(table: LeadTable): Promise<Lead[]>;
  stats(table: LeadTable, now?: Date): Promise<LeadStats>;
  upsertUser(user: UserUpsert): Promise<UserRecord>;
  /** The users record of an auth user id, or null before the account was first saved. */
  getUser(id: string): Promise<UserRecord | null>;
  /** Whether an account exists for this lead: a users record linked to it, or one with its address (trimmed, lower-cased). */
  hasAccount(leadId: string, email: string): Promise<boolean>;
  /** `hasAccount` for many leads in one read: the ids of those with an account. */
  withAccounts(leads: readonly { id: string; email: string }[]): Promise<string[]>;
}
