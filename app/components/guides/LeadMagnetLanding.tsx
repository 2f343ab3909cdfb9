import { Link } from "@remix-run/react";
import { ArrowRight, BarChart, Calendar, CheckCircle2, Heart, Lightbulb, Target, type LucideIcon } from "lucide-react";
import type { LeadMagnetContent } from "#content/schemas/lead-magnet";
import type { LeadMagnetKind } from "~/guides/kinds";
import { LandedImage } from "~/components/LandedImage";
import { useLinkTo } from "~/utils/root-data";

/** The what's-inside icons of SPEC 2.12, in feature order. */
const ICONS: Record<LeadMagnetKind, [LucideIcon, LucideIcon, LucideIcon, LucideIcon]> = {
  guide: [Target, Calendar, BarChart, Heart],
  tips: [Target, Calendar, Lightbulb, BarChart],
};

function CallToAction({ to, label, inverted = false }: { to: string; label: string; inverted?: boolean }) {
  return (
    <Link
      to={to}
      className={
        inverted
          ? "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-lg font-semibold text-brand-strong shadow hover:bg-brand-soft"
          : "inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 text-lg font-semibold text-white shadow hover:bg-brand-strong"
      }
    >
      {label}
      <ArrowRight aria-hidden="true" className="h-5 w-5" />
    </Link>
  );
}

/** The /guide and /tips landing pages (SPEC 2.12): every call to action leads to the matching form. */
export function LeadMagnetLanding({ kind, copy }: { kind: LeadMagnetKind; copy: LeadMagnetContent["landing"] }) {
  const linkTo = useLinkTo();
  const formLink = linkTo(`${kind}-form`);
  const icons = ICONS[kind];
  return (
    <>
      <section className="bg-brand-soft">
        <div className="animate-enter mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">{copy.hero.eyebrow}</p>
          <h1 className="mt-3 text-4xl font-extrabold text-slate-900 sm:text-5xl">{copy.hero.title}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{copy.hero.subtitle}</p>
          <div className="mt-8">
            <CallToAction to={formLink} label={copy.hero.ctaLabel} />
          </div>
          <p className="mt-3 text-sm text-slate-600">{copy.hero.subtext}</p>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-16" aria-labelledby="inside-title">
        <h2 id="inside-title" className="text-center text-3xl font-bold text-slate-900">
          {copy.inside.title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">{copy.inside.intro}</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {copy.inside.features.map((feature, index) => {
            const Icon = icons[index];
            return (
              <li key={feature.title} className="flex gap-4 rounded-xl border border-slate-200 p-6 shadow-sm">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-strong">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{feature.title}</h3>
                  <p className="mt-1 text-slate-700">{feature.text}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="bg-slate-50" aria-labelledby="why-title">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="why-title" className="text-center text-3xl font-bold text-slate-900">
            {copy.why.title}
          </h2>
          <ul className="mt-8 space-y-4">
            {copy.why.points.map((point) => (
              <li key={point} className="flex gap-3 text-lg text-slate-800">
                <CheckCircle2 aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <CallToAction to={formLink} label={copy.why.ctaLabel} />
          </div>
        </div>
      </section>

      <section className="bg-brand-strong" aria-labelledby="final-cta-title">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h2 id="final-cta-title" className="text-3xl font-bold text-white">
            {copy.finalCta.title}
          </h2>
          <p className="mt-3 text-lg text-white">{copy.finalCta.text}</p>
          <div className="mt-8">
            <CallToAction to={formLink} label={copy.finalCta.ctaLabel} inverted />
          </div>
        </div>
      </section>
      <LandedImage page={kind} />
    </>
  );
}
