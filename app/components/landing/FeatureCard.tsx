import type { LandingContent } from "#content/schemas/landing";
import { cardIcons } from "./icons";

type Card = LandingContent["painPoints"]["cards"][number];

/** An icon, a heading and a short text: pain points, solution features and credibility points. */
export function FeatureCard({ card, tone = "white" }: { card: Card; tone?: "white" | "soft" }) {
  const Icon = cardIcons[card.icon];
  const background = tone === "soft" ? "bg-brand-soft" : "bg-white";
  return (
    <li className={`${background} rounded-2xl border border-slate-200 p-6 shadow-sm`}>
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand text-white">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <h3 className="mt-4 text-lg font-bold text-slate-900">{card.title}</h3>
      <p className="mt-2 text-slate-700">{card.text}</p>
    </li>
  );
}
