import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { isSportLanding } from "~/utils/variant.server";
import Home, { handle, loader as homeLoader, meta } from "./home";

/**
 * Any unknown path shows the landing page (SPEC 2.2) with a 404 so search engines skip it. A sport
 * edition's own path (/tennis on the champion site) is that edition's landing page: a real 200.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { url, variant } = getRequestContext(args.request, args.context);
  const landing = await homeLoader(args);
  return isSportLanding(url, variant) ? landing : data(landing, { status: 404 });
}

export { handle, meta };
export default Home;
