import type { LeadTable } from "./lead-store";

/**
 * Club pools of the sport brands (docs/decisions/039-clubs.md). One port, two adapters: D1
 * (migrations/0022_clubs.sql) and Supabase (supabase/migrations/20250901000025_clubs.sql).
 * Types only, no I/O. Times are ISO-8601 strings.
 */

export type ClubTable = Exclude<LeadTable, "leads">;
type ClubStatus = "pending" | "approved" | "rejected" | "merged";

export type Club = {
  id: string;
  lead_table: ClubTable;
  variant: string;
  slug: string;
  name: string;
  city: string;
  sport: string;
  status: ClubStatus;
  merged_into: string | null;
  /** Confirmed families that admit the club together; null: none set. */
  milestone: number | null;
  milestone_reached_at: string | null;
  /** The first confirmation of any of its contacts. */
  confirmed_at: string | null;
  created_at: string;
  /** The club whose name this registration repeats: pending until an admin keeps it apart, merges or rejects it. */
  duplicate_of: string | null;
};

export type ClubContact = { club_id: string; email: string; confirmed_at: string | null; created_at: string };

/** A club with its figures: all members, the families it counts (ADR 039) and members not confirmed yet. */
export type ClubSummary = Club & { members: number; families: number; unconfirmed: number };

export type NewClub = Omit<Club, "status" | "merged_into" | "milestone" | "milestone_reached_at" | "confirmed_at" | "duplicate_of"> & {
  duplicate_of?: string | null;
};

export interface ClubStore {
  /**
   * Writes the club once per (table, slug) with the address as its first (unconfirmed) contact, in
   * one transaction. When the slug is taken it writes nothing and answers the club under it with
   * `created: false`; `contact` tells whether the address is one of that club's contacts (a double
   * click, the same coach again). Another address never becomes a contact by registering a name.
   */
  register(club: NewClub, contactEmail: string): Promise<{ created: boolean; contact: boolean; club: Club }>;
  get(id: string): Promise<Club | null>;
  bySlug(table: ClubTable, slug: string): Promise<Club | null>;
  /** Confirms the contact once (true the first time); the club's confirmed_at is its first confirmation. */
  confirmContact(clubId: string, email: string, at: string): Promise<boolean>;
  contacts(clubId: string): Promise<ClubContact[]>;
  /** The clubs an address is a contact of, with its contact row. */
  contactOf(email: string): Promise<{ club: Club; contact: ClubContact }[]>;
  /** Deletes one contact row. */
  removeContact(clubId: string, email: string): Promise<void>;
  /** Deletes the club; its members simply lose the membership. */
  remove(clubId: string): Promise<void>;
  /** Changes the status only from one of `from`; true when it changed. */
  setStatus(id: string, status: Exclude<ClubStatus, "merged">, from: readonly ClubStatus[]): Promise<boolean>;
  /** Sets the milestone (null: none) and forgets a reached mark, so a new milestone is reached anew. */
  setMilestone(id: string, milestone: number | null): Promise<void>;
  /**
   * Marks the milestone reached once; true the first time. The call that marks it writes the fact
   * `club.milestone:{table}:{club}` (the club's id, its milestone and `families`) with the mark; a
   * milestone reached again after a new one was set has its fact already (the same id).
   */
  markMilestoneReached(id: string, at: string, families: number): Promise<boolean>;
  /** Every club of the table with its figures, oldest first. */
  summaries(table: ClubTable): Promise<ClubSummary[]>;
  /** Makes the lead a member unless it is one already (of any club); true when it joined now. */
  join(table: ClubTable, leadId: string, clubId: string, at: string): Promise<boolean>;
  /** The club the lead is a member of. */
  membershipOf(table: ClubTable, leadId: string): Promise<{ club: Club; joined_at: string } | null>;
  /** Ends the lead's membership (erasure). */
  leave(table: ClubTable, leadId: string): Promise<void>;
  /** Every member of the club, counted or not, oldest join first; at most `limit`. */
  members(clubId: string, limit: number): Promise<{ lead_id: string; joined_at: string }[]>;
  /** The members the club counts (ADR 039), oldest join first: the first of each inbox. */
  countedMembers(clubId: string): Promise<string[]>;
  /** `countedMembers` of a table's clubs at once, by club id (every club asked for has an entry). */
  countedMembersOfMany(table: ClubTable, clubIds: readonly string[]): Promise<Record<string, string[]>>;
  /**
   * Moves the members and contacts of `from` into `into` (same table) and marks `from` merged, in
   * one transaction, pointing the clubs merged into `from` before at `into`; false, writing nothing,
   * when either is missing or merged, or they differ in table.
   */
  merge(from: string, into: string): Promise<boolean>;
}
