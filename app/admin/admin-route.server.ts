import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import { log } from "~/platform/log.server";
import { getRequestContext, oncePerRequest } from "~/utils/context.server";
import { addToast, takeToasts } from "~/utils/session.server";
import { adminHeaders, adminRefusal, refusalAsText, requireAdmin } from "./admin.server";
import type { AdminRefusal } from "./refusal";

/**
 * How a failed read answers: a 503 with `message` (default: the admin copy's fetchFailed). With
 * `refusal`, it is an AdminRefusal the error boundary renders under that title with that way back;
 * without, the site's error page.
 */
export type ReadFailure = { message?: string; refusal?: Pick<AdminRefusal, "title" | "link"> };

/**
 * The preamble of every admin loader and action in one call: the request context, the guard
 * (requireAdmin, once per request: a visitor it refuses gets the thrown refusal; with refusalAs
 * "text", a resource route's, as its plain-text message), the admin copy, and the answers that
 * carry the admin headers (never indexed or cached, the session committed so the idle clock moves
 * on and taken or added toasts stick). A route then parses, calls and responds.
 */
export async function adminRoute(
  { request, context }: { request: Request; context: AppLoadContext },
  options: { refusalAs?: "text" } = {},
) {
  const ctx = getRequestContext(request, context);
  // Once per request: the layout's loader, the page's and a post's action share the admin (and its
  // session), so each page asks the auth service (a round trip with Supabase Auth) once.
  const guarded = oncePerRequest(context, "admin", () => requireAdmin(request, ctx));
  const access = await (options.refusalAs === "text" ? guarded.catch(refusalAsText) : guarded);
  const copy = getPage(ctx.contentKey, "admin");
  const headers = () => adminHeaders(access, ctx);

  return {
    ctx,
    access,
    copy,
    headers,
    /** `load`, or on its failure the 503 with the admin headers, logged as admin.read_failed with `what` (e.g. "leads"). */
    async read<T>(what: string, load: () => Promise<T>, failure: ReadFailure = {}): Promise<T> {
      try {
        return await load();
      } catch (error) {
        log.error("admin.read_failed", { what }, error);
        const message = failure.message ?? copy.messages.fetchFailed;
        if (failure.refusal) throw adminRefusal({ status: 503, message, ...failure.refusal }, await headers());
        throw data({ message }, { status: 503, headers: await headers() });
      }
    },
    /** The session's flash toasts, taken: call it once the page's reads succeeded, so a failed read keeps them. */
    takeToasts: () => takeToasts(access.session),
    /** A success toast for the next page this admin sees. */
    toast(message: string) {
      addToast(access.session, { type: "success", message });
    },
    /** `payload` as the loader's or action's data; headers in `init` are set over the admin ones. */
    async respond<T>(payload: T, init: ResponseInit = {}) {
      return data(payload, { ...init, headers: withAdminHeaders(await headers(), init.headers) });
    },
    async redirect(url: string, status?: number) {
      return redirect(url, { status, headers: await headers() });
    },
    /** A resource route's plain-text answer. */
    async text(message: string, status: number) {
      const answer = await headers();
      answer.set("Content-Type", "text/plain; charset=utf-8");
      return new Response(message, { status, headers: answer });
    },
  };
}

export type AdminRoute = Awaited<ReturnType<typeof adminRoute>>;

function withAdminHeaders(admin: Headers, extra: HeadersInit | undefined): Headers {
  new Headers(extra).forEach((value, key) => admin.set(key, value));
  return admin;
}
