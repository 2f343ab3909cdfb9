import { log } from "~/platform/log.server";
/**
 * Supabase Auth: the production auth adapter, used when Supabase is configured with an anon key.
 * `@supabase/ssr` keeps the session in cookies: read from the request's Cookie header, written as
 * Set-Cookie headers on our response. The browser never talks to Supabase and never holds a key;
 * the cookies are HttpOnly because only this server reads them.
 *
 * Confirmation e-mails: Supabase's default "Confirm signup" link verifies and then returns to our
 * emailRedirectTo with ?code= (PKCE; works in the browser that signed up). A template that links
 * straight to the redirect URL with `token_hash={{ .TokenHash }}&type=email` added works on any
 * device. confirm() completes either one on the server.
 */
import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import type { EmailOtpType, SupabaseClient, User } from "@supabase/supabase-js";
import {
  GENERIC_AUTH_ERROR,
  INVALID_CONFIRMATION_LINK,
  normalizeEmail,
  toRole,
  type AuthService,
  type AuthUser,
  type ConfirmResult,
  type ExistingAccount,
  type SignInInput,
  type SignInResult,
  type SignOutScope,
  type SignUpInput,
  type SignUpResult,
} from "./auth";
import { sha256Hex } from "~/platform/crypto.server";

export type SupabaseAuthOptions = {
  url: string;
  anonKey: string;
  request: Request;
  /** Plain-HTTP loopback in development: cookies cannot be Secure there. */
  isLocal: boolean;
  /** Injected in tests to see the calls at the HTTP boundary. */
  fetch?: typeof fetch;
};

const OTP_TYPES: readonly EmailOtpType[] = ["signup", "invite", "magiclink", "recovery", "email_change", "email"];

function toUser(user: User): AuthUser {
  const name = user.user_metadata?.name;
  return {
    id: user.id,
    email: user.email ?? "",
    name: typeof name === "string" && name ? name : null,
    role: toRole(user.app_metadata?.role),
    emailConfirmed: Boolean(user.email_confirmed_at ?? user.confirmed_at),
  };
}

/**
 * Auth never opens a Realtime socket. Handing supabase-js a transport that refuses keeps it from
 * demanding a global WebSocket when it runs on Node 20 (Vite dev, Vitest); workerd is unaffected.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error("Realtime is not used by the auth adapter.");
  }
}

const messageOf = (error: { message?: string } | null | undefined) => error?.message?.trim() || GENERIC_AUTH_ERROR;

/** Supabase's answer for a taken address when e-mail confirmation is off. */
const isAlreadyRegistered = (error: { code?: string; message?: string }) =>
  error.code === "user_already_exists" || /already registered/i.test(error.message ?? "");

/**
 * The account behind an address that is taken. With the anon key Supabase does not give its id
 * (the user it returns then is a decoy), so the key is a hash of the address: one per account all the same.
 */
async function existingAccount(email: string): Promise<ExistingAccount> {
  return { key: `email-${(await sha256Hex(email)).slice(0, 32)}`, email };
}

export function createSupabaseAuth(options: SupabaseAuthOptions): AuthService {
  const responseHeaders = new Headers();
  let client: SupabaseClient | undefined;

  // Made on first use, so a request that never touches auth costs nothing.
  const supabase = () =>
    (client ??= createServerClient(options.url, options.anonKey, {
      cookies: {
        getAll: () =>
          parseCookieHeader(options.request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
            name,
            value: value ?? "",
          })),
        setAll: (cookies, headers) => {
          for (const { name, value, options: cookieOptions } of cookies) {
            responseHeaders.append("Set-Cookie", serializeCookieHeader(name, value, cookieOptions));
          }
          // Cache-Control etc.: a response that sets auth cookies must not be cached.
          for (const [key, value] of Object.entries(headers ?? {})) responseHeaders.set(key, value);
        },
      },
      cookieOptions: { httpOnly: true, secure: !options.isLocal, sameSite: "lax", path: "/" },
      global: options.fetch ? { fetch: options.fetch } : undefined,
      realtime: { transport: NoRealtimeSocket as never },
    }));

  return {
    kind: "supabase",
    responseHeaders,

    async signUp(input: SignUpInput): Promise<SignUpResult> {
      const name = input.name.trim();
      const email = normalizeEmail(input.email);
      const { data, error } = await supabase().auth.signUp({
        email,
        password: input.password,
        options: {
          emailRedirectTo: input.redirectTo,
          data: { plan: input.plan ?? null, lead_id: input.leadId ?? null, name },
        },
      });
      if (error && isAlreadyRegistered(error)) return { ok: true, existingAccount: await existingAccount(email) };
      if (error || !data.user) return { ok: false, message: messageOf(error) };
      // With e-mail confirmation on, a taken (confirmed) address gets a decoy user without identities
      // and Supabase sends nothing: the route mails the owner.
      if (Array.isArray(data.user.identities) && data.user.identities.length === 0) {
        return { ok: true, existingAccount: await existingAccount(email) };
      }
      return { ok: true, userId: data.user.id, needsConfirmation: !data.session };
    },

    async signIn(input: SignInInput): Promise<SignInResult> {
      const { data, error } = await supabase().auth.signInWithPassword({
        email: normalizeEmail(input.email),
        password: input.password,
      });
      // Supabase answers "Invalid login credentials" for an unknown e-mail and a wrong password alike.
      if (error || !data.user) return { ok: false, message: messageOf(error) };
      return { ok: true, user: toUser(data.user) };
    },

    async getUser(): Promise<AuthUser | null> {
      // getUser() asks the Auth server to check the access token; getSession() would trust the cookie.
      const { data, error } = await supabase().auth.getUser();
      if (error || !data.user) return null;
      return toUser(data.user);
    },

    async confirm(params: URLSearchParams): Promise<ConfirmResult> {
      const tokenHash = params.get("token_hash");
      const type = params.get("type") as EmailOtpType | null;
      const code = params.get("code");
      if (tokenHash && type && OTP_TYPES.includes(type)) {
        const { data, error } = await supabase().auth.verifyOtp({ token_hash: tokenHash, type });
        if (error || !data.user) return { ok: false, message: messageOf(error) };
        return { ok: true, user: toUser(data.user) };
      }
      if (code) {
        const { data, error } = await supabase().auth.exchangeCodeForSession(code);
        if (error || !data.user) return { ok: false, message: messageOf(error) };
        return { ok: true, user: toUser(data.user) };
      }
      // Supabase sends failed links back with ?error_description=...
      return { ok: false, message: params.get("error_description") || INVALID_CONFIRMATION_LINK };
    },

    async signOut(scope: SignOutScope = "everywhere"): Promise<void> {
      // "global" revokes every refresh token and session of the user on the Auth server; getUser()
      // asks that server, so an access token captured before then is refused at once
      // (session_not_found) instead of living on until it expires.
      const { error } = await supabase().auth.signOut({ scope: scope === "everywhere" ? "global" : "local" });
      if (!error) return;
      // Supabase could not be reached: still end the session here by expiring its cookies.
      log.error("auth.sign_out_failed", { provider: "supabase" }, error);
      for (const { name } of parseCookieHeader(options.request.headers.get("Cookie") ?? "")) {
        if (name.startsWith("sb-")) {
          responseHeaders.append(
            "Set-Cookie",
            serializeCookieHeader(name, "", { path: "/", maxAge: 0, httpOnly: true, secure: !options.isLocal, sameSite: "lax" }),
          );
        }
      }
    },
  };
}
