import type { LegalDocument } from "#content/schemas/legal";

/** A legal document (SPEC 2.13): title, last-updated line, numbered sections of paragraphs. */
export function LegalDocumentPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{document.title}</h1>
      <p className="mt-2 text-sm font-medium text-slate-600">{document.lastUpdated}</p>
      <p className="mt-6 text-lg text-slate-700">{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.id} id={section.id} className="mt-8" aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`} className="text-xl font-bold text-slate-900">
            {section.heading}
          </h2>
          <div className="mt-3 space-y-3 text-slate-700">
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}
