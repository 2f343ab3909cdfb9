import { form as genius } from "../genius/form";
import { mergeLayers, type Layer } from "../layers";
import type { FormContent } from "../schemas/form";

/** The genius assessment form for families of players: what the sport editions share differs in these lines only. */
export const form = mergeLayers<FormContent>(genius, {
  metaTitle: "Your player's assessment | {brand}",
  step1: {
    title: "Tell us about your players",
    entryLabel: "Player {number}",
    add: "Add another player",
    remove: "Remove player {number}",
    clubNote: "Coming with your club? Open your club's link first, or pick your club on the e-mail step: your family then counts for it.",
    errors: { ageBand: "Please choose an age for this player." },
  },
  step2: { note: "You can fine-tune all of this, and add detail for each player, in the app later." },
  step3: { title: "Where should we send your player's roadmap?" },
} satisfies Layer<FormContent>);
