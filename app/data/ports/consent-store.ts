/**
 * Proof of consent (migrations/0013_consent_records.sql): each choice made in the cookie banner is
 * kept with the variant, the privacy policy's version and a hash of the IP address salted with the
 * signing secret and the day, so records of one day can be told apart while records of different
 * days cannot be linked, and the address itself is never kept.
 */
export type ConsentRecord = {
  id: string;
  variant: string;
  /** The banner's answer (the advertising pixel allowed or not). */
  choice: "granted" | "denied";
  policy_version: string;
  ip_hash: string;
  created_at: string;
};

export interface ConsentStore {
  /** Writes the record unless one with its id exists: a choice sent twice is kept as the first one. */
  add(record: ConsentRecord): Promise<void>;
  /** Deletes the records created before `before` (an ISO time); answers how many went. */
  deleteBefore(before: string): Promise<number>;
}
