import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getPage } from "#content/index";
import { getRequestContext } from "~/utils/context.server";
import type { RouteHandle } from "~/utils/hydrate";
import { pageMeta } from "~/utils/seo";

export const handle: RouteHandle = { hideHeader: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { contentKey } = getRequestContext(request, context);
  return { site: getPage(contentKey, "site") };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta(matches, "home");

export default function Home() {
  const { site } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold">{site.title}</h1>
    </section>
  );
}
