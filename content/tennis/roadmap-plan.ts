import type { Layer } from "../layers";
import type { RoadmapPlanContent } from "../schemas/roadmap-plan";

/** Only what the tennis edition says differently from content/champion: its stages and concerns. */
export const roadmapPlan = {
  stages: [
    {
      id: "first-play",
      bands: ["expecting", "0-12m", "1-2y"],
      label: "First play",
      weeks: [
        { title: "Roll and catch", text: "Roll a soft ball back and forth: tracking the ball starts here.", focus: "tracking the ball" },
        {
          title: "Balance and reach",
          text: "Reaching, standing and stepping games that build coordination.",
          focus: "balance and coordination",
        },
        {
          title: "Bounce and watch",
          text: "Bounce a big ball and let your child follow it with eyes and hands.",
          focus: "hand-eye timing",
        },
        { title: "Music and movement", text: "Dance, clap and stop: rhythm is the start of footwork.", focus: "rhythm for footwork" },
      ],
    },
    {
      id: "red-ball",
      bands: ["3-4y", "5-6y"],
      label: "Red ball",
      weeks: [
        { title: "Ready position", text: "Split-step games: jump, land, ready, at the sound of a clap.", focus: "the split step" },
        { title: "Hand-eye skills", text: "Balloon taps with a short racket, counting in a row.", focus: "racket control" },
        { title: "Forehand shape", text: "Drop-and-hit forehands with a red ball against a wall.", focus: "the forehand" },
        { title: "Play a point", text: "Mini-court rallies with a parent: who gets to five first.", focus: "rallying" },
      ],
    },
    {
      id: "orange-ball",
      bands: ["6-9"],
      label: "Orange ball",
      weeks: [
        {
          title: "Footwork ladder",
          text: "Side shuffles and crossover steps for getting to the ball early.",
          focus: "getting to the ball early",
        },
        { title: "Consistent strokes", text: "Wall rallies: ten forehands, ten backhands, count the streak.", focus: "consistency" },
        { title: "Serve basics", text: "A steady toss and a full swing, five good serves a day.", focus: "the serve" },
        { title: "Match thinking", text: "Play a set with one rule: aim every ball at the bigger space.", focus: "shot choice" },
      ],
    },
    {
      id: "green-ball",
      bands: ["10+"],
      label: "Green ball and up",
      weeks: [
        {
          title: "Movement and recovery",
          text: "Split-step, move, recover to the middle: the pattern of every point.",
          focus: "court coverage",
        },
        { title: "Depth and direction", text: "Cross-court and down-the-line targets, tracked each week.", focus: "placement" },
        {
          title: "Serve and return",
          text: "A serve routine and a return position for first and second serves.",
          focus: "the first two shots",
        },
        { title: "Pressure play", text: "Tie-break practice and a breathing routine between points.", focus: "composure under pressure" },
      ],
    },
  ],
  concernAnswers: [
    { concern: "not-enough", text: "Ten focused minutes a day beat an unplanned hour: the plan shows exactly what counts." },
    { concern: "no-time", text: "Every drill fits in 10 minutes and most need only a wall and a ball." },
    { concern: "unsure-start", text: "Week 1 starts with the basics for your player's age: no court booking needed." },
    { concern: "no-routine", text: "One fixed 10-minute slot a day is the routine; the plan keeps it simple." },
    { concern: "too-many-drills", text: "One plan, one drill set a day, in the right order for your player's age." },
    { concern: "coaching-expensive", text: "Daily drills at home between lessons, so every paid hour goes further." },
    { concern: "low-confidence", text: "Small daily wins your player can count: streaks, targets, first serves in." },
    { concern: "pressure-melts", text: "Breathing and between-point routines are part of the plan from week 4." },
    { concern: "other", text: "Tell the AI coach about it on day one: the plan adapts to what you tell it." },
  ],
} satisfies Layer<RoadmapPlanContent>;
