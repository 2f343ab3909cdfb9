import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { commitSession, getSession, setVariantValues } from "~/utils/session.server";
import { wavesOf, type InviteLinkState } from "./waves.server";
import { dispatchFact } from "~/facts/facts.server";
import { log } from "~/platform/log.server";

/**
 * /invite?t=…: the page a wave's invite link opens (docs/decisions/025-waves-and-invites.md). The GET
 * shows the invite and stamps its first opening (the launch funnel; never for a known bot); only
 * the button's POST accepts it, once. An accepted invite leads on to account creation: this site's
 * /signup with the invite in the session (an account with the invited address is linked to the
 * lead, ADR 029), or the app's sign-in (INVITE_DESTINATION=app).
 */

type View =
  | { state: "invalid" | "unavailable" }
  | { state: "expired" }
  | { state: "open"; email: string; token: string }
  | { state: "accepted"; token: string };

function viewOf(found: InviteLinkState, token: string | null): View {
  if (found.state === "invalid") return { state: "invalid" };
  if (found.state === "expired") return { state: "expired" };
  if (found.state === "accepted") return { state: "accepted", token: token as string };
  return { state: "open", email: found.lead.email, token: token as string };
}

async function check(ctx: RequestContext, token: string | null, open: boolean) {
  try {
    return await wavesOf(ctx).checkInvite(token, { open });
  } catch (error) {
    log.error("wave.invite_read_failed", {}, error);
    return null;
  }
}

/** The invite's copy for this parent: one who already has an account is asked to sign in (docs/decisions/027-one-standing.md). */
async function copyFor(ctx: RequestContext, found: InviteLinkState) {
  const copy = getPage(ctx.contentKey, "waitlist").invite;
  if (found.state !== "open" && found.state !== "accepted") return copy;
  const hasAccount = await wavesOf(ctx)
    .hasAccount(found.lead)
    .catch(() => false);
  return hasAccount ? { ...copy, text: copy.textSignIn, acceptedText: copy.acceptedTextSignIn } : copy;
}

export async function invitePage(ctx: RequestContext, url: URL) {
  const token = url.searchParams.get("t");
  const found = await check(ctx, token, !ctx.client.bot);
  if (!found) return data({ copy: getPage(ctx.contentKey, "waitlist").invite, view: { state: "unavailable" } as View }, { status: 503 });
  const copy = await copyFor(ctx, found);
  const view = viewOf(found, token);
  const status = view.state === "invalid" ? 400 : view.state === "expired" ? 410 : 200;
  return data({ copy, view }, { status });
}

/** Where an accepted invite goes on to: the sign-in for a parent who already has an account. */
function destination(ctx: RequestContext, hasAccount: boolean): string {
  if (ctx.env.INVITE_DESTINATION === "app") return ctx.env.APP_SIGNIN_URL;
  return linkTo(ctx.variant, "signup", hasAccount ? { mode: "signin" } : undefined);
}

/** The button: `accept` (once), or `continue` from an already accepted invite (another browser). */
export async function inviteAction(ctx: RequestContext, request: Request, form: FormData) {
  const copy = getPage(ctx.contentKey, "waitlist").invite;
  const token = typeof form.get("t") === "string" ? (form.get("t") as string) : null;
  const intent = form.get("intent");
  if (intent !== "accept" && intent !== "continue") return data({ copy, view: { state: "invalid" } as View }, { status: 400 });
  const found = await check(ctx, token, false);
  if (!found) return data({ copy, view: { state: "unavailable" } as View }, { status: 503 });
  if (found.state === "invalid") return data({ copy, view: { state: "invalid" } as View }, { status: 400 });
  const page = linkTo(ctx.variant, "invite", { t: token });
  if (found.state === "expired") throw redirect(page, { status: 303 });
  if (found.state === "open") {
    if (intent !== "accept") throw redirect(page, { status: 303 });
    let accepted: boolean;
    try {
      accepted = await wavesOf(ctx).accept(found.lead.id);
    } catch (error) {
      log.error("wave.invite_accept_failed", { leadId: found.lead.id }, error);
      return data({ copy, view: { state: "unavailable" } as View }, { status: 503 });
    }
    // A parallel press accepted it first: that one goes on; this one shows "already accepted".
    if (!accepted) throw redirect(page, { status: 303 });
    // Its fact was written with it: the webhook event follows from the fact.
    dispatchFact(ctx, `invite.accepted:${ctx.leadTable}:${found.lead.id}`);
  } else if (intent !== "continue") {
    throw redirect(page, { status: 303 });
  }
  const session = await getSession(request, ctx);
  // The sign-up form starts with the parent's address; the invite links the account to their lead
  // only when it is made with that address (submitSignup), so the lead id stays out of the session:
  // whoever holds a forwarded link gets no one else's lead on any page.
  setVariantValues(session, ctx.variant, { userEmail: found.lead.email, inviteToken: token });
  const hasAccount = await wavesOf(ctx)
    .hasAccount(found.lead)
    .catch(() => false);
  throw redirect(destination(ctx, hasAccount), { status: 303, headers: { "Set-Cookie": await commitSession(session, ctx) } });
}
