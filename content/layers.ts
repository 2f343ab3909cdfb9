import { fillPlaceholders } from "./placeholders";

/**
 * Part of a page, laid over another: objects merge key by key and anything else replaces, but a
 * list can also be given as `{ index: entry }`, which changes only those entries. A `null` entry
 * in a shared list (in either form) is one each sport supplies that way.
 */
export type Layer<T> = T extends readonly (infer U)[]
  ? readonly (Layer<U> | null)[] | { readonly [index: number]: Layer<U> | null }
  : T extends object
    ? { readonly [K in keyof T]?: Layer<T[K]> }
    : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `over` laid on `base` (see Layer); neither is changed. */
export function mergeLayers<T>(base: unknown, over: unknown): T {
  if (over === undefined) return base as T;
  if (Array.isArray(base) && isPlainObject(over)) {
    const merged: unknown[] = [...base];
    for (const [index, entry] of Object.entries(over)) {
      const at = Number(index);
      if (!Number.isInteger(at) || at < 0 || at >= base.length) throw new Error(`No list entry ${index} to change`);
      merged[at] = mergeLayers(base[at], entry);
    }
    return merged as T;
  }
  if (isPlainObject(base) && isPlainObject(over)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(over)) merged[key] = mergeLayers(base[key], value);
    return merged as T;
  }
  return over as T;
}

/**
 * A sport edition of the champion brand: the champion pages with the sport's own entries laid
 * over them, and the sport's words ({sport}, {sportDrills}...) filled in. The names the pages
 * fill at render time ({brand}, {selectedPlan}...) stay as they are.
 */
export function sportEdition<P extends Record<string, unknown>>(
  champion: { [K in keyof P]?: unknown },
  sport: { [K in keyof P]?: unknown },
  words: Record<string, string>,
): P {
  const pages = new Set([...Object.keys(champion), ...Object.keys(sport)]);
  return Object.fromEntries([...pages].map((page) => [page, fillPlaceholders(mergeLayers(champion[page], sport[page]), words)])) as P;
}
