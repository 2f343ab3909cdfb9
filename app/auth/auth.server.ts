/**
 * Picks the auth adapter for a request: Supabase Auth when the backend has its settings
 * (app/data/backend.server.ts), local D1 accounts otherwise (DESIGN "Ports and adapters").
 */
import { getBackend } from "~/data/backend.server";
import type { RequestContext } from "~/utils/context.server";
import { absoluteLinkTo } from "~/utils/links";
import type { AuthService } from "./auth";
import { signingSecret } from "~/platform/crypto.server";
import { createLocalAuth, type ConfirmationMail, type CurrentUserStore } from "./local-auth.server";
import { createSupabaseAuth } from "./supabase-auth.server";

export type AuthWiring = {
  /** Keeps the local account's user id in the cookie session. */
  currentUser: CurrentUserStore;
  /** Sends the local account's confirmation e-mail through the mailer. */
  sendConfirmation: (mail: ConfirmationMail) => Promise<void>;
};

export function getAuthService(request: Request, ctx: RequestContext, wiring: AuthWiring): AuthService {
  const { env } = ctx;
  const supabase = getBackend(ctx).supabaseAuth;
  if (supabase) {
    return createSupabaseAuth({ url: supabase.url, anonKey: supabase.anonKey, request, isLocal: ctx.isLocal });
  }
  return createLocalAuth({
    db: ctx.bindings.DB,
    secret: signingSecret(env.SESSION_SECRET, ctx.isLocal),
    currentUser: wiring.currentUser,
    sendConfirmation: wiring.sendConfirmation,
  });
}

/**
 * This site's /signup-confirm in the visitor's variant, on the variant's public origin: the link
 * goes out by e-mail, so a forged Host header must never choose where it points.
 */
export function signupConfirmUrl(ctx: Pick<RequestContext, "origin" | "variant">): string {
  return absoluteLinkTo(ctx.origin, ctx.variant, "signup-confirm");
}
