import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { linkTo } from "~/utils/links";

/**
 * The site's error page (or its not-found page, for a 404): the plain message with the way home, never a stack trace. The root
 * route's error boundary, and what the admin routes' boundary shows for anything that is not one
 * of their refusals. Works when the root loader itself failed (the copy then has its defaults).
 */
export function SiteErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!isRouteErrorResponse(error)) console.error(error);
  // A 404 (a club page that is not public, a page of another edition) says so: nothing went wrong.
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const copy = (notFound ? root?.site.notFoundPage : root?.site.errorPage) ?? {
    title: notFound ? "Page not found" : "Something went wrong",
    text: notFound ? "We could not find this page." : "Please try again in a moment.",
    backHome: "Back to Home",
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{copy.title}</h1>
      <p className="mt-4 text-slate-700">{copy.text}</p>
      <a
        href={root ? linkTo(root.variant, "home") : "/"}
        className="mt-8 inline-block rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong"
      >
        {copy.backHome}
      </a>
    </section>
  );
}
