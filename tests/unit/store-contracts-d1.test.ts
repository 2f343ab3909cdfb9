import { afterAll } from "vitest";
import { sharedBackend, startD1Backend } from "./helpers/contracts/backends";
import { storeContracts } from "./helpers/contracts/store-contracts";

/**
 * The store contracts against the D1 adapters (the lead store's: d1-lead-store.test.ts), on a real
 * local D1 and again on the node:sqlite stand-in: passing both shows the stand-in answers as D1 does.
 */
const workerd = sharedBackend(() => startD1Backend("workerd"));
const standIn = sharedBackend(() => startD1Backend("sqlite"));
afterAll(() => Promise.all([workerd.dispose(), standIn.dispose()]));

storeContracts("D1 (local miniflare)", workerd.start);
storeContracts("D1 (node:sqlite stand-in)", standIn.start);
