/** The tennis words the shared champion copy is written with ({sport}, {sportDrills}...). */
export const words = {
  sport: "tennis",
  sportSlug: "tennis",
  sportDrills: "tennis drills",
  sportHome: "on the court",
  sportRink: "on the court",
} satisfies Record<keyof typeof import("../icehockey/words").words, string>;
