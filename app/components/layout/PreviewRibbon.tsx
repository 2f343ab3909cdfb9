/**
 * The preview's ribbon: which branch and commit QA is looking at. A thin bar in the page's flow at
 * the top (sticky, so it stays in view while scrolling), so nothing is drawn under it. Fixed colours
 * rather than brand tokens: white on slate-900 reads the same in all three brands (about 17:1).
 */
export function PreviewRibbon({ text, label }: { text: string; label: string }) {
  return (
    <div
      role="note"
      aria-label={label}
      data-testid="preview-ribbon"
      className="sticky top-0 z-40 bg-slate-900 px-4 py-1 text-center font-mono text-xs font-medium text-white"
    >
      {text}
    </div>
  );
}
