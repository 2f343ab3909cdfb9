import { signup as general } from "../genius/signup";
import type { SignupContent } from "../schemas/signup";

/** The SPEC 2.9 screen copy is the same in every edition; the tennis edition words its hints for players. */
export const signup: SignupContent = {
  ...general,
  assessment: { ...general.assessment, prompt: "Not sure where your player should start?" },
  confirm: {
    ...general.confirm,
    checkEmailDetail: "We sent you a link. Open it on this device to finish creating your {brand} account and start today's drills.",
  },
};
