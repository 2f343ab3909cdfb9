import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import Home, { handle, loader as homeLoader, meta } from "./home";

// Any unknown path shows the landing page (SPEC 2.2) with a 404 so search engines skip it.
export async function loader(args: LoaderFunctionArgs) {
  return data(await homeLoader(args), { status: 404 });
}

export { handle, meta };
export default Home;
