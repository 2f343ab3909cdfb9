import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";

/**
 * The short referral link /r/{code}: a redirect to the landing's `/?r={code}`, which carries the
 * parent's card in its meta tags (one page, one set of tags; a link-preview bot follows it).
 */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const code = (params.code ?? "").toUpperCase();
  throw redirect(linkTo(ctx.variant, "home", { r: code, c: ctx.url.searchParams.get("c") }), { status: 302 });
}
