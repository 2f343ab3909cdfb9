import { afterAll } from "vitest";
import { sharedBackend, startD1Backend } from "./helpers/contracts/backends";
import { storeContracts } from "./helpers/contracts/store-contracts";

/** The store contracts against the D1 adapters on a local D1 (the lead store's: d1-lead-store.test.ts). */
const backend = sharedBackend(startD1Backend);
afterAll(() => backend.dispose());

storeContracts("D1 (local miniflare)", backend.start);
