import type { Club, ClubStore } from "./ports/club-store";

/** The longest merge chain followed: merges point at the club that stays, so one hop is the rule. */
const MERGE_HOPS = 10;

/**
 * A merged club answers as the club that remains: merged_into is followed hop by hop (chains written
 * before merges pointed at the end), stopping at a loop or after MERGE_HOPS with null.
 */
export async function followMerge(store: Pick<ClubStore, "get">, club: Club | null): Promise<Club | null> {
  const seen = new Set<string>();
  let current = club;
  while (current?.status === "merged" && current.merged_into) {
    if (seen.has(current.id) || seen.size >= MERGE_HOPS) return null;
    seen.add(current.id);
    current = await store.get(current.merged_into);
  }
  return current;
}
