import type { RouteConfigEntry } from "@remix-run/route-config";
import routeConfig from "~/routes";

/** The route table's pages as path, id and file, a layout's children in its place (the admin pages share a pathless one). */
export function routeTable(): { path: string; id: string; file: string }[] {
  const pages: { path: string; id: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      // Remix's default id, which the table relies on: the file without its extension.
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      if (entry.children) walk(entry.children);
      else pages.push({ path: `/${entry.path ?? ""}`, id, file: entry.file });
    }
  };
  walk(routeConfig);
  return pages;
}
