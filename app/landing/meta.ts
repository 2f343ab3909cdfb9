import type { MetaArgs, MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/seo";
import type { landingPage } from "./landing.server";

type LandingMetaArgs = MetaArgs<() => ReturnType<typeof landingPage>>;

/** The landing page's own title (it names the brand) with the shared canonical and sharing tags. */
export function landingMeta({ data, matches }: Pick<LandingMetaArgs, "data" | "matches">): MetaDescriptor[] {
  return pageMeta(
    matches,
    "home",
    data ? { fullTitle: data.landing.meta.title, description: data.landing.meta.description, share: data.shareCard } : undefined,
  );
}
