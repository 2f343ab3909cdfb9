import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requestAuth } from "~/auth/session-auth.server";
import { getRequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { commitSession, getSession, setAuthenticated } from "~/utils/session.server";

/**
 * POST /signout: ends the signed-in session everywhere and goes to sign-in. Everywhere, because a
 * copy of this cookie may be kept in other browsers: local accounts bump the account's session
 * version, Supabase signs out with the global scope (AuthService.signOut). The funnel values
 * (e-mail, plan) stay, so signing in again needs no retyping.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const session = await getSession(request, ctx);
  const auth = requestAuth(request, ctx, session);
  await auth.signOut();
  setAuthenticated(session, false);
  const headers = new Headers(auth.responseHeaders);
  headers.append("Set-Cookie", await commitSession(session, ctx));
  return redirect(linkTo(ctx.variant, "signup", { mode: "signin" }), { headers });
}

/** A GET (a typed or bookmarked URL) changes nothing: it goes to sign-in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  return redirect(linkTo(ctx.variant, "signup", { mode: "signin" }));
}
