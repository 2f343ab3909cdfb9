import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "./seo";

/** Meta for a QA page (noindex), or the landing page's meta while QA pages are switched off. */
export function qaMeta(title: string): MetaFunction {
  return ({ data: loaded, matches }) => {
    if ((loaded as { qaHidden?: boolean } | undefined)?.qaHidden !== false) return pageMeta(matches, "home");
    return [{ title: `QA: ${title}` }, { name: "robots", content: "noindex, nofollow" }];
  };
}
