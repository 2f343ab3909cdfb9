import type { RouteConfigEntry } from "@remix-run/route-config";

/**
 * The route table's three helpers, shaped as @remix-run/route-config's: that package needs Node
 * (it loads Remix's dev tools), so the table is built with these and the Worker can read it too
 * (/qa lists its pages from it).
 */
export const route = (path: string, file: string, children?: RouteConfigEntry[]): RouteConfigEntry => ({ file, children, path });
export const index = (file: string): RouteConfigEntry => ({ file, index: true });
export const layout = (file: string, children: RouteConfigEntry[]): RouteConfigEntry => ({ file, children });
