/**
 * The per-IP limit on new leads counts in fixed ten-minute windows on the clock
 * (app/leads/lead-ip-limit.server.ts), so 21 leads sent across a window's end are counted in two.
 * Runs `attempts` until one run starts and ends in the same window, so all of its leads were counted
 * together; each run must use an address of its own. No waiting: a run is repeated only when a
 * window turned during it.
 */
const LEAD_WINDOW_MS = 10 * 60 * 1000;

export async function inOneLeadWindow<T>(attempts: () => Promise<T>): Promise<T> {
  for (;;) {
    const window = Math.floor(Date.now() / LEAD_WINDOW_MS);
    const result = await attempts();
    if (Math.floor(Date.now() / LEAD_WINDOW_MS) === window) return result;
  }
}
