import type { LandedPage } from "~/analytics/landed.server";
import { useLinkTo } from "~/utils/root-data";

/**
 * The visit image of a landing page (app/analytics/landed.server.ts): its request counts the view
 * and keeps the visitor's attribution, because the page itself may come from the edge cache. The
 * edge adds the visitor's ?r= and utm_* to its address (`data-landed`). Decorative and out of the flow.
 */
export function LandedImage({ page }: { page: LandedPage }) {
  const linkTo = useLinkTo();
  return (
    <img
      src={linkTo("landed", { page })}
      data-landed=""
      alt=""
      aria-hidden="true"
      width={1}
      height={1}
      decoding="async"
      className="pointer-events-none absolute h-px w-px opacity-0"
    />
  );
}
