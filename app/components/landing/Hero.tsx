import type { LandingContent } from "#content/schemas/landing";
import { HeroArt } from "~/components/brand/HeroArt";
import { LogoMark } from "~/components/layout/LogoMark";
import { Screenshot } from "~/components/Screenshot";
import type { ScreenshotImage } from "~/landing/screenshot.server";
import { useRootData } from "~/utils/root-data";
import { PAGE_CONTAINER } from "~/components/layout/container";
import { CtaButton } from "./CtaButton";
import { trustIcons } from "./icons";

/** Who brought the parent: a friend's link, or a public club's (its name). */
type Arrival = { friend: boolean; clubName: string | null };

type Props = {
  hero: LandingContent["hero"];
  screenshot: ScreenshotImage | null;
  arrival?: { copy: LandingContent["arrival"] } & Arrival;
};

/**
 * Logo, title, subtitle, app text, screenshot, call to action, subtext and trust indicators, in that
 * order (SPEC 2.4), except that the screenshot comes last: on phones it is laid out after the call
 * to action so the title and the button fit the first screen, and the markup follows what is
 * shown, because the page streams (a box moved before an earlier one by CSS order would jump when
 * the later markup arrives). On wide screens it has the second column.
 */
export function Hero({ hero, screenshot, arrival }: Props) {
  const { site, contentKey } = useRootData();
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-soft to-white">
      <div
        className={`animate-enter ${PAGE_CONTAINER} grid gap-6 pt-2 pb-16 text-center sm:gap-8 sm:pt-4 lg:grid-cols-[minmax(0,1fr)_300px] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:pt-6 lg:text-left`}
      >
        <div className="lg:col-start-1 lg:row-start-1 lg:self-end">
          {arrival ? <ArrivalLine {...arrival} /> : null}
          <p className="inline-flex items-center gap-3">
            <LogoMark size="lg" />
            <span className="brand-type text-xl font-extrabold text-slate-900">{site.wordmark}</span>
          </p>
          <h1 id="hero-title" className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-3 text-lg text-balance text-slate-700 sm:mt-4 sm:text-xl">{hero.subtitle}</p>
          <p className="mt-3 text-sm text-slate-700 sm:mt-4 sm:text-base">{hero.appText}</p>
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <CtaButton label={hero.ctaLabel} />
          <p className="mt-3 text-sm font-medium text-slate-700">{hero.subtext}</p>
          <ul className="mt-6 flex flex-col items-center gap-3 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {hero.trustIndicators.map((item) => {
              const Icon = trustIcons[item.icon];
              return (
                <li key={item.icon} className="inline-flex items-center gap-2">
                  <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand" data-icon={item.icon} />
                  {item.text}
                </li>
              );
            })}
          </ul>
        </div>
        <HeroArt variant={contentKey} className="mx-auto lg:col-start-1 lg:mx-0" />
        {screenshot ? (
          <div className="mx-auto w-56 sm:w-64 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:w-full">
            <Screenshot image={screenshot} alt={hero.screenshotAlt} priority className="h-auto w-full drop-shadow-xl" />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * "A friend invited you" or the club's name, above the logo. The friend's line is always in the
 * page, hidden unless this request came with a friend's link: the edge-cached copy is rendered
 * without one and the edge shows it per response (`data-arrival-friend`, app/edge). A club's line
 * is its own cached page (?club=), so it is simply shown.
 */
function ArrivalLine({ copy, friend, clubName }: { copy: LandingContent["arrival"] } & Arrival) {
  const text = clubName ? `${copy.club} ${clubName}` : copy.friend;
  return (
    <p data-testid="arrival" data-arrival-friend={clubName ? undefined : ""} hidden={!clubName && !friend} className="mb-3">
      <span className="inline-block rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-strong shadow-sm ring-1 ring-brand/30">
        {text}
      </span>
    </p>
  );
}
