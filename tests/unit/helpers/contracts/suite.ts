import { afterAll, beforeAll, beforeEach, describe } from "vitest";

/** What a contract runs on: emptied before each test, disposed after the last. */
export type ContractHarness = {
  reset: () => Promise<void>;
  dispose: () => Promise<void>;
};

/**
 * A contract's suite: starts the harness once, empties it before each test and disposes of it at
 * the end. `body` declares the tests, which reach the started harness through `harness()`.
 */
export function contractSuite<H extends ContractHarness>(title: string, start: () => Promise<H>, body: (harness: () => H) => void) {
  describe(title, () => {
    let started: H | undefined;
    const harness = () => {
      if (!started) throw new Error(`${title}: the harness did not start`);
      return started;
    };
    beforeAll(async () => {
      started = await start();
    });
    afterAll(async () => {
      await started?.dispose();
    });
    beforeEach(async () => {
      await harness().reset();
    });
    body(harness);
  });
}
