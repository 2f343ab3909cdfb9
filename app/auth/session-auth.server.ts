import type { RequestContext } from "~/utils/context.server";
import type { AppSession } from "~/utils/session.server";
import type { AuthService } from "./auth";
import { getAuthService } from "./auth.server";
import type { ConfirmationMail, CurrentUserStore } from "./local-auth.server";

/**
 * The local account and its session version live in the cookie session; commit the session after
 * a change. A cookie without a version (written before versions existed) is not signed in: it
 * could never be revoked.
 */
function sessionUserStore(session: AppSession): CurrentUserStore {
  return {
    async get() {
      const userId = session.get("userId");
      const sessionVersion = session.get("sessionVersion");
      if (typeof userId !== "string" || !userId) return null;
      if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
      return { userId, sessionVersion };
    },
    async set({ userId, sessionVersion }) {
      session.set("userId", userId);
      session.set("sessionVersion", sessionVersion);
    },
    async clear() {
      session.unset("userId");
      session.unset("sessionVersion");
    },
  };
}

/** Starts or restarts the admin idle clock (app/admin/admin.server.ts) at `at`. */
export function markActive(session: AppSession, at: Date): void {
  session.set("activeAt", at.getTime());
}

/** When this sign-in last did something that counts as activity, or null when unknown. */
export function lastActiveAt(session: AppSession): number | null {
  const at = session.get("activeAt");
  return typeof at === "number" && Number.isFinite(at) ? at : null;
}

async function noConfirmationMailer(mail: ConfirmationMail): Promise<void> {
  throw new Error(`No confirmation mailer wired for ${mail.to}`);
}

/**
 * The auth service for a request, wired to the cookie session. Pages that sign up pass the
 * mailer-backed `sendConfirmation`; pages that only read the user (admin guard) need not.
 * With either adapter a sign-in (password or confirmation link) starts the idle clock, and a
 * sign-out stops it; `now` is replaceable in tests.
 */
export function requestAuth(
  request: Request,
  ctx: RequestContext,
  session: AppSession,
  sendConfirmation: (mail: ConfirmationMail) => Promise<void> = noConfirmationMailer,
  now: () => Date = () => new Date(),
): AuthService {
  const service = getAuthService(request, ctx, { currentUser: sessionUserStore(session), sendConfirmation });
  return {
    ...service,
    async signIn(input) {
      const result = await service.signIn(input);
      if (result.ok) markActive(session, now());
      return result;
    },
    async confirm(params) {
      const result = await service.confirm(params);
      if (result.ok) markActive(session, now());
      return result;
    },
    async signOut(scope) {
      await service.signOut(scope);
      session.unset("activeAt");
    },
  };
}
