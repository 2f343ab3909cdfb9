/** Fills `{name}` placeholders in every string of a content value; unknown names stay as they are. */
export function fillPlaceholders<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === "string") {
    return value.replace(/\{(\w+)\}/g, (match, name: string) =>
      Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : match,
    ) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, vars)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, vars)])) as T;
  }
  return value;
}
