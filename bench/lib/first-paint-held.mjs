/**
 * How long Chrome kept a page's first paint off screen, in ms, from a Lighthouse trace's events:
 * from the renderer painting the first visible text or image of the page to the
 * first-contentful-paint mark (the moment that paint was presented).
 *
 * Tens of milliseconds normally. In the Chrome Lighthouse launches, the compositor is sometimes
 * refused new frames after the navigation and the painted page waits about a second to be shown;
 * Lighthouse then takes that late paint as the page's, and its simulation counts every module
 * requested meanwhile as holding up FCP and LCP. null when the trace lacks either event.
 */
export function firstPaintHeldMs(events) {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) return null;
  const frame = fcp.args?.frame;
  const navigation = events
    .filter((e) => e.name === "navigationStart" && e.args?.frame === frame && e.ts <= fcp.ts)
    .reduce((latest, e) => (!latest || e.ts > latest.ts ? e : latest), null);
  const visible = ({ rect }) => Array.isArray(rect) && rect[2] !== rect[0] && rect[5] !== rect[1];
  const painted = events
    .filter((e) => e.name === "PaintTimingVisualizer::LayoutObjectPainted" && e.args?.data?.frame === frame)
    .filter((e) => e.ts >= (navigation?.ts ?? 0) && e.ts <= fcp.ts && visible(e.args.data))
    .reduce((first, e) => (!first || e.ts < first.ts ? e : first), null);
  return painted ? Math.round((fcp.ts - painted.ts) / 1000) : null;
}
