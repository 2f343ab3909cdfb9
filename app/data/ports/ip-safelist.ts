/**
 * The IP safelist and the admin audit (docs/decisions/036-holds-and-fairness.md): addresses and
 * ranges an admin trusts (a school, a club, an office), whose parents are neither limited nor held,
 * and the log of what admins changed. Types only, no I/O.
 */

export type SafelistEntry = { id: string; cidr: string; note: string; added_by: string; added_at: string };

/** One admin change: what (e.g. "safelist.add"), about what (no personal data), who, when. */
export type AuditEntry = { id: string; action: string; detail: string; actor: string; at: string };

export interface IpSafelistStore {
  /** Every entry, oldest first. */
  list(): Promise<SafelistEntry[]>;
  /** Adds a range with its audit entry; null when it is listed already (nothing written). */
  add(entry: { cidr: string; note: string; actor: string; at: string }): Promise<SafelistEntry | null>;
  /** Removes an entry with its audit entry; null when there was none (nothing written). */
  remove(id: string, actor: string, at: string): Promise<SafelistEntry | null>;
  /** Writes one audit entry (decisions on held credits). */
  audit(entry: Omit<AuditEntry, "id">): Promise<void>;
  /** The newest audit entries first. */
  auditLog(limit: number): Promise<AuditEntry[]>;
}
