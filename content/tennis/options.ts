import type { OptionsContent } from "../schemas/options";
import { options as general } from "../genius/options";

const other = { value: "other", label: "Something else" };

/**
 * The general edition's age bands (SPEC 3.3: the same values), worded for a player: a parent
 * picking a player's age reads "Expecting" and "0-12 months" as odd, so those two say what they mean.
 */
const playerLabels: Record<string, string> = { expecting: "Player on the way", "0-12m": "Under 1 year" };
const ageBands = general.ageBands.map((band) => ({ ...band, label: playerLabels[band.value] ?? band.label }));

/** Tennis edition option lists (SPEC 3.3): age bands and time as the general edition. */
export const options: OptionsContent = {
  ageBands,
  time: general.time,
  focus: [
    { value: "footwork-agility", label: "Footwork & agility" },
    { value: "stroke-fundamentals", label: "Stroke fundamentals" },
    { value: "serve-return", label: "Serve & return" },
    { value: "match-iq", label: "Match IQ" },
    { value: "mental-toughness", label: "Mental toughness" },
    { value: "conditioning", label: "Conditioning" },
    { value: "nutrition-recovery", label: "Nutrition & recovery" },
    { value: "confidence-fun", label: "Confidence & fun" },
    other,
  ],
  goals: [
    { value: "daily-habit", label: "Build a daily training habit" },
    { value: "get-tournament-ready", label: "Get tournament-ready" },
    { value: "win-u10-u12", label: "Win at U10/U12" },
    { value: "make-travel-team", label: "Make the travel team" },
    { value: "improve-strokes", label: "Improve strokes" },
    { value: "boost-confidence", label: "Boost confidence" },
    { value: "reduce-screens", label: "Less screen time, more court time" },
    { value: "parent-bond", label: "Train together as parent and player" },
    other,
  ],
  concerns: [
    { value: "not-enough", label: "I worry we're not doing enough" },
    { value: "no-time", label: "We don't have enough time" },
    { value: "unsure-start", label: "I'm not sure where to start" },
    { value: "no-routine", label: "We have no steady routine" },
    { value: "too-many-drills", label: "Too many drills, no plan" },
    { value: "coaching-expensive", label: "Private coaching is expensive" },
    { value: "low-confidence", label: "Low confidence" },
    { value: "pressure-melts", label: "Melts under match pressure" },
    other,
  ],
  leadFormAgeBands: ageBands,
  // Lead-form goal values differ slightly from the main form's (SPEC 3.3).
  leadFormGoals: [
    { value: "daily-habit", label: "Build a daily training habit" },
    { value: "tournament-ready", label: "Get tournament-ready" },
    { value: "win-u10-u12", label: "Win at U10/U12" },
    { value: "make-academy-team", label: "Make the academy team" },
    { value: "fix-strokes", label: "Fix weak strokes" },
    { value: "boost-confidence", label: "Boost confidence" },
    { value: "reduce-screens", label: "Less screen time, more court time" },
    { value: "parent-bond", label: "Train together as parent and player" },
    other,
  ],
};
