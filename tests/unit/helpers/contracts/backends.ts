import { createD1AnalyticsStore } from "~/data/d1/analytics-store.server";
import type { AnalyticsStore } from "~/data/ports/analytics-store";
import { createSupabaseAnalyticsStore } from "~/data/supabase/analytics-store.server";
import { createD1LeadStore } from "~/data/d1/lead-store.server";
import type { LeadStore } from "~/data/ports/lead-store";
import { createSupabaseLeadStore } from "~/data/supabase/lead-store.server";
import { createD1Outbox } from "~/data/d1/outbox-store.server";
import { createSupabaseOutbox } from "~/data/supabase/outbox-store.server";
import type { OutboxStore } from "~/data/ports/outbox-store";
import { createD1Suppressions } from "~/data/d1/suppression-store.server";
import type { SuppressionStore } from "~/data/ports/suppression-store";
import { createSupabaseSuppressions } from "~/data/supabase/suppression-store.server";
import { createD1ReferralStore } from "~/data/d1/referral-store.server";
import type { ReferralStore } from "~/data/ports/referral-store";
import { createSupabaseReferralStore } from "~/data/supabase/referral-store.server";
import { createD1TrustStore } from "~/data/d1/trust-store.server";
import { createSupabaseTrustStore } from "~/data/supabase/trust-store.server";
import type { TrustStore } from "~/data/ports/trust-store";
import { createD1ConsentStore } from "~/data/d1/consent-store.server";
import type { ConsentRecord, ConsentStore } from "~/data/ports/consent-store";
import { createSupabaseConsentStore } from "~/data/supabase/consent-store.server";
import { createD1LeadIpCounter } from "~/data/d1/lead-ip-counter.server";
import { createD1AdminAudit } from "~/data/d1/admin-audit.server";
import { createD1IpSafelist } from "~/data/d1/ip-safelist.server";
import type { AdminAuditStore } from "~/data/ports/admin-audit";
import type { IpSafelistStore } from "~/data/ports/ip-safelist";
import { createSupabaseAdminAudit } from "~/data/supabase/admin-audit.server";
import { createSupabaseIpSafelist } from "~/data/supabase/ip-safelist.server";
import type { LeadIpCounter } from "~/data/ports/lead-ip-counter";
import { createSupabaseLeadIpCounter } from "~/data/supabase/lead-ip-counter.server";
import { createD1SendPacer } from "~/data/d1/send-pacer.server";
import type { SendPacer } from "~/data/ports/send-pacer";
import { createSupabaseSendPacer } from "~/data/supabase/send-pacer.server";
import { createD1CampaignStore } from "~/data/d1/campaign-store.server";
import type { CampaignStore } from "~/data/ports/campaign-store";
import { createSupabaseCampaignStore } from "~/data/supabase/campaign-store.server";
import { createD1WaveStore } from "~/data/d1/wave-store.server";
import type { WaveStore } from "~/data/ports/wave-store";
import { createSupabaseWaveStore } from "~/data/supabase/wave-store.server";
import { createD1RewardStore } from "~/data/d1/reward-store.server";
import type { RewardStore } from "~/data/ports/reward-store";
import { createSupabaseRewardStore } from "~/data/supabase/reward-store.server";
import { createD1ClubStore } from "~/data/d1/club-store.server";
import type { ClubStore } from "~/data/ports/club-store";
import { createSupabaseClubStore } from "~/data/supabase/club-store.server";
import { createD1WebhookStore } from "~/data/d1/webhook-store.server";
import { createD1FactStore } from "~/data/d1/fact-store.server";
import type { FactStore } from "~/data/ports/fact-store";
import { createSupabaseFactStore } from "~/data/supabase/fact-store.server";
import type { WebhookStore } from "~/data/ports/webhook-store";
import { createSupabaseWebhookStore } from "~/data/supabase/webhook-store.server";
import { startLocalD1 } from "../local-d1";
import { startPgliteRest } from "../pglite-postgrest";

/**
 * Every store of one backend, for the store contracts: the D1 adapters on a local D1, or the
 * Supabase adapters through supabase-js on the PGlite PostgREST stand-in.
 */
export type ContractBackend = {
  leads: LeadStore;
  referrals: ReferralStore;
  analytics: AnalyticsStore;
  outbox: OutboxStore;
  suppressions: SuppressionStore;
  trust: TrustStore;
  consent: ConsentStore;
  leadIpCounter: LeadIpCounter;
  ipSafelist: IpSafelistStore;
  adminAudit: AdminAuditStore;
  sendPacer: SendPacer;
  campaigns: CampaignStore;
  waves: WaveStore;
  rewards: RewardStore;
  clubs: ClubStore;
  webhooks: WebhookStore;
  facts: FactStore;
  /** A sign-in account for the address (local accounts on D1, Supabase Auth's auth.users on Supabase); its id. */
  addAccount: (email: string) => Promise<string>;
  /** Rows of the erasure log. */
  erasureLogCount: () => Promise<number>;
  /** The consent_records rows, oldest first, with created_at as an ISO string. */
  consentRows: () => Promise<ConsentRecord[]>;
  /** Empties every table. */
  reset: () => Promise<void>;
  dispose: () => Promise<void>;
};

