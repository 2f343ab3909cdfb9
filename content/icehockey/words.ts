/** The hockey words the shared champion copy is written with ({sport}, {sportDrills}...). */
export const words = {
  sport: "hockey",
  sportSlug: "icehockey",
  sportDrills: "off-ice drills",
  sportHome: "on the ice",
  sportRink: "at the rink",
};
