import { describe, expect, it } from "vitest";
import { pixelAllowed } from "~/consent/consent";
import { QA_PAGE_PATHS } from "~/qa/qa.server";
import { routeTable } from "./helpers/route-table";

const routes = routeTable();
/**
 * Leads, its CSV, edit, delete, a parent's data and its export, referrals, held credits' review, the IP
 * safelist, analytics, the mail that needs a human, the launch announcement, waves, rewards and its CSV, clubs and
 * its CSV, webhooks, the audit of admin changes.
 */
const ADMIN_ROUTES = 19;
const isStaffRoute = (r: { path: string; id: string }) =>
  r.path.startsWith("/admin") || r.path.startsWith("/dev/") || (QA_PAGE_PATHS as readonly string[]).includes(r.path);
/** Pages of a parent's signed link: the token in the URL must not reach the advertiser. */
const isSignedLinkRoute = (r: { path: string }) =>
  r.path === "/verify-email" ||
  r.path === "/status" ||
  r.path === "/invite" ||
  r.path.startsWith("/my-data") ||
  r.path === "/clubs/confirm";

describe("where the advertising pixel may load (consent granted)", () => {
  it("knows the route table", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter(isStaffRoute).length).toBe(QA_PAGE_PATHS.length + ADMIN_ROUTES + 2);
    expect(routes.filter(isSignedLinkRoute)).toHaveLength(6);
  });

  it("never on an admin, dev or QA route, by path or by route id", () => {
    for (const route of routes.filter(isStaffRoute)) {
      const path = route.path.replace(":id", "1234");
      expect(pixelAllowed(path, ["root", route.id]), `${route.path}`).toBe(false);
      // The route id alone decides too (a path the rule did not foresee that still matched the route).
      expect(pixelAllowed("/something-else", ["root", route.id]), route.id).toBe(false);
    }
  });

  it("never on the pages of a parent's signed link", () => {
    for (const route of routes.filter(isSignedLinkRoute)) {
      expect(pixelAllowed(`${route.path}?t=abc.def`, ["root", route.id]), route.path).toBe(false);
    }
  });

  it("on every public page", () => {
    for (const route of routes.filter((r) => !isStaffRoute(r) && !isSignedLinkRoute(r) && !r.path.includes("*"))) {
      expect(pixelAllowed(route.path, ["root", route.id]), route.path).toBe(true);
    }
    expect(pixelAllowed("/no-such-page", ["root", "routes/not-found"])).toBe(true);
  });

  it.each([
    "/admin",
    "/admin/",
    "/ADMIN/leads",
    "/admin/leads/",
    "/%61dmin/leads",
    "/admin/leads.csv",
    "/admin/launch",
    "/admin/leads/abc/edit.data",
    "/administrator",
    "/dev/outbox",
    "/dev/outbox.json",
    "/Dev/Outbox",
    "/dev/outbox.data",
    "/test-urls",
    "/TEST-URLS/",
    "/test%2Durls",
    "//test-urls",
    "/test-email-templates",
    "/simple-test.data",
    "/my-data",
    "/My-Data/",
    "/my%2Ddata.data",
    "/my-data/download",
  ])("never on %s, whatever its spelling", (path) => {
    expect(pixelAllowed(path, ["root", "routes/not-found"])).toBe(false);
  });
});
