/**
 * The admin audit: one row for every change an admin makes in the console, with who made it.
 * The table is the one the safelist and held credits already write (IpSafelistStore); this port
 * writes every other change and reads the whole log a page at a time. Types only, no I/O.
 */

/**
 * One admin change: `action` is "kind.verb" (e.g. "clubs.merge"; the page filters by the kind),
 * `target` the id of what changed ("" when it is many or none), `detail` a short summary with no
 * personal data and never a secret, `variant` the variantKey it was made in ("" for every variant),
 * `actor` the admin's e-mail.
 */
type AuditRecord = { action: string; target: string; detail: string; variant: string; actor: string; at: string };

export type AuditRow = AuditRecord & { id: string };

type AuditPageQuery = {
  /** Only actions of this kind ("clubs" matches "clubs.merge"); null for all. Letters and dashes only. */
  kind: string | null;
  /** 1-based. */
  page: number;
  pageSize: number;
};

export interface AdminAuditStore {
  /** Writes one row. */
  record(entry: AuditRecord): Promise<void>;
  /** The rows of the query, newest first, and how many match in all. */
  page(query: AuditPageQuery): Promise<{ rows: AuditRow[]; total: number }>;
}

/** The kind a query may name: letters and dashes only, so it is safe inside a LIKE pattern. */
export const AUDIT_KIND = /^[a-z-]{1,32}$/;
