import { afterAll } from "vitest";
import { sharedBackend, startD1Backend } from "./helpers/contracts/backends";
import { analyticsStoreContract } from "./helpers/contracts/analytics-store-contract";
import { outboxStoreContract } from "./helpers/contracts/outbox-store-contract";
import { referralStoreContract } from "./helpers/contracts/referral-store-contract";
import { suppressionStoreContract } from "./helpers/contracts/suppression-store-contract";
import { trustStoreContract } from "./helpers/contracts/trust-store-contract";

/** The store contracts against the D1 adapters on a local D1 (the lead store's: d1-lead-store.test.ts). */
const backend = sharedBackend(startD1Backend);
afterAll(() => backend.dispose());

const NAME = "D1 (local miniflare)";
referralStoreContract(NAME, backend.start);
outboxStoreContract(NAME, backend.start);
suppressionStoreContract(NAME, backend.start);
trustStoreContract(NAME, backend.start);
analyticsStoreContract(NAME, backend.start);
