// The rules of PREVIEW_MAIL_ALLOW, shared by the Worker's env parsing (app/utils/env.server.ts) and
// the deploy doctor (scripts/lib/doctor-checks.mjs), so a value the doctor passes never stops the
// Worker, and neither lets a preview mail real parents. Plain JavaScript: the doctor runs in Node.

/**
 * Second levels under a country code that are registries, not a site (co.uk, com.au…): a domain
 * there needs one more label to belong to someone.
 */
const SECOND_LEVEL_SUFFIXES = new Set(["ac", "co", "com", "edu", "gov", "net", "or", "org", "ne"]);

/**
 * Free-mail providers where parents have their inboxes: an @domain entry for one of them would let
 * a preview mail every parent there. A short list of the large ones (parents of our markets among
 * them), not every provider in the world: a team's own domain is what belongs on the list.
 */
const FREE_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "rocketmail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "tutanota.com",
  "tuta.io",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "mail.com",
  "email.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "web.de",
  "t-online.de",
  "freenet.de",
  "seznam.cz",
  "email.cz",
  "centrum.cz",
  "post.cz",
  "atlas.cz",
  "volny.cz",
  "azet.sk",
  "wp.pl",
  "o2.pl",
  "interia.pl",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "libero.it",
  "qq.com",
  "163.com",
  "naver.com",
]);

/** Providers whose free mail runs under many country domains (gmx.de, gmx.at, yahoo.co.uk, hotmail.fr…). */
const FREE_MAIL_NAMES = new Set(["gmail", "googlemail", "gmx", "yahoo", "hotmail", "outlook", "live", "aol", "yandex"]);

/** A full address or an "@domain" of DNS labels. */
const ENTRY = /^(?:[^\s@,*]+@|@)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** The fix every refusal names. */
const FIX = "list the testers' own addresses (name@domain) or your team's domain (@your-company.com)";

/**
 * The registrable domain of a host: the label just above its public suffix with that suffix
 * (www.aiparenting.com → aiparenting.com, shop.example.co.uk → example.co.uk); null for a public
 * suffix itself (com, uk, co.uk) or a single label.
 * @param {string} host
 * @returns {string | null}
 */
export function registrableDomain(host) {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const last = labels.length - 1;
  const suffix = labels[last].length === 2 && last >= 1 && SECOND_LEVEL_SUFFIXES.has(labels[last - 1]) ? 2 : 1;
  return labels.length > suffix ? labels.slice(-(suffix + 1)).join(".") : null;
}

/**
 * True for a free-mail provider's domain or a subdomain of one.
 * @param {string} domain
 */
function isFreeMailDomain(domain) {
  const registrable = registrableDomain(domain);
  return registrable !== null && (FREE_MAIL_DOMAINS.has(registrable) || FREE_MAIL_NAMES.has(registrable.split(".")[0]));
}

/**
 * What is wrong with one PREVIEW_MAIL_ALLOW entry (trimmed, lower-cased), as "entry X …: fix", or
 * null when it is a safe address or @domain. A full address at a free-mail provider is fine (one
 * tester's inbox); an @domain must be a registrable domain of its own, not a free-mail provider's.
 * @param {string} entry
 * @returns {string | null}
 */
export function allowEntryProblem(entry) {
  if (entry.includes("*") || entry === "@") return `entry ${entry} lets a preview mail anyone (no wildcards): ${FIX}`;
  if (!ENTRY.test(entry)) return `entry ${entry} is neither an address nor an @domain: ${FIX}`;
  const domain = entry.slice(entry.lastIndexOf("@") + 1);
  if (!registrableDomain(domain)) {
    return `entry ${entry} is a public suffix, not a domain of its own, and lets a preview mail anyone under it: ${FIX}`;
  }
  if (entry.startsWith("@") && isFreeMailDomain(domain)) {
    return `entry ${entry} is a free-mail provider and lets a preview mail every parent there: ${FIX}`;
  }
  return null;
}
