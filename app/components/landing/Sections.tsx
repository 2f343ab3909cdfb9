import { CircleCheck } from "lucide-react";
import type { LandingContent } from "#content/schemas/landing";
import { useLinkTo } from "~/utils/root-data";
import { CtaButton } from "./CtaButton";
import { FeatureCard } from "./FeatureCard";

const heading = "text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl";

/** Dream outcome: the outcome list (last item bold), a feature card and a button to the form. */
export function DreamOutcome({ content }: { content: LandingContent["dreamOutcome"] }) {
  const last = content.outcomes.length - 1;
  return (
    <section aria-labelledby="dream-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div>
          <h2 id="dream-title" className={heading}>
            {content.title}
          </h2>
          <ul className="mt-8 space-y-4">
            {content.outcomes.map((outcome, index) => (
              <li key={outcome} className="flex gap-3 text-lg text-slate-700">
                <CircleCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand" />
                {index === last ? <strong className="font-bold text-slate-900">{outcome}</strong> : outcome}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl bg-brand-soft p-8">
          <h3 className="text-2xl font-bold text-slate-900">{content.featureCard.title}</h3>
          <p className="mt-3 text-lg text-slate-700">{content.featureCard.text}</p>
          <div className="mt-8">
            <CtaButton label={content.buttonLabel} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Pain points: exactly three cards. */
export function PainPoints({ content }: { content: LandingContent["painPoints"] }) {
  return (
    <section aria-labelledby="pain-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="pain-title" className={`${heading} text-center`}>
          {content.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {content.cards.map((card) => (
            <FeatureCard key={card.title} card={card} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Solution: four feature cards and a button to the form. */
export function Solution({ content }: { content: LandingContent["solution"] }) {
  return (
    <section aria-labelledby="solution-title" className="mx-auto max-w-6xl px-4 py-16 text-center">
      <h2 id="solution-title" className={heading}>
        {content.title}
      </h2>
      <ul className="mt-10 grid gap-6 text-left sm:grid-cols-2 lg:grid-cols-4">
        {content.features.map((card) => (
          <FeatureCard key={card.title} card={card} tone="soft" />
        ))}
      </ul>
      <div className="mt-10">
        <CtaButton label={content.buttonLabel} />
      </div>
    </section>
  );
}

/** Credibility: three points. */
export function Credibility({ content }: { content: LandingContent["credibility"] }) {
  return (
    <section aria-labelledby="credibility-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="credibility-title" className={`${heading} text-center`}>
          {content.title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {content.points.map((card) => (
            <FeatureCard key={card.title} card={card} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Final call to action. */
export function FinalCta({ content }: { content: LandingContent["finalCta"] }) {
  return (
    <section aria-labelledby="final-title" className="bg-brand-strong text-white">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="final-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {content.title}
        </h2>
        <p className="mt-4 text-lg">{content.text}</p>
        <div className="mt-8">
          <CtaButton label={content.buttonLabel} inverted />
        </div>
      </div>
    </section>
  );
}

/** The sport editions' club pools: one line and the way to the clubs, under the final call to action. */
export function ClubsLine({ content }: { content: NonNullable<LandingContent["clubs"]> }) {
  const linkTo = useLinkTo();
  return (
    <section aria-label={content.linkLabel} className="bg-brand-soft">
      <p className="mx-auto max-w-3xl px-4 py-8 text-center text-slate-800">
        {content.text}{" "}
        <a href={linkTo("clubs")} className="font-semibold text-brand-strong underline underline-offset-2 hover:text-slate-900">
          {content.linkLabel}
        </a>
      </p>
    </section>
  );
}
