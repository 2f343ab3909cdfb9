import { z } from "zod";
import { parseIpList } from "./ip-list";
import { allowEntryProblem } from "./mail-allow-list.mjs";

/** Thrown when the Worker's configuration is unusable; the message says what to fix. */
export class ConfigError extends Error {
  name = "ConfigError";
}

const hostList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));

/** A whole number from a string var; empty counts as unset (the default applies). */
const count = (fallback: number, max: number) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(0).max(max).default(fallback));

/** Comma-separated IPs or CIDR ranges; each entry must parse (app/utils/ip-list.ts). */
const ipList = z
  .string()
  .default("")
  .superRefine((value, ctx) => {
    try {
      parseIpList(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  });

/**
 * Comma-separated addresses and @domains, lower-cased; an entry that is neither, or that would let a
 * preview mail real parents (a wildcard, a public suffix, a free-mail provider's domain), is refused
 * with its fix by the rule the deploy doctor applies too (mail-allow-list.mjs).
 */
const mailAllowList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .superRefine((entries, ctx) => {
    for (const entry of entries) {
      const problem = allowEntryProblem(entry);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
  });

const envSchema = z
  .object({
    GENIUS_HOSTS: hostList,
    CHAMPION_HOSTS: hostList,
    APP_SIGNIN_URL: z.string().url().default("https://app.aiparenting.example/login"),
    // live (SPEC 2.7, 4.1): a plan leads to /signup; waitlist: every plan leads to the waitlist (/confirm).
    LAUNCH_MODE: z.enum(["waitlist", "live"]).default("live"),
    // Where an accepted wave invite leads (docs/decisions/025-waves-and-invites.md): "signup", this
    // site's /signup (the account is linked to the lead); "app", APP_SIGNIN_URL, where the product is
    // live elsewhere.
    INVITE_DESTINATION: z.enum(["signup", "app"]).default("signup"),
    QA_PAGES: z.enum(["on", "off"]).default("on"),
    // A Worker Preview for QA: noindex everywhere, a ribbon, the variant from ?domain=&sport= on its
    // own host, the outbox viewer for admins, and mail only to PREVIEW_MAIL_ALLOW.
    PREVIEW_MODE: z.enum(["on", "off"]).default("off"),
    // With PREVIEW_MODE=on: the recipients whose mail reaches the provider; empty = nobody's.
    PREVIEW_MAIL_ALLOW: mailAllowList,
    MAIL_TRANSPORT: z.enum(["outbox", "resend"]).default("outbox"),
    MAIL_FROM: z.string().min(3).default("AI Parenting <no-reply@aiparenting.example>"),
    RESEND_API_KEY: optionalString,
    RESEND_API_URL: z.string().url().default("https://api.resend.com"),
    // Resend's rate limit for the team, when Resend has raised it above its default; the retry cron paces to it.
    RESEND_MAX_PER_SECOND: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().positive().max(1000).optional()),
    EMAIL_API_TOKEN: optionalString,
    // The Playwright suite's bearer token for POST /__e2e/d1 on a loopback host (scripts/e2e-server.sh
    // sets it). Unset everywhere else: the route is then a 404, and the doctor refuses it on a deploy.
    E2E_D1_TOKEN: optionalString,
    // Webhook endpoints on a loopback address (http://127.0.0.1:PORT), added from a loopback host:
    // for the e2e suite's receiver and local development only (ADR 038). The doctor refuses it on a deploy.
    WEBHOOK_LOOPBACK: z.enum(["on", "off"]).default("off"),
    // Seconds before a fact's failed reaction is tried again (ADR 046). The e2e servers shorten it so a
    // test sees a retry without waiting; 30 elsewhere.
    FACT_RETRY_SECONDS: count(30, 3600),
    // Resend's webhook signing secret ("whsec_" + base64, from the Resend dashboard) for
    // POST /webhooks/resend (bounces and complaints feed the suppression list). Unset: the endpoint
    // answers 503 to every call.
    RESEND_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/, "must be Resend's signing secret, whsec_ followed by base64")
        .optional(),
    ),
    SESSION_SECRET: optionalString,
    SUPABASE_URL: optionalString.pipe(z.string().url().optional()),
    SUPABASE_SERVICE_ROLE_KEY: optionalString,
    SUPABASE_ANON_KEY: optionalString,
    // Days an unconfirmed lead is kept before the cron deletes it (double opt-in never completed).
    UNCONFIRMED_RETENTION_DAYS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().int().min(1).max(3650).default(30),
    ),
    // Retention (the cron): placeholder leads a visitor never completed, sent e-mails' bodies (their
    // status rows stay), analytics events and consent records. The privacy policy states these same values.
    PLACEHOLDER_RETENTION_DAYS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().int().min(1).max(3650).default(7),
    ),
    OUTBOX_BODY_RETENTION_DAYS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().int().min(1).max(3650).default(30),
    ),
    ANALYTICS_RETENTION_MONTHS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().int().min(1).max(120).default(13),
    ),
    CONSENT_RETENTION_MONTHS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number().int().min(1).max(120).default(36),
    ),
    // The data controller, named in the privacy policy, the terms, the footer and every e-mail.
    CONTROLLER_NAME: z.string().trim().min(1).default("AI Parenting s.r.o."),
    CONTROLLER_ADDRESS: z.string().trim().min(1).default("Na Příkopě 1, 110 00 Prague 1, Czech Republic"),
    CONTROLLER_EMAIL: z.string().trim().email().default("privacy@aiparenting.example"),
    // Digits only: the id is written into an inline script.
    PIXEL_ID_GENIUS: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,20}$/, "must be the pixel's numeric id")
        .optional(),
    ),
    PIXEL_ID_CHAMPION: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,20}$/, "must be the pixel's numeric id")
        .optional(),
    ),
    // Bots on the public forms (docs/decisions/011-bot-guard.md).
    FORM_MIN_FILL_MS: count(3000, 600_000),
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    LEAD_IP_BURST_LIMIT: count(20, 1_000_000),
    LEAD_IP_DAILY_LIMIT: count(200, 10_000_000),
    LEAD_IP_FLAG_AFTER: count(5, 1_000_000),
    LEAD_IP_ALLOWLIST: ipList,
  })
  .superRefine((env, ctx) => {
    if (env.MAIL_TRANSPORT === "resend" && !env.RESEND_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["RESEND_API_KEY"],
        message: "is required when MAIL_TRANSPORT=resend",
      });
    }
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.TURNSTILE_SITE_KEY ? "TURNSTILE_SECRET_KEY" : "TURNSTILE_SITE_KEY"],
        message: "Turnstile needs both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY (or neither)",
      });
    }
    if (env.SUPABASE_URL && !env.SUPABASE_SERVICE_ROLE_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPABASE_SERVICE_ROLE_KEY"],
        message: "is required when SUPABASE_URL is set",
      });
    }
  });

