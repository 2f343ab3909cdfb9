/**
 * Addresses we must not mail (migrations/0010_suppressions.sql). Only a one-way hash of an address
 * is kept, so the list can hold an erased parent without holding who they were.
 * - `all`: no mail of any kind (an erasure, a hard bounce, a spam complaint);
 * - `marketing`: no follow-ups or notices (an unsubscribe); confirmation links and the guide or
 *   tips still go out, since the parent asks for each of them (ADR 029).
 */
export type SuppressionScope = "all" | "marketing";
export type SuppressionReason = "unsubscribe" | "bounce" | "complaint" | "erasure";

export type Suppression = { scope: SuppressionScope; reason: SuppressionReason; created_at: string };

export interface SuppressionStore {
  /** Adds the hash under `scope`; adding it again keeps the first entry. */
  add(emailHash: string, scope: SuppressionScope, reason: SuppressionReason, at: string): Promise<void>;
  /** The hash's entries, at most one per scope. */
  entriesOf(emailHash: string): Promise<Suppression[]>;
  /** The entries of many hashes in one read (at most 100): each hash that has any, with them; the others are absent. */
  entriesOfMany(emailHashes: readonly string[]): Promise<Record<string, Suppression[]>>;
}
