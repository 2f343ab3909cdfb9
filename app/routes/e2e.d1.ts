import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { sha256Hex } from "~/platform/crypto.server";
import { getRequestContext } from "~/utils/context.server";

/**
 * POST /__e2e/d1: the Playwright suite's window onto this server's local D1 (tests/e2e/d1.ts). The
 * tests seed and read rows through the server, so one workerd owns the SQLite file: a second workerd
 * opened on the same file met the server's writes with "database is locked" (SQLite's lock across
 * processes, which local D1 does not wait on). Anything but a POST on a loopback host with the
 * bearer token of E2E_D1_TOKEN, which only scripts/e2e-server.sh sets, is a plain 404.
 */
const body = z.object({ sql: z.array(z.string().min(1)).min(1).max(500) });

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const token = ctx.env.E2E_D1_TOKEN;
  const given = request.headers.get("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1] ?? "";
  // Digests of equal length: the comparison leaks nothing of the token's length or prefix.
  if (!token || !ctx.isLocal || !given || (await sha256Hex(given)) !== (await sha256Hex(token))) return notFound();
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "expected { sql: string[] }" }, { status: 400 });
  const db = ctx.bindings.DB;
  try {
    const results = await db.batch(parsed.data.sql.map((statement) => db.prepare(statement)));
    return Response.json(
      results.map((result) => result.results),
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // The test sees the database's own message (a constraint, a typo in its SQL), as a direct query would.
    return Response.json({ error: String(error) }, { status: 422 });
  }
}

export const loader = notFound;
