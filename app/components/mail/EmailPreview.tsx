/**
 * One rendered e-mail shown in a sandboxed iframe: no scripts, no navigation, no access to the page.
 * `srcDoc` is an attribute, so React escapes the HTML; the e-mail cannot break out of the frame.
 */
export function EmailPreview({ title, html }: { title: string; html: string }) {
  return (
    <iframe
      title={title}
      srcDoc={html}
      sandbox=""
      loading="lazy"
      className="h-[640px] w-full rounded-lg border border-slate-200 bg-white"
    />
  );
}
