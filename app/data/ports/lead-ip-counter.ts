/**
 * Counters of new leads per client IP and time window (migrations/0007_lead_ip_counts.sql), keyed
 * by a salted hash of the address, never the address.
 */
export type CounterWindow = {
  /** The window's name, e.g. `b:{ten-minute slot}` or `d:{YYYY-MM-DD}`. */
  bucket: string;
  /** When the window's counter may go (ISO time). */
  expiresAt: string;
};

export interface LeadIpCounter {
  /**
   * Adds one to each window's counter of `ipHash` at once and answers the new counts, in the order
   * given; counters expired before `now` are deleted on the way (the Supabase adapter goes by the
   * database's clock).
   */
  count(ipHash: string, windows: CounterWindow[], now: Date): Promise<number[]>;
  /**
   * Like count, but adds one only when `member` (a hashed e-mail address) is new in the window:
   * the limits count distinct addresses, so a family sending one address again is counted once (ADR 036).
   */
  countMember(ipHash: string, member: string, windows: CounterWindow[], now: Date): Promise<number[]>;
}
