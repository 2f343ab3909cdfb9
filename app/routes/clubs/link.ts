import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clubLinkLoader } from "~/clubs/public.server";

/** /c/SLUG: a club's link; remembers the club for the visitor's sign-up and opens the home page (ADR 039). */
export const loader = (args: LoaderFunctionArgs) => clubLinkLoader(args);
