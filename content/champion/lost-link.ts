import { lostLink as genius } from "../genius/lost-link";
import { mergeLayers } from "../layers";
import type { LostLinkContent } from "../schemas/lost-link";

/** The genius page in the champion editions' voice: players, teammates' parents, the {sport} words. */
export const lostLink = mergeLayers<LostLinkContent>(genius, {
  title: "Lost your champion link?",
  intro:
    "No problem, champion parent. Type the e-mail address you joined the {brand} waitlist with. If it's on the list, we'll e-mail you the link to your place in line and the teammates' parents who joined through you.",
  sent: {
    text: "If that address is on the {brand} waitlist, your link is on its way. Give it a few minutes, then see you {sportHome}.",
  },
});
