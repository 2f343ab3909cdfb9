import { test as base, expect } from "@playwright/test";

/** The one import of every spec: the servers and their state (./site), the parent's ways through the site (./walks), and `test`. */
export * from "./site";
export * from "./walks";
export * from "./line-lock";

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };
