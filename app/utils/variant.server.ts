import type { AppEnv } from "./env.server";
import { sportLandingPath } from "./links";
import { routePath } from "./route-path";
import { GENIUS, type Variant } from "./variant";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

type HostLists = Pick<AppEnv, "GENIUS_HOSTS" | "CHAMPION_HOSTS"> & Partial<Pick<AppEnv, "PREVIEW_MODE">>;

/**
 * A host where the query chooses the variant and links and mail stay on the request's own origin:
 * loopback, and with PREVIEW_MODE=on any host outside the two configured lists (a preview's
 * workers.dev host serves all three variants). Unlike isLocalHost it grants nothing else: no
 * development secret, no plain-http cookies.
 */
function choosesVariantByQuery(url: URL, env: HostLists): boolean {
  const host = url.hostname.toLowerCase();
  if (isLocalHost(host)) return true;
  return env.PREVIEW_MODE === "on" && !env.GENIUS_HOSTS.includes(host) && !env.CHAMPION_HOSTS.includes(host);
}

/**
 * Resolves the variant of a request (SPEC 2.1):
 * - loopback hosts (and a preview's own host): ?domain=champion&sport=X gives champion/X, anything else genius;
 * - champion hosts: the sport named in the path (/tennis...), else ?sport=, else icehockey;
 * - genius hosts and any other host: genius.
 */
export function resolveVariant(url: URL, env: HostLists): Variant {
  const host = url.hostname.toLowerCase();
  const sportParam = url.searchParams.get("sport")?.trim().toLowerCase();

  if (choosesVariantByQuery(url, env)) {
    const domain = url.searchParams.get("domain")?.trim().toLowerCase();
    if (domain === "champion" && sportParam) return { domain: "champion", sport: sportParam };
    return GENIUS;
  }
  if (env.GENIUS_HOSTS.includes(host)) return GENIUS;
  if (env.CHAMPION_HOSTS.includes(host)) {
    const path = url.pathname.toLowerCase();
    if (path.includes("tennis")) return { domain: "champion", sport: "tennis" };
    if (path.includes("icehockey")) return { domain: "champion", sport: "icehockey" };
    return { domain: "champion", sport: sportParam || "icehockey" };
  }
  return GENIUS;
}

/**
 * The origin links in e-mails and share messages point to: on loopback the request's own origin
 * (local runs and tests), and on a preview its own host, so its mail never leads to production;
 * elsewhere https:// and the first configured host of the variant's site. A forged Host header
 * therefore never reaches a link production sends.
 */
export function publicOrigin(url: URL, variant: Variant, env: HostLists): string {
  if (choosesVariantByQuery(url, env)) return url.origin;
  const hosts = variant.domain === "champion" ? env.CHAMPION_HOSTS : env.GENIUS_HOSTS;
  return hosts[0] ? `https://${hosts[0]}` : url.origin;
}

/** The champion site, where each sport edition's landing page is published under its own path. */
export function usesSportPaths(url: URL, env: Pick<AppEnv, "CHAMPION_HOSTS">): boolean {
  return env.CHAMPION_HOSTS.includes(url.hostname.toLowerCase());
}

/**
 * Whether the request is a sport edition's landing page (/tennis, /icehockey) in that edition: on
 * the champion site the path names the edition; on loopback the parameters must name it too. A
 * genius host's /tennis stays an unknown path.
 */
export function isSportLanding(url: URL, variant: Variant): boolean {
  const path = sportLandingPath(variant);
  return path !== null && routePath(url.pathname) === path;
}
