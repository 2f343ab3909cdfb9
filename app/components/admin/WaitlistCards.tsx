import type { AdminContent } from "#content/schemas/admin";
import { viralCoefficient, type ConsoleCards } from "~/admin/cards";

/** The waitlist cards of one variant, or of all with a row per variant. */
export function WaitlistCards({ copy, cards, all }: { copy: AdminContent; cards: ConsoleCards; all: boolean }) {
  const c = copy.cards;
  const card = "rounded-lg border border-slate-200 bg-white p-4 shadow-sm";
  const firstWave = cards.variants.map((v) =>
    c.firstWaveOf.replace("{left}", String(v.firstWave.left)).replace("{spots}", String(v.firstWave.spots)),
  );
  const figures: [string, string, React.ReactNode][] = [
    ["card-confirmed", c.confirmed, cards.confirmed],
    [
      "card-first-wave",
      c.firstWaveLeft,
      all ? (
        <ul className="text-base">
          {cards.variants.map((v, i) => (
            <li key={v.key} className="flex justify-between gap-2">
              <span>{copy.console.variants[v.key]}</span>
              <span>{firstWave[i]}</span>
            </li>
          ))}
        </ul>
      ) : (
        firstWave[0]
      ),
    ],
    ["card-credited", c.credited, cards.credited],
    ["card-viral", c.viral, cards.viral],
    ["card-today", c.today, cards.today],
    ["card-week", c.week, cards.week],
  ];
  return (
    <section aria-labelledby="admin-cards">
      <h2 id="admin-cards" className="text-lg font-semibold text-slate-900">
        {all ? c.allHeading : c.heading}
      </h2>
      <dl className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {figures.map(([id, label, value]) => (
          <div key={id} className={card} data-testid={id}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-slate-600" data-testid="card-incomplete">
        {c.incomplete}: <strong>{cards.incomplete}</strong> — {c.incompleteHint}. {c.viral}: {c.viralHint}.
      </p>
      {all ? (
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm" data-testid="per-variant">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900">{c.perVariant}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {copy.console.switcherLabel}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.confirmed}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.firstWaveLeft}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.credited}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.viral}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.today}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.week}
                </th>
                <th scope="col" className="px-3 py-2">
                  {c.incomplete}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {cards.variants.map((v, i) => (
                <tr key={v.key} data-variant={v.key}>
                  <th scope="row" className="px-3 py-2 font-semibold">
                    {copy.console.variants[v.key]}
                  </th>
                  <td className="px-3 py-2">{v.confirmed}</td>
                  <td className="px-3 py-2">{firstWave[i]}</td>
                  <td className="px-3 py-2">{v.credited}</td>
                  <td className="px-3 py-2">{viralCoefficient(v.credited, v.confirmed)}</td>
                  <td className="px-3 py-2">{v.today}</td>
                  <td className="px-3 py-2">{v.week}</td>
                  <td className="px-3 py-2">{v.incomplete}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
