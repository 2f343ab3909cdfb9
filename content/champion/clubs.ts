import { clubs as genius } from "../genius/clubs";
import { mergeLayers } from "../layers";
import type { ClubsContent } from "../schemas/clubs";

/** The club pools in the champion voice, with the {sport} words. */
export const clubs = mergeLayers<ClubsContent>(genius, {
  register: {
    title: "Register your {sport} club",
    intro:
      "Coaches and clubs: register your {sport} club and get a club link for your team's parents. Every family that joins through it counts for your club, and when your club reaches its milestone, the whole team gets in together.",
  },
  page: { join: "Join the {brand} waitlist with {clubName}" },
  status: { rule: "When {clubName} reaches {milestone} confirmed families, the whole team gets in together, in one wave." },
  leaderboard: { title: "The {sport} clubs on the {brand} waitlist" },
});