const CONSENT_COLUMNS = "id, variant, choice, policy_version, ip_hash, created_at";

/** The D1 adapters on a real local D1 (workerd) or on the node:sqlite stand-in the other unit tests use. */
export async function startD1Backend(engine: "workerd" | "sqlite"): Promise<ContractBackend> {
  const local = await startLocalD1({ engine });
  const db = local.db;
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    )
    .all<{ name: string }>();
  const tables = results.map((row) => row.name);
  return {
    leads: createD1LeadStore(db),
    referrals: createD1ReferralStore(db),
    analytics: createD1AnalyticsStore(db),
    outbox: createD1Outbox(db),
    suppressions: createD1Suppressions(db),
    trust: createD1TrustStore(db),
    consent: createD1ConsentStore(db),
    leadIpCounter: createD1LeadIpCounter(db),
    ipSafelist: createD1IpSafelist(db),
    adminAudit: createD1AdminAudit(db),
    sendPacer: createD1SendPacer(db),
    campaigns: createD1CampaignStore(db),
    waves: createD1WaveStore(db),
    rewards: createD1RewardStore(db),
    clubs: createD1ClubStore(db),
    webhooks: createD1WebhookStore(db),
    facts: createD1FactStore(db),
    async addAccount(email) {
      const id = crypto.randomUUID();
      await db
        .prepare(
          "INSERT INTO accounts (id, email, password_hash, password_salt, password_iterations) VALUES (?, ?, 'SECRET-HASH', 'SECRET-SALT', 1)",
        )
        .bind(id, email.toLowerCase())
        .run();
      return id;
    },
    async erasureLogCount() {
      return Number((await db.prepare("SELECT COUNT(*) AS n FROM erasure_log").first<{ n: number }>())?.n ?? 0);
    },
    async consentRows() {
      return (await db.prepare(`SELECT ${CONSENT_COLUMNS} FROM consent_records ORDER BY created_at`).all<ConsentRecord>()).results;
    },
    async reset() {
      // Children before parents: account_tokens refers to accounts, wave_members to waves.
      const child = (table: string) =>
        Number(
          table === "account_tokens" ||
            table === "wave_members" ||
            table === "reward_codes" ||
            table === "rewards_earned" ||
            table === "club_contacts" ||
            table === "club_members" ||
            table === "fact_handlings",
        );
      const ordered = [...tables].sort((a, b) => child(b) - child(a));
      await db.batch(ordered.map((table) => db.prepare(`DELETE FROM "${table}"`)));
    },
    dispose: local.dispose,
  };
}

export async function startSupabaseBackend(): Promise<ContractBackend> {
  const rest = await startPgliteRest();
  const options = { url: rest.url, serviceRoleKey: rest.serviceRoleKey, fetch: rest.fetch };
  return {
    leads: createSupabaseLeadStore(options),
    referrals: createSupabaseReferralStore(options),
    analytics: createSupabaseAnalyticsStore(options),
    outbox: createSupabaseOutbox(options),
    suppressions: createSupabaseSuppressions(options),
    trust: createSupabaseTrustStore(options),
    consent: createSupabaseConsentStore(options),
    leadIpCounter: createSupabaseLeadIpCounter(options),
    ipSafelist: createSupabaseIpSafelist(options),
    adminAudit: createSupabaseAdminAudit(options),
    sendPacer: createSupabaseSendPacer(options),
    campaigns: createSupabaseCampaignStore(options),
    waves: createSupabaseWaveStore(options),
    rewards: createSupabaseRewardStore(options),
    clubs: createSupabaseClubStore(options),
    webhooks: createSupabaseWebhookStore(options),
    facts: createSupabaseFactStore(options),
    async addAccount(email) {
      const { rows } = await rest.db.query<{ id: string }>(
        "insert into auth.users (email, encrypted_password) values ($1, 'SECRET-HASH') returning id",
        [email],
      );
      return rows[0].id;
    },
    async erasureLogCount() {
      return (await rest.db.query<{ n: number }>("select count(*)::int as n from public.erasure_log")).rows[0].n;
    },
    async consentRows() {
      const { rows } = await rest.db.query<ConsentRecord & { created_at: Date }>(
        `select ${CONSENT_COLUMNS} from public.consent_records order by created_at`,
      );
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
    reset: rest.reset,
    dispose: rest.close,
  };
}

/** One backend for every contract of a test file: started on first use, disposed once by the file. */
export function sharedBackend(start: () => Promise<ContractBackend>) {
  let backend: Promise<ContractBackend> | undefined;
  return {
    start: async (): Promise<ContractBackend> => ({ ...(await (backend ??= start())), dispose: async () => {} }),
    dispose: async () => (await backend)?.dispose(),
  };
}
