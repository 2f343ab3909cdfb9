import type { ReactNode } from "react";
import type { QaPanelData } from "~/qa/qa.server";

type Row = [label: string, testId: string, value: ReactNode];

/** The shared panel of the QA pages (SPEC 2.15). Shows no configuration values or secrets. */
function QaPanel({ panel }: { panel: QaPanelData }) {
  const rows: Row[] = [
    ["Domain", "qa-domain", panel.domain],
    ["Sport", "qa-sport", panel.sport],
    ["Brand", "qa-brand", panel.brand],
    ["Content key", "qa-content-key", panel.contentKey],
    ["Hero title", "qa-title", panel.heroTitle],
    ["Logo text", "qa-logo", panel.logoText],
    ["Lead table", "qa-table", panel.leadTable],
    ["Own content pages", "qa-own-pages", panel.ownPages.join(", ")],
    ["From genius (fallback)", "qa-fallback-pages", panel.fallbackPages.join(", ") || "none"],
  ];
  return (
    <section aria-labelledby="qa-panel-title" className="rounded-xl border border-slate-300 bg-slate-50 p-5">
      <h2 id="qa-panel-title" className="text-lg font-bold text-slate-900">
        Detected variant
      </h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {rows.map(([label, testId, value]) => (
          <div key={testId} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="font-mono text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-semibold text-slate-900">Generated URLs</h3>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        {panel.urls.map((url) => (
          <div key={url.page} className="contents">
            <dt className="font-medium text-slate-600">{url.page}</dt>
            <dd className="font-mono">
              <a className="text-brand-strong underline" href={url.href} data-testid={`qa-url-${url.page}`}>
                {url.href}
              </a>
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-semibold text-slate-900">Switch variant</h3>
      <ul className="mt-2 flex flex-wrap gap-3 text-sm">
        {panel.switches.map((s) => (
          <li key={s.label}>
            <a className="font-mono text-brand-strong underline" href={s.href}>
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Page frame of a QA page: heading, purpose line, the panel, then the page's own focus; with
 * `panelLast` (the index, whose list is what QA came for) the panel comes after it.
 */
export function QaPage({
  title,
  purpose,
  panel,
  panelLast = false,
  children,
}: {
  title: string;
  purpose: string;
  panel: QaPanelData;
  panelLast?: boolean;
  children?: ReactNode;
}) {
  const panelBlock = (
    <div className={panelLast ? "mt-10" : "mt-6"}>
      <QaPanel panel={panel} />
    </div>
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Internal test page</p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{purpose}</p>
      {panelLast ? null : panelBlock}
      {children ? <div className="mt-8 space-y-6">{children}</div> : null}
      {panelLast ? panelBlock : null}
    </div>
  );
}
