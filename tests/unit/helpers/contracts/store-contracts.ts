import { adminAuditContract } from "./admin-audit-contract";
import { analyticsStoreContract } from "./analytics-store-contract";
import type { ContractBackend } from "./backends";
import { campaignStoreContract } from "./campaign-store-contract";
import { clubStoreContract } from "./clubs-contract";
import { consentStoreContract } from "./consent-store-contract";
import { factStoreContract } from "./fact-store-contract";
import { ipSafelistContract } from "./ip-safelist-contract";
import { leadIpCounterContract } from "./lead-ip-counter-contract";
import { outboxStoreContract } from "./outbox-store-contract";
import { referralStoreContract } from "./referral-store-contract";
import { rewardStoreContract } from "./reward-store-contract";
import { sendPacerContract } from "./send-pacer-contract";
import { suppressionStoreContract } from "./suppression-store-contract";
import { trustStoreContract } from "./trust-store-contract";
import { waveStoreContract } from "./wave-store-contract";
import { webhooksContract } from "./webhooks-contract";

/** Every store contract on one backend, so each backend runs the same ones (the lead store's run in files of their own). */
export function storeContracts(name: string, start: () => Promise<ContractBackend>) {
  referralStoreContract(name, start);
  outboxStoreContract(name, start);
  suppressionStoreContract(name, start);
  trustStoreContract(name, start);
  analyticsStoreContract(name, start);
  consentStoreContract(name, start);
  leadIpCounterContract(name, start);
  ipSafelistContract(name, start);
  adminAuditContract(name, start);
  sendPacerContract(name, start);
  campaignStoreContract(name, start);
  waveStoreContract(name, start);
  rewardStoreContract(name, start);
  clubStoreContract(name, start);
  webhooksContract(name, start);
  factStoreContract(name, start);
}
