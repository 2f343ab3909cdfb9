import type { Layer } from "../layers";
import type { RoadmapPlanContent } from "../schemas/roadmap-plan";

/** Only what the hockey edition says differently from content/champion: it asks for training days and strengths. */
export const roadmapPlan = {
  // The form asks for the player's current strengths, not focus areas.
  answers: { focus: "Current strengths", time: "Off-ice training time" },
  schedule: [
    { time: "1x-week", sessionsPerWeek: 1, text: "One 10-minute off-ice session a week, on the day you already train." },
    { time: "2-3x-week", sessionsPerWeek: 3, text: "Three 10-minute off-ice sessions a week: one per training day you named." },
    { time: "4-5x-week", sessionsPerWeek: 5, text: "Five 10-minute off-ice sessions a week, with rest days kept free." },
    { time: "6x+-week", sessionsPerWeek: 6, text: "Six 10-minute off-ice sessions a week, and one full rest day for growing bodies." },
    { time: "varies", sessionsPerWeek: 3, text: "Three 10-minute off-ice sessions a week to start, moved to whichever days work." },
  ],
  stages: [
    {
      id: "first-strides",
      bands: ["0-2y", "3-4y"],
      label: "First strides",
      weeks: [
        {
          title: "Balance games",
          text: "Stand on one foot, walk a line, hop like a rabbit: balance is the base of skating.",
          focus: "balance for skating",
        },
        {
          title: "Ball and stick play",
          text: "A soft ball and a mini stick in the hallway: first touches, no rules.",
          focus: "first stick touches",
        },
        {
          title: "Move like a skater",
          text: "Glide in socks on a smooth floor and practise getting up after a fall.",
          focus: "gliding and getting up",
        },
        {
          title: "Love the rink",
          text: "Watch a game together and name what you see: the puck, the goal, the team.",
          focus: "love for the game",
        },
      ],
    },
    {
      id: "learn-to-play",
      bands: ["5-6y", "7-8y"],
      label: "Learn to play",
      weeks: [
        {
          title: "Athletic stance",
          text: "Knees bent, chest up, stick on the floor: hold it through short games.",
          focus: "a strong stance",
        },
        { title: "Soft hands", text: "Side-to-side dribbles with a ball, eyes up, counting taps.", focus: "puck control" },
        { title: "Quick feet", text: "Ladder and cone patterns in the garden for first-step speed.", focus: "first-step speed" },
        {
          title: "Play to learn",
          text: "Small games with a sibling or parent: passing, keep-away, shooting at a box.",
          focus: "passing and teamwork",
        },
      ],
    },
    {
      id: "u10-u12",
      bands: ["9-10y", "11-12y"],
      label: "U10 to U12",
      weeks: [
        {
          title: "Edges off the ice",
          text: "Single-leg balance and lateral hops that carry straight into crossovers.",
          focus: "edges and crossovers",
        },
        {
          title: "Stickhandling under pressure",
          text: "Figure-8s and toe drags with obstacles, head up.",
          focus: "heads-up stickhandling",
        },
        { title: "A harder shot", text: "Wrist-shot mechanics against a net or tarp, ten good reps a day.", focus: "the wrist shot" },
        { title: "Game sense", text: "Watch one shift on video and talk about where the space was.", focus: "reading the play" },
      ],
    },
    {
      id: "teen",
      bands: ["13-14y", "15+y"],
      label: "Teen player",
      weeks: [
        {
          title: "Mobility first",
          text: "Hips and ankles: a mobility routine that protects a growing body.",
          focus: "mobility that prevents injury",
        },
        { title: "Explosive first step", text: "Short jumps and sprints with full rest: quality over quantity.", focus: "explosive speed" },
        { title: "Release and accuracy", text: "Quick-release shots to targets, tracked week to week.", focus: "a quick release" },
        { title: "Own the routine", text: "Your player plans the week's sessions; you check in after each one.", focus: "self-discipline" },
      ],
    },
  ],
  concernAnswers: [
    { concern: "falling-behind", text: "The first weeks target the basics coaches notice first, so progress shows at the next practice." },
    { concern: "unsure-training", text: "Each session is laid out step by step: what to do, for how long, and what good looks like." },
    { concern: "too-little-ice", text: "Off-ice sessions train the balance, hands and shot that ice time alone cannot cover." },
    { concern: "too-expensive", text: "Ten minutes at home on the days you name, for a fraction of a private lesson." },
    { concern: "low-confidence", text: "Small daily wins your player can see: the plan counts every one." },
    { concern: "injury-risk", text: "Warm-ups, rest days and age-right loads are built into every week." },
    { concern: "poor-diet", text: "The AI coach adds simple snack and meal ideas around training days." },
    { concern: "other", text: "Tell the AI coach about it on day one: the plan adapts to what you tell it." },
  ],
} satisfies Layer<RoadmapPlanContent>;
