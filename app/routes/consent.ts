import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getPage } from "#content/index";
import { recordConsent } from "~/trust/consent-records.server";
import { consentCookie, safeRedirectPath } from "~/consent/consent.server";
import { getRequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";

const consentForm = z.object({
  choice: z.enum(["granted", "denied"]),
  redirectTo: z.string().optional(),
  // The id of this choice in this showing of the bar: a resent form records nothing new. Anything
  // else in it is ignored (the choice still counts, under an id of its own).
  submission: z.string().uuid().optional().catch(undefined),
});

/**
 * POST /consent: stores the visitor's pixel choice in a cookie, records it as proof of consent,
 * and returns them to the page they were on. A full-page POST/redirect on purpose: the next document response carries the
 * CSP that allows (or keeps blocking) the provider, which a fetcher could not change.
 * Cross-origin posts are refused before this runs (server.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = getRequestContext(request, context);
  const { url, variant } = ctx;
  const parsed = consentForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return new Response("Please choose Accept or Reject.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // Proof of consent: the choice, the policy version it was made under, a daily-salted IP hash.
  await recordConsent(ctx, request, parsed.data.choice, getPage(ctx.contentKey, "privacy").version ?? "unversioned", {
    id: parsed.data.submission,
  });
  const to = safeRedirectPath(parsed.data.redirectTo, linkTo(variant, "home"));
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": consentCookie(parsed.data.choice, url), "Cache-Control": "no-store" },
  });
}

// The choice is made with a POST; a stray GET goes home.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { variant } = getRequestContext(request, context);
  return redirect(linkTo(variant, "home"));
}
