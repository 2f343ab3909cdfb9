import type { SignupContent } from "../schemas/signup";
import type { Layer } from "../layers";

/** Only what the tennis edition says differently from content/champion on this page. */
export const signup = {
  confirm: {
    checkEmailDetail: "We sent you a link. Open it on this device to finish creating your {brand} account and start today's drills.",
  },
} satisfies Layer<SignupContent>;
