import { signup as genius } from "../genius/signup";
import { mergeLayers } from "../layers";
import type { SignupContent } from "../schemas/signup";

/** The genius sign-up screen (its copy is the same in every edition) with the champion editions' hint for players. */
export const signup = mergeLayers<SignupContent>(genius, {
  assessment: { prompt: "Not sure where your player should start?" },
});
