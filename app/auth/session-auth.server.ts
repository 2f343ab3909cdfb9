import type { RequestContext } from "~/utils/context.server";
import type { AppSession } from "~/utils/session.server";
import type { AuthService } from "./auth";
import { getAuthService } from "./auth.server";
import type { ConfirmationMail, CurrentUserStore } from "./local-auth.server";

/** The local account's user id lives in the cookie session; commit the session after a change. */
export function sessionUserStore(session: AppSession): CurrentUserStore {
  return {
    async getUserId() {
      const id = session.get("userId");
      return typeof id === "string" && id ? id : null;
    },
    async setUserId(userId) {
      session.set("userId", userId);
    },
    async clear() {
      session.unset("userId");
    },
  };
}

async function noConfirmationMailer(mail: ConfirmationMail): Promise<void> {
  throw new Error(`No confirmation mailer wired for ${mail.to}`);
}

/**
 * The auth service for a request, wired to the cookie session. Pages that sign up pass the
 * mailer-backed `sendConfirmation`; pages that only read the user (admin guard) need not.
 */
export function requestAuth(
  request: Request,
  ctx: RequestContext,
  session: AppSession,
  sendConfirmation: (mail: ConfirmationMail) => Promise<void> = noConfirmationMailer,
): AuthService {
  return getAuthService(request, ctx, { currentUser: sessionUserStore(session), sendConfirmation });
}
