/** The status page's "the card you are sharing": the picture the parent's referral link unfurls into (ADR 037). */
export function ShareCardPreview({
  card,
}: {
  card: { src: string; alt: string; width: number; height: number; title: string; text: string };
}) {
  return (
    <section aria-labelledby="share-card" className="mt-8 rounded-xl border border-slate-200 p-6" data-testid="share-card">
      <h2 id="share-card" className="text-xl font-bold text-slate-900">
        {card.title}
      </h2>
      <p className="mt-2 text-slate-700">{card.text}</p>
      <img
        src={card.src}
        alt={card.alt}
        width={card.width}
        height={card.height}
        loading="lazy"
        className="mt-4 h-auto w-full rounded-lg border border-slate-200"
      />
    </section>
  );
}
