import { plans as genius } from "../genius/plans";
import { mergeLayers, type Layer } from "../layers";
import type { PlansContent } from "../schemas/plans";

/** The genius plans under the champion names and prices: what the sport editions share differs in these lines only. */
export const plans = mergeLayers<PlansContent>(genius, {
  plans: {
    0: {
      id: "practice",
      name: "Practice",
      features: { 0: null, 1: "Daily personalised {sportDrills}", 2: null, 3: "24/7 AI coach for parents" },
    },
    1: {
      id: "compete",
      name: "Compete",
      monthlyPrice: 99,
      yearlyPrice: 990,
      features: [null, "Everything in Practice", null, "Weekly progress check-ins", null],
    },
    2: {
      id: "champion",
      name: "Champion",
      tagline: "The full programme for a {sport} family.",
      monthlyPrice: 199,
      yearlyPrice: 1990,
      features: [null, "Everything in Compete", null, null, null],
    },
    3: {
      id: "pro-academy",
      name: "Pro Academy",
      monthlyPrice: 499,
      yearlyPrice: 4990,
      features: [null, "Coach dashboard for every player", null, "Multi-language drills", "Priority support"],
      status: "in-preparation",
    },
  },
} satisfies Layer<PlansContent>);
