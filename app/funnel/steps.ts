/** The main funnel has three steps: children, then focus, goals and concern, then the e-mail. */
export const TOTAL_STEPS = 3;
export type Step = 1 | 2 | 3;

/** One child on step 1: an age band and the time available. */
export type ChildEntry = { ageBand: string; time: string };

/** Step 1 lists at most this many children. */
export const MAX_CHILDREN = 10;

export function parseStep(value: unknown): Step {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}
