import { afterAll } from "vitest";
import { sharedBackend, startSupabaseBackend } from "./helpers/contracts/backends";
import { analyticsStoreContract } from "./helpers/contracts/analytics-store-contract";
import { outboxStoreContract } from "./helpers/contracts/outbox-store-contract";
import { referralStoreContract } from "./helpers/contracts/referral-store-contract";
import { suppressionStoreContract } from "./helpers/contracts/suppression-store-contract";
import { trustStoreContract } from "./helpers/contracts/trust-store-contract";

/**
 * The store contracts against the Supabase adapters: supabase-js over the PGlite PostgREST stand-in,
 * with every supabase/migrations file applied (the lead store's: supabase-lead-store-contract.test.ts).
 */
const backend = sharedBackend(startSupabaseBackend);
afterAll(() => backend.dispose());

const NAME = "Supabase (supabase-js on PGlite PostgREST)";
referralStoreContract(NAME, backend.start);
outboxStoreContract(NAME, backend.start);
suppressionStoreContract(NAME, backend.start);
trustStoreContract(NAME, backend.start);
analyticsStoreContract(NAME, backend.start);
