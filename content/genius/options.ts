import type { OptionsContent } from "../schemas/options";

const ageBands = [
  { value: "expecting", label: "Expecting" },
  { value: "0-12m", label: "0-12 months" },
  { value: "1-2y", label: "1-2 years" },
  { value: "3-4y", label: "3-4 years" },
  { value: "5-6y", label: "5-6 years" },
  { value: "6-9", label: "6-9 years" },
  { value: "10+", label: "10+ years" },
];

const goals = [
  { value: "daily-habit", label: "Build a daily learning habit" },
  { value: "school-success", label: "Get ready for school success" },
  { value: "reduce-screen", label: "Reduce screen time" },
  { value: "parent-bond", label: "Strengthen our parent-child bond" },
  { value: "boost-confidence", label: "Boost confidence" },
  { value: "grow-grit", label: "Grow grit and resilience" },
  { value: "bilingual", label: "Raise a bilingual child" },
  { value: "other", label: "Something else" },
];

/** General edition option lists (SPEC 3.3). */
export const options: OptionsContent = {
  ageBands,
  time: [
    { value: "less-15m", label: "Less than 15 minutes" },
    { value: "15-30m", label: "15-30 minutes" },
    { value: "30-60m", label: "30-60 minutes" },
    { value: "60m+", label: "More than 60 minutes" },
    { value: "it-depends", label: "It depends on the day" },
  ],
  focus: [
    { value: "language-literacy", label: "Language & literacy" },
    { value: "early-math", label: "Early math" },
    { value: "creativity-art", label: "Creativity & art" },
    { value: "fine-motor", label: "Fine motor skills" },
    { value: "sport-gross-motor", label: "Sport & gross motor skills" },
    { value: "social-emotional", label: "Social & emotional skills" },
    { value: "self-regulation", label: "Self-regulation" },
    { value: "problem-solving", label: "Problem solving" },
    { value: "stem-curiosity", label: "STEM & curiosity" },
    { value: "independence", label: "Independence" },
    { value: "other", label: "Something else" },
  ],
  goals,
  concerns: [
    { value: "not-enough", label: "I worry I'm not doing enough" },
    { value: "no-time", label: "I don't have enough time" },
    { value: "unsure-start", label: "I'm not sure where to start" },
    { value: "no-routine", label: "We have no steady routine" },
    { value: "too-much-screen", label: "Too much screen time" },
    { value: "too-many-resources", label: "Too many resources, too little clarity" },
    { value: "other", label: "Something else" },
  ],
  leadFormAgeBands: ageBands,
  // The guide and tips forms add practical-ai before "other".
  leadFormGoals: [...goals.slice(0, -1), { value: "practical-ai", label: "Use AI practically as a parent" }, goals[goals.length - 1]],
};
