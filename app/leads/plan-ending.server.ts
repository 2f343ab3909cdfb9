import type { Plan } from "#content/schemas/plans";
import type { AppEnv } from "~/utils/env.server";

/** Where choosing a plan on /plans leads: account creation, or the waitlist (/confirm). */
export type PlanEnding = "signup" | "waitlist";

/**
 * SPEC 2.7, 4.1: a plan leads to /signup. SPEC 4.6: the in-preparation top tier of the sport editions
 * reads 'Join Waitlist' and puts the parent on the waitlist. `LAUNCH_MODE=waitlist` sends every plan
 * to the waitlist, so no button there promises a trial that does not start.
 */
export function planEnding(env: Pick<AppEnv, "LAUNCH_MODE">, plan: Pick<Plan, "status">): PlanEnding {
  return env.LAUNCH_MODE === "waitlist" || plan.status === "in-preparation" ? "waitlist" : "signup";
}
