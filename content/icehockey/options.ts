import type { OptionsContent } from "../schemas/options";

const leadFormGoals = [
  { value: "daily-off-ice-habit", label: "Build a daily off-ice habit" },
  { value: "maximize-private-ice", label: "Get more out of private ice time" },
  { value: "win-u10", label: "Win at U10" },
  { value: "make-select-team", label: "Make the select team" },
  { value: "speed-power", label: "More speed & power" },
  { value: "stickhandling", label: "Better stickhandling" },
  { value: "confidence", label: "More confidence" },
  { value: "parent-bond", label: "Train together as parent and player" },
  { value: "other", label: "Something else" },
];

/** Hockey edition option lists (SPEC 3.3). */
export const options: OptionsContent = {
  ageBands: [
    { value: "0-2y", label: "0-2 years" },
    { value: "3-4y", label: "3-4 years" },
    { value: "5-6y", label: "5-6 years" },
    { value: "7-8y", label: "7-8 years" },
    { value: "9-10y", label: "9-10 years" },
    { value: "11-12y", label: "11-12 years" },
    { value: "13-14y", label: "13-14 years" },
    { value: "15+y", label: "15+ years" },
  ],
  time: [
    { value: "1x-week", label: "Once a week" },
    { value: "2-3x-week", label: "2-3 times a week" },
    { value: "4-5x-week", label: "4-5 times a week" },
    { value: "6x+-week", label: "6 or more times a week" },
    { value: "varies", label: "It varies" },
  ],
  focus: [
    { value: "skating-speed", label: "Skating speed" },
    { value: "balance-edges", label: "Balance & edges" },
    { value: "stickhandling", label: "Stickhandling" },
    { value: "shooting", label: "Shooting" },
    { value: "game-sense", label: "Game sense" },
    { value: "work-ethic", label: "Work ethic" },
    { value: "confidence", label: "Confidence" },
    { value: "other", label: "Something else" },
  ],
  goals: [
    { value: "skating-fundamentals", label: "Master skating fundamentals" },
    { value: "puck-confidence", label: "Confidence with the puck" },
    { value: "shot-improvement", label: "A harder, more accurate shot" },
    { value: "fitness-fun", label: "Fitness that feels like fun" },
    { value: "confidence-mindset", label: "Confidence & a strong mindset" },
    { value: "team-selection", label: "Make the team at selection" },
    { value: "love-for-game", label: "Keep the love for the game" },
    { value: "other", label: "Something else" },
  ],
  concerns: [
    { value: "falling-behind", label: "Falling behind teammates" },
    { value: "unsure-training", label: "Not sure how to train off-ice" },
    { value: "too-little-ice", label: "Too little ice time" },
    { value: "too-expensive", label: "Private coaching is too expensive" },
    { value: "low-confidence", label: "Low confidence" },
    { value: "injury-risk", label: "Risk of injury" },
    { value: "poor-diet", label: "Poor diet" },
    { value: "other", label: "Something else" },
  ],
  leadFormAgeBands: [
    // Worded for a player's age, as the tennis edition's.
    { value: "expecting", label: "Player on the way" },
    { value: "0-12m", label: "Under 1 year" },
    { value: "1-2y", label: "1-2 years" },
    { value: "3-4y", label: "3-4 years" },
    { value: "5-6y", label: "5-6 years" },
    { value: "7-8y", label: "7-8 years" },
    { value: "9-10y", label: "9-10 years" },
  ],
  leadFormGoals,
  planFormGoals: leadFormGoals.filter((goal) => goal.value !== "parent-bond"),
};
