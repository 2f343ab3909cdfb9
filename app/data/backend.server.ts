import type { AppEnv } from "~/utils/env.server";
import { createD1AnalyticsStore } from "./d1/analytics-store.server";
import { createD1CampaignStore } from "./d1/campaign-store.server";
import { createD1ClubStore } from "./d1/club-store.server";
import { createD1ConsentStore } from "./d1/consent-store.server";
import { createD1FactStore } from "./d1/fact-store.server";
import { createD1AdminAudit } from "./d1/admin-audit.server";
import { createD1IpSafelist } from "./d1/ip-safelist.server";
import { createD1LeadIpCounter } from "./d1/lead-ip-counter.server";
import { createD1LeadStore } from "./d1/lead-store.server";
import { createD1Outbox } from "./d1/outbox-store.server";
import { createD1ReferralStore } from "./d1/referral-store.server";
import { createD1RewardStore } from "./d1/reward-store.server";
import { createD1SendPacer } from "./d1/send-pacer.server";
import { createD1Suppressions } from "./d1/suppression-store.server";
import { createD1TrustStore } from "./d1/trust-store.server";
import { createD1WaveStore } from "./d1/wave-store.server";
import { createD1WebhookStore } from "./d1/webhook-store.server";
import type { AnalyticsStore } from "./ports/analytics-store";
import type { CampaignStore } from "./ports/campaign-store";
import type { ClubStore } from "./ports/club-store";
import type { ConsentStore } from "./ports/consent-store";
import type { FactStore } from "./ports/fact-store";
import type { AdminAuditStore } from "./ports/admin-audit";
import type { IpSafelistStore } from "./ports/ip-safelist";
import type { LeadIpCounter } from "./ports/lead-ip-counter";
import type { LeadStore } from "./ports/lead-store";
import type { OutboxStore } from "./ports/outbox-store";
import type { ReferralStore } from "./ports/referral-store";
import type { RewardStore } from "./ports/reward-store";
import type { SendPacer } from "./ports/send-pacer";
import type { SuppressionStore } from "./ports/suppression-store";
import type { TrustStore } from "./ports/trust-store";
import type { WaveStore } from "./ports/wave-store";
import type { WebhookStore } from "./ports/webhook-store";
import { createSupabaseAnalyticsStore } from "./supabase/analytics-store.server";
import { createSupabaseCampaignStore } from "./supabase/campaign-store.server";
import { createSupabaseClubStore } from "./supabase/club-store.server";
import { createSupabaseConsentStore } from "./supabase/consent-store.server";
import { createSupabaseFactStore } from "./supabase/fact-store.server";
import { createSupabaseAdminAudit } from "./supabase/admin-audit.server";
import { createSupabaseIpSafelist } from "./supabase/ip-safelist.server";
import { createSupabaseLeadIpCounter } from "./supabase/lead-ip-counter.server";
import { createSupabaseLeadStore } from "./supabase/lead-store.server";
import { createSupabaseOutbox } from "./supabase/outbox-store.server";
import { createSupabaseReferralStore } from "./supabase/referral-store.server";
import { createSupabaseRewardStore } from "./supabase/reward-store.server";
import { createSupabaseSendPacer } from "./supabase/send-pacer.server";
import { createSupabaseSuppressions } from "./supabase/suppression-store.server";
import { createSupabaseTrustStore } from "./supabase/trust-store.server";
import { createSupabaseWaveStore } from "./supabase/wave-store.server";
import { createSupabaseWebhookStore } from "./supabase/webhook-store.server";

/**
 * The one place that chooses the database (docs/decisions/021-data-seam.md): Supabase when
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set (production), otherwise the D1 binding `DB`.
 * Every store the app uses comes from here.
 */
type Backend = {
  readonly leads: LeadStore;
  readonly referrals: ReferralStore;
  readonly analytics: AnalyticsStore;
  readonly outbox: OutboxStore;
  readonly suppressions: SuppressionStore;
  /** What a parent's data download shows and what an erasure removes. */
  readonly trust: TrustStore;
  readonly consent: ConsentStore;
  readonly leadIpCounter: LeadIpCounter;
  /** Safelisted IPs and ranges, and the admin audit (ADR 036). */
  readonly ipSafelist: IpSafelistStore;
  /** Every admin change, with its admin (/admin/audit). */
  readonly adminAudit: AdminAuditStore;
  /** The mail provider's request budget, shared by every sender (ADR 024). */
  readonly sendPacer: SendPacer;
  /** Launch-day announcements and their audience (docs/decisions/026-announcements.md). */
  readonly campaigns: CampaignStore;
  /** Waves of admission and their invites (ADR 025). */
  readonly waves: WaveStore;
  /** Milestone rewards: the ladder, the code pools, the ledger (ADR 035). */
  readonly rewards: RewardStore;
  /** Club pools of the sport brands (ADR 039). */
  readonly clubs: ClubStore;
  /** Webhook endpoints and their deliveries (ADR 038). */
  readonly webhooks: WebhookStore;
  /** Facts and what each handler did with them (ADR 046). */
  readonly facts: FactStore;
  /** Supabase Auth when SUPABASE_URL and SUPABASE_ANON_KEY are set; null for the local D1 accounts. */
  readonly supabaseAuth: { url: string; anonKey: string } | null;
};

