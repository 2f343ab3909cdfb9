import { matchRoutes } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { acceptsCrossOriginPost } from "~/platform/request-guard.server";
import { isUnder, routePath } from "~/utils/route-path";

/** A few of the app's routes, nested under the root layout as the route table does. */
const routes: Parameters<typeof matchRoutes>[0] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "admin-leads", path: "admin/leads" },
      { id: "unsubscribe", path: "unsubscribe" },
      { id: "not-found", path: "*" },
    ],
  },
];

const routeOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;

describe("routePath", () => {
  it.each([
    ["/", "/"],
    ["/Admin/Leads/", "/admin/leads"],
    ["/admin/leads///", "/admin/leads"],
    ["/admin/leads.data", "/admin/leads"],
    ["/_root.data", "/"],
    ["/%61dmin/leads", "/admin/leads"],
    ["/bad%escape", "/bad%escape"],
    ["//admin/leads", "/admin/leads"],
    ["/admin//leads", "/admin/leads"],
  ])("%s is %s", (pathname, expected) => {
    expect(routePath(pathname)).toBe(expected);
  });

  it("names the route the router matches whenever the router matches one", () => {
    for (const pathname of ["/admin/leads", "/ADMIN/leads/", "/unsubscribe//", "/%61dmin/leads"]) {
      expect(routeOf(routePath(pathname)), pathname).toBe(routeOf(pathname));
    }
  });

  it("counts a repeated slash as one, though the router sends that spelling to the not-found page", () => {
    expect(routeOf("//admin/leads")).toBe("not-found");
    expect(routeOf(routePath("//admin/leads"))).toBe("admin-leads");
  });

  it("is the path the request guard keys its rules by", () => {
    expect(acceptsCrossOriginPost(new URL("https://x.test/Unsubscribe/"))).toBe(true);
    expect(acceptsCrossOriginPost(new URL("https://x.test//unsubscribe"))).toBe(true);
  });

  it("isUnder: the prefix itself or below it", () => {
    expect(isUnder("/admin", "/admin")).toBe(true);
    expect(isUnder("/admin/leads", "/admin")).toBe(true);
    expect(isUnder("/administrator", "/admin")).toBe(false);
  });
});
