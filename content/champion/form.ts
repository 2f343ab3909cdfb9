import type { FormContent } from "../schemas/form";
import type { Layer } from "../layers";

/** What the hockey and tennis editions share on this page; {sport...} words come from each sport's words.ts. */
export const form = {
  metaTitle: "Your player's assessment | {brand}",
  progress: {
    step: "Step {step} of {total}",
    complete: "{percent}% Complete",
  },
  back: "Back",
  step1: {
    title: "Tell us about your players",
    entryLabel: "Player {number}",
    ageBandLabel: "Age",
    ageBandPlaceholder: "Choose an age",
    add: "Add another player",
    remove: "Remove player {number}",
    continue: "Continue",
    busy: "Saving...",
    errors: {
      ageBand: "Please choose an age for this player.",
    },
  },
  step2: {
    focusHint: "Choose at least one.",
    goalsLabel: "Your goals",
    goalsHint: "Choose at least one.",
    concernLabel: "Your biggest concern",
    note: "You can fine-tune all of this, and add detail for each player, in the app later.",
    continue: "Create my plan",
    busy: "Creating Your Plan...",
    errors: {
      goals: "Please choose at least one goal.",
      concern: "Please choose your biggest concern.",
    },
  },
  step3: {
    title: "Where should we send your player's roadmap?",
    emailLabel: "E-mail address",
    emailPlaceholder: "you@example.com",
    submit: "Get Started",
    busy: "Getting Started...",
    noSpam: "We never spam. Unsubscribe with one click at any time.",
    errors: {
      email: "Please enter a valid e-mail address.",
      emailTooLong: "E-mail addresses can have at most {max} characters.",
    },
  },
  submitError: "Error submitting form: {message}",
  unknownOption: "Please choose one of the listed options.",
} satisfies Layer<FormContent>;
