import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach, describe, expect, it } from "vitest";
import { getPage } from "#content/index";
import { action } from "~/routes/admin/safelist";
import { testContext } from "./helpers/context";
import { emptyTables, useLocalD1 } from "./helpers/local-d1";
import { signedIn } from "./helpers/signed-in";

/**
 * /admin/safelist (ADR 036): a range wider than /16 (IPv4) or /32 (IPv6) is refused with its message
 * and a 400, writing nothing; a range the page accepts is first answered with how many addresses it
 * covers, and saved (with its audit entry) only by the confirming POST.
 */

const PAGE = "http://127.0.0.1:8846/admin/safelist";
const copy = getPage("genius", "admin").referrals.safelist;

const d1 = useLocalD1();
beforeEach(async () => {
  await emptyTables(d1.db, ["ip_safelist", "admin_audit"]);
});

async function post(cookie: string, fields: Record<string, string>) {
  const request = new Request(PAGE, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = await action({ request, context: testContext(PAGE, d1.bindings).load, params: {} } as ActionFunctionArgs).catch(
    (thrown: unknown) => thrown,
  );
  if (result instanceof Response) return { status: result.status, data: null };
  const { data, init } = result as unknown as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: init?.status ?? 200, data };
}

const written = async () => ({
  safelist: (await d1.db.prepare("SELECT cidr FROM ip_safelist").all<{ cidr: string }>()).results.map((row) => row.cidr),
  audit: (await d1.db.prepare("SELECT action, detail FROM admin_audit").all<{ action: string; detail: string }>()).results,
});

describe("/admin/safelist", () => {
  it("refuses the whole internet and any range wider than /16 or /32 with a 400, writing nothing", async () => {
    const { cookie } = await signedIn(d1, PAGE, "admin");
    for (const cidr of ["0.0.0.0/0", "::/0", "1.2.3.4/0", "10.0.0.0/15", "2001:db8::/31", "::ffff:0.0.0.0/96", "::/32"]) {
      for (const confirmed of [{}, { confirmed: "yes" }] as Record<string, string>[]) {
        const answer = await post(cookie, { intent: "add", cidr, note: "everyone", ...confirmed });
        expect(answer, cidr).toMatchObject({ status: 400, data: { error: copy.tooBroad } });
      }
    }
    expect(await post(cookie, { intent: "add", cidr: "school" })).toMatchObject({ status: 400, data: { error: copy.invalid } });
    expect(await written()).toEqual({ safelist: [], audit: [] });
  });

  it("shows how many addresses a range covers and saves it only when confirmed, once, with its audit entry", async () => {
    const { cookie } = await signedIn(d1, PAGE, "admin");
    const asked = await post(cookie, { intent: "add", cidr: "192.0.2.0/24", note: "School" });
    expect(asked).toMatchObject({ status: 200, data: { confirmAdd: { cidr: "192.0.2.0/24", note: "School", count: "256" } } });
    expect(await written()).toEqual({ safelist: [], audit: [] });

    expect((await post(cookie, { intent: "add", cidr: "192.0.2.0/24", note: "School", confirmed: "yes" })).status).toBe(303);
    expect((await post(cookie, { intent: "add", cidr: "192.0.2.0/24", note: "School", confirmed: "yes" })).status).toBe(303);
    expect(await written()).toEqual({ safelist: ["192.0.2.0/24"], audit: [{ action: "safelist.add", detail: "192.0.2.0/24" }] });

    // The narrowest ranges allowed, and one address.
    expect((await post(cookie, { intent: "add", cidr: "10.1.0.0/16" })).data).toMatchObject({ confirmAdd: { count: "65,536" } });
    expect((await post(cookie, { intent: "add", cidr: "2001:db8::/32" })).data).toMatchObject({
      confirmAdd: { count: "79,228,162,514,264,337,593,543,950,336" },
    });
    expect((await post(cookie, { intent: "add", cidr: "198.51.100.7" })).data).toMatchObject({ confirmAdd: { count: "1" } });
  });
});
