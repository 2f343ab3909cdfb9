/**
 * The local Rate Limiting binding counts in fixed windows that all restart on the minute. Runs
 * `attempts` until one run starts and ends in the same minute, so all of its calls were counted in
 * one window; each run must use keys (IPs, e-mails) of its own. No waiting: a run is repeated only
 * when a minute turned during it.
 */
export async function inOneWindow<T>(attempts: () => Promise<T>): Promise<T> {
  for (;;) {
    const window = Math.floor(Date.now() / 60_000);
    const result = await attempts();
    if (Math.floor(Date.now() / 60_000) === window) return result;
  }
}
