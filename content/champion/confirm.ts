import { confirm as genius } from "../genius/confirm";
import { mergeLayers } from "../layers";
import type { ConfirmContent } from "../schemas/confirm";

/** The genius waitlist page for families of players: what the sport editions share differs in these lines only. */
export const confirm = mergeLayers<ConfirmContent>(genius, {
  description:
    "You're on the list. Confirm your e-mail address to get your place in line: the first 100 places are the first wave of founding families, and we'll e-mail you your early-access date before anyone else hears about it.",
  vip: {
    text: "Follow us and share {brand} with a teammate's parents: founding families who spread the word move up the list.",
    oneTap: {
      message:
        "I just joined the early-access list for {socialHandle}: 10 minutes a day of {sport} drills built for your player's age and goals. Get on the list with me: {link}",
      subject: "{sport} training for our kids: join me on the early-access list",
    },
  },
  whatHappensNext: {
    steps: [
      { title: "Check your e-mail", text: "Get your early-access date and a free 7-day training plan by e-mail." },
      { title: "Pick a plan", text: "Choose Practice, Compete or Champion when early access opens. Upgrade anytime." },
      { title: "Start daily drills", text: "About 10 minutes a day of drills built for your player's age and goals." },
    ],
  },
});
