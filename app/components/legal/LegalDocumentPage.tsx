import type { LegalDocument } from "#content/schemas/legal";

type CookieRow = { name: string; purpose: string; lifetime: string; when: string };

/**
 * A legal document (SPEC 2.13): title, last-updated line, numbered sections of paragraphs; the
 * privacy policy's cookie table follows its `cookies` section.
 */
export function LegalDocumentPage({ document, cookies = [] }: { document: LegalDocument; cookies?: CookieRow[] }) {
  const table = document.cookieTable;
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
          {section.id === "cookies" && table && cookies.length ? (
            <div className="relative mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm text-slate-700">
                <caption className="sr-only">{table.caption}</caption>
                <thead className="border-b border-slate-300 text-slate-900">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      {table.headers.name}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {table.headers.purpose}
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      {table.headers.lifetime}
                    </th>
                    <th scope="col" className="py-2">
                      {table.headers.when}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cookies.map((cookie) => (
                    <tr key={cookie.name} className="border-b border-slate-200 align-top">
                      <th scope="row" className="py-2 pr-3 font-mono text-xs font-normal break-all">
                        {cookie.name}
                      </th>
                      <td className="py-2 pr-3">{cookie.purpose}</td>
                      <td className="py-2 pr-3">{cookie.lifetime}</td>
                      <td className="py-2">{cookie.when}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ))}
    </article>
  );
}
