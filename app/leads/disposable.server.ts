import blocklist from "disposable-email-domains-js/dist/dict/disposable_email_blocklist.json";

/**
 * Disposable-address domains, from the maintained community list (disposable-email-domains,
 * packaged by disposable-email-domains-js; update the package to update the list). Built once per
 * Worker isolate.
 */
const DISPOSABLE = new Set<string>(blocklist as string[]);

/** True when the address's domain, or a parent domain of it, is a known disposable-mail domain. */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split("@").pop() ?? "";
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
