import { test as base, expect, type BrowserContext } from "@playwright/test";
import { createConfirmedAccount, signInAsRequest, type SignedInAdmin } from "./auth-helpers";
import type { VariantCase } from "./site";

/** The one import of every spec: the servers and their state (./site), the parent's ways through the site (./walks), and `test`. */
export * from "./site";
export * from "./walks";
export * from "./line-lock";

type AdminServer = "main" | "live";

/**
 * Signs a context in as this worker's admin on `server` (the main one unless told) and returns the
 * admin's e-mail: the cookies of one real sign-in, not a walk through the sign-in page.
 */
export type AsAdmin = (context: BrowserContext, server?: AdminServer) => Promise<string>;

// The admin console signs an admin out after ADMIN_IDLE_MINUTES (30) without a request; a context
// starts from the sign-in's cookies, so a sign-in older than this is made again.
const ADMIN_SIGN_IN_TTL_MS = 20 * 60_000;

export const test = base.extend<
  { jsEnabled: boolean; asAdmin: AsAdmin },
  { workerAdmins: (server: AdminServer) => Promise<SignedInAdmin> }
>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // One confirmed admin per worker and server, signed in once through the real sign-in POST. A test
  // that signs out (which ends every session of the account) must sign in an admin of its own.
  workerAdmins: [
    async ({ playwright }, use, workerInfo) => {
      const admins = new Map<AdminServer, { email: string; password: string; session?: SignedInAdmin }>();
      await use(async (server) => {
        let admin = admins.get(server);
        if (!admin) {
          admin = {
            email: `worker-admin-${workerInfo.workerIndex}-${server}-${Date.now()}@example.com`,
            password: "worker-admin-password",
          };
          await createConfirmedAccount(admin.email, admin.password, "admin", server);
          admins.set(server, admin);
        }
        if (!admin.session || Date.now() - admin.session.signedInAt > ADMIN_SIGN_IN_TTL_MS) {
          admin.session = await signInAsRequest(playwright, admin.email, admin.password, server);
        }
        return admin.session;
      });
    },
    { scope: "worker" },
  ],
  asAdmin: async ({ workerAdmins }, use) => {
    await use(async (context, server = "main") => {
      const admin = await workerAdmins(server);
      await context.addCookies(admin.storageState.cookies);
      return admin.email;
    });
  },
});

export { expect };

/**
 * The tag of a flow that runs in several variants: JavaScript on and off in `first`, without
 * JavaScript only in the others. The enhancement is the same code in every variant; what differs
 * per variant (copy, brand, data) is the server's, and a run without JavaScript sees all of it.
 */
export const bothModesIn = (v: VariantCase, first: VariantCase) => (v.key === first.key ? {} : { tag: "@js-off" });
