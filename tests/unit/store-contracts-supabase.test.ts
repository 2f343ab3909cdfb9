import { afterAll } from "vitest";
import { sharedBackend, startSupabaseBackend } from "./helpers/contracts/backends";
import { storeContracts } from "./helpers/contracts/store-contracts";

/**
 * The store contracts against the Supabase adapters: supabase-js over the PGlite PostgREST stand-in,
 * with every supabase/migrations file applied (the lead store's: supabase-lead-store-contract.test.ts).
 */
const backend = sharedBackend(startSupabaseBackend);
afterAll(() => backend.dispose());

storeContracts("Supabase (supabase-js on PGlite PostgREST)", backend.start);