export type AppEnv = z.infer<typeof envSchema>;

declare global {
  /**
   * Settings read above that are not in wrangler.toml, so `wrangler types` cannot see them: secrets
   * (.dev.vars locally, `wrangler secret put` in production) and optional overrides. Merged into the
   * generated `Env` (worker-configuration.d.ts); optional because each may be unset.
   */
  interface Env {
    RESEND_API_KEY?: string;
    PREVIEW_MAIL_ALLOW?: string;
    RESEND_API_URL?: string;
    EMAIL_API_TOKEN?: string;
    RESEND_WEBHOOK_SECRET?: string;
    SESSION_SECRET?: string;
    SUPABASE_URL?: string;
    SUPABASE_SERVICE_ROLE_KEY?: string;
    SUPABASE_ANON_KEY?: string;
    FORM_MIN_FILL_MS?: string;
    TURNSTILE_SITE_KEY?: string;
    TURNSTILE_SECRET_KEY?: string;
    LEAD_IP_BURST_LIMIT?: string;
    LEAD_IP_DAILY_LIMIT?: string;
    LEAD_IP_FLAG_AFTER?: string;
    LEAD_IP_ALLOWLIST?: string;
    PLACEHOLDER_RETENTION_DAYS?: string;
    OUTBOX_BODY_RETENTION_DAYS?: string;
    ANALYTICS_RETENTION_MONTHS?: string;
    CONSENT_RETENTION_MONTHS?: string;
  }
}

const cache = new WeakMap<object, AppEnv>();

/** Parses the Worker's bindings once per env object; throws ConfigError with every problem listed. */
export function parseEnv(raw: object): AppEnv {
  const cached = cache.get(raw);
  if (cached) return cached;
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${problems}. See .dev.vars.example and README.md.`);
  }
  cache.set(raw, result.data);
  return result.data;
}
