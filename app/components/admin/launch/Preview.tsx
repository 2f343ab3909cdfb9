import type { AdminContent } from "#content/schemas/admin";

/** The announcement as its first recipient gets it, at phone and desktop width, in sandboxed frames. */
export function Preview({ copy, preview }: { copy: AdminContent; preview: { subject: string; html: string; to: string | null } | null }) {
  const text = copy.launch.preview;
  return (
    <section aria-labelledby="preview-heading" className="mb-8">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        {text.heading}
      </h2>
      {preview ? (
        <>
          <p className="text-slate-600" data-testid="preview-recipient">
            {preview.to ? text.recipient.replace("{email}", preview.to) : text.sample}
          </p>
          <p className="mt-1">
            <span className="font-semibold">{text.subject}: </span>
            <span data-testid="preview-subject">{preview.subject}</span>
          </p>
          <div className="mt-4 flex flex-wrap items-start gap-6">
            <figure>
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.phone}</figcaption>
              <iframe
                title={`${text.heading}: ${text.phone}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-[375px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-phone"
              />
            </figure>
            <figure className="min-w-0 flex-1">
              <figcaption className="mb-1 text-sm font-semibold text-slate-700">{text.desktop}</figcaption>
              <iframe
                title={`${text.heading}: ${text.desktop}`}
                srcDoc={preview.html}
                sandbox=""
                className="h-[640px] w-full max-w-[800px] min-w-[320px] rounded-md border border-slate-300 bg-white"
                data-testid="preview-desktop"
              />
            </figure>
          </div>
        </>
      ) : (
        <p className="text-slate-600">{text.empty}</p>
      )}
    </section>
  );
}
