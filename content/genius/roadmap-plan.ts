import type { RoadmapPlanContent } from "../schemas/roadmap-plan";

export const roadmapPlan: RoadmapPlanContent = {
  title: "Your roadmap, from your answers",
  intro: "This is where your plan starts. The app adjusts it every week to what your child enjoys and what you see.",
  answers: {
    title: "What you told us",
    ages: "Age",
    focus: "Focus areas",
    goals: "Goals",
    concern: "Biggest concern",
    time: "Time you have each day",
  },
  sessionMinutes: 10,
  schedule: [
    { time: "less-15m", sessionsPerWeek: 7, text: "10 minutes a day fits inside the under-15 minutes you have." },
    {
      time: "15-30m",
      sessionsPerWeek: 7,
      text: "10 minutes a day is the core; the rest of your 15-30 minutes is free play, no plan needed.",
    },
    {
      time: "30-60m",
      sessionsPerWeek: 7,
      text: "10 minutes a day is the core; with 30-60 minutes you can repeat a favourite or add a story.",
    },
    { time: "60m+", sessionsPerWeek: 7, text: "10 minutes a day is the core; keep the rest of your time for unplanned play together." },
    {
      time: "it-depends",
      sessionsPerWeek: 7,
      text: "10 minutes a day, at whatever moment the day allows: bath time, the walk home, bedtime.",
    },
  ],

  sessionsLabel: "{sessions} × {minutes} min a week",
  weeksTitle: "Your first four weeks",
  weekLabel: "Week {n}",
  focusLabel: "This week grows: {focus}",
  stages: [
    {
      id: "baby",
      bands: ["expecting", "0-12m"],
      label: "Bump and baby",
      weeks: [
        {
          title: "Talk and listen",
          text: "Narrate your day out loud and pause for the coos: the first conversations build language.",
          focus: "first words",
        },
        {
          title: "Faces and touch",
          text: "Face-to-face play, gentle songs and tummy time, a few minutes at a time.",
          focus: "closeness and body awareness",
        },
        {
          title: "Follow their lead",
          text: "Notice what catches their eye and name it; repeat what makes them smile.",
          focus: "attention and curiosity",
        },
        {
          title: "A small routine",
          text: "The same song and book at the same time each day, so they learn what comes next.",
          focus: "knowing what comes next",
        },
      ],
    },
    {
      id: "toddler",
      bands: ["1-2y"],
      label: "Toddler",
      weeks: [
        { title: "Words everywhere", text: "Name things on a walk and in the kitchen; add one new word a day.", focus: "vocabulary" },
        {
          title: "Little hands",
          text: "Stacking, pouring and scribbling: play that builds the grip for later drawing.",
          focus: "fine motor skills",
        },
        {
          title: "Feelings have names",
          text: "Name big feelings as they happen and show a calm way through them.",
          focus: "naming feelings",
        },
        { title: "I can do it", text: "One small job a day: put the cup away, fetch the shoes, help stir.", focus: "independence" },
      ],
    },
    {
      id: "preschool",
      bands: ["3-4y", "5-6y"],
      label: "Preschool",
      weeks: [
        {
          title: "Curious questions",
          text: "A 'what if' question a day and a short hunt for the answer together.",
          focus: "curiosity and reasoning",
        },
        { title: "Counting in real life", text: "Count spoons, steps and stairs; sort the washing by colour.", focus: "early maths" },
        { title: "Stories with a twist", text: "Read a short book, then let your child change the ending.", focus: "imagination" },
        { title: "Ready for school", text: "Practise waiting, taking turns and saying what they need.", focus: "patience and turn-taking" },
      ],
    },
    {
      id: "school",
      bands: ["6-9", "10+"],
      label: "School age",
      weeks: [
        { title: "A steady rhythm", text: "A 10-minute slot after school that belongs to the two of you.", focus: "a habit you share" },
        { title: "Think out loud", text: "Puzzles and 'how would you solve it' talks that grow reasoning.", focus: "problem solving" },
        { title: "Grit in small steps", text: "Pick one hard thing and practise it a little every day.", focus: "persistence" },
        {
          title: "Their own project",
          text: "A small project they choose and you cheer on: a model, a story, a garden.",
          focus: "initiative",
        },
      ],
    },
  ],
  concernAnswers: [
    { concern: "not-enough", text: "You are doing more than you think: the plan shows each day what counts, so you can stop guessing." },
    { concern: "no-time", text: "Every activity fits in 10 minutes and most need nothing you do not already have." },
    { concern: "unsure-start", text: "Week 1 starts with the easiest wins for your child's age: no preparation, no special toys." },
    { concern: "no-routine", text: "One fixed 10-minute moment a day is the routine; the plan keeps it the same time each day." },
    { concern: "too-much-screen", text: "Each activity is a screen-free swap for a moment of the day that usually goes to a screen." },
    { concern: "too-many-resources", text: "One plan, one activity a day: the app does the choosing from the resources for you." },
    { concern: "other", text: "Tell the AI coach about it on day one: the plan adapts to what you tell it." },
  ],

  share: {
    title: "A {stage} roadmap from {brand}",
    description: "A parent shared their roadmap for {ages}: 10 minutes a day of activities matched to the age. Get yours free.",
    imageAlt: "{brand}: a roadmap for {ages}",
  },
  unavailable: "We could not load your answers just now. Reload the page to see the roadmap built from them.",
};