export type DataBindings = { DB?: D1Database };

export type BackendContext = {
  env: Pick<AppEnv, "SUPABASE_URL" | "SUPABASE_SERVICE_ROLE_KEY" | "SUPABASE_ANON_KEY">;
  bindings: DataBindings;
};

type Makers = { [K in Exclude<keyof Backend, "supabaseAuth">]: () => Backend[K] };

const cache = new WeakMap<object, Backend>();

/**
 * The backend of this Worker's configuration, one per bindings object, so a store (and its
 * Supabase client) is built once and not per request. Each store is built when first asked for.
 */
export function getBackend(ctx: BackendContext): Backend {
  let backend = cache.get(ctx.bindings);
  if (!backend) {
    backend = createBackend(ctx.env, ctx.bindings);
    cache.set(ctx.bindings, backend);
  }
  return backend;
}

function createBackend(env: BackendContext["env"], bindings: DataBindings): Backend {
  const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, SUPABASE_ANON_KEY: anonKey } = env;
  const supabaseAuth = url && anonKey ? { url, anonKey } : null;
  return once(url && serviceRoleKey ? supabaseStores({ url, serviceRoleKey }) : d1Stores(bindings), supabaseAuth);
}

function supabaseStores(options: { url: string; serviceRoleKey: string }): Makers {
  return {
    leads: () => createSupabaseLeadStore(options),
    referrals: () => createSupabaseReferralStore(options),
    analytics: () => createSupabaseAnalyticsStore(options),
    outbox: () => createSupabaseOutbox(options),
    suppressions: () => createSupabaseSuppressions(options),
    trust: () => createSupabaseTrustStore(options),
    consent: () => createSupabaseConsentStore(options),
    leadIpCounter: () => createSupabaseLeadIpCounter(options),
    ipSafelist: () => createSupabaseIpSafelist(options),
    adminAudit: () => createSupabaseAdminAudit(options),
    sendPacer: () => createSupabaseSendPacer(options),
    campaigns: () => createSupabaseCampaignStore(options),
    waves: () => createSupabaseWaveStore(options),
    facts: () => createSupabaseFactStore(options),
    rewards: () => createSupabaseRewardStore(options),
    clubs: () => createSupabaseClubStore(options),
    webhooks: () => createSupabaseWebhookStore(options),
  };
}

function d1Stores(bindings: DataBindings): Makers {
  const db = (): D1Database => {
    if (!bindings.DB) throw new Error("No database: bind D1 as DB or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.");
    return bindings.DB;
  };
  return {
    leads: () => createD1LeadStore(db()),
    referrals: () => createD1ReferralStore(db()),
    analytics: () => createD1AnalyticsStore(db()),
    outbox: () => createD1Outbox(db()),
    suppressions: () => createD1Suppressions(db()),
    trust: () => createD1TrustStore(db()),
    consent: () => createD1ConsentStore(db()),
    leadIpCounter: () => createD1LeadIpCounter(db()),
    ipSafelist: () => createD1IpSafelist(db()),
    adminAudit: () => createD1AdminAudit(db()),
    sendPacer: () => createD1SendPacer(db()),
    campaigns: () => createD1CampaignStore(db()),
    waves: () => createD1WaveStore(db()),
    facts: () => createD1FactStore(db()),
    rewards: () => createD1RewardStore(db()),
    clubs: () => createD1ClubStore(db()),
    webhooks: () => createD1WebhookStore(db()),
  };
}

/** Each store built on first use and kept. */
function once(makers: Makers, supabaseAuth: Backend["supabaseAuth"]): Backend {
  const backend = { supabaseAuth } as Backend;
  for (const [name, make] of Object.entries(makers) as [keyof Makers, () => unknown][]) {
    let store: unknown;
    Object.defineProperty(backend, name, { enumerable: true, get: () => (store ??= make()) });
  }
  return backend;
}
