/**
 * The provider's request budget shared by every sender (migrations/0015_mail_queue.sql): queue
 * consumers in any isolate, the cron, and the single sends. Times are epoch milliseconds.
 * `granted`: this caller owns the slot starting at `at`. Not granted: no slot starts by the caller's
 * `latest`; `at` is when the next one is free (the end of a 429's pause, or a long booking).
 */
type SlotGrant = { granted: boolean; at: number };

export interface SendPacer {
  /**
   * Takes the next free request slot of `key` (slots `intervalMs` apart), unless it would start after
   * `latest`; parallel callers never get the same slot.
   */
  reserve(key: string, now: number, intervalMs: number, latest: number): Promise<SlotGrant>;
  /** No slot of `key` starts before `until` (a 429's Retry-After); never moves it earlier. */
  pauseUntil(key: string, until: number): Promise<void>;
}
