import { describe, expect, it } from "vitest";
import { firstPaintHeldMs } from "../../bench/lib/first-paint-held.mjs";

// Trace timestamps are in microseconds, as Chrome writes them.
const FRAME = "main-frame";
const navigation = (ts: number, frame = FRAME) => ({ name: "navigationStart", ts, args: { frame } });
const painted = (ts: number, rect = [0, 0, 390, 0, 390, 40, 0, 40], frame = FRAME) => ({
  name: "PaintTimingVisualizer::LayoutObjectPainted",
  ts,
  args: { data: { frame, rect } },
});
const fcp = (ts: number) => ({ name: "firstContentfulPaint", ts, args: { frame: FRAME } });

describe("firstPaintHeldMs (bench:lighthouse)", () => {
  it("is the time from the page's first visible paint to its presented first contentful paint", () => {
    const held = [navigation(1_000_000), painted(1_200_000), painted(1_230_000), fcp(2_251_000)];
    expect(firstPaintHeldMs(held)).toBe(1051);
    const shown = [navigation(1_000_000), painted(1_200_000), fcp(1_260_000)];
    expect(firstPaintHeldMs(shown)).toBe(60);
  });

  it("ignores paints of the page before (about:blank), of other frames and of empty boxes", () => {
    const events = [
      navigation(0),
      painted(100_000), // the blank page Lighthouse starts from
      navigation(1_000_000),
      painted(1_100_000, [0, 0, 0, 0, 0, 0, 0, 0]), // nothing visible
      painted(1_150_000, undefined, "an-iframe"),
      painted(1_200_000),
      fcp(1_300_000),
    ];
    expect(firstPaintHeldMs(events)).toBe(100);
  });

  it("is null when the trace has no first contentful paint or no paint before it", () => {
    expect(firstPaintHeldMs([navigation(0), painted(100_000)])).toBeNull();
    expect(firstPaintHeldMs([navigation(0), fcp(100_000), painted(200_000)])).toBeNull();
  });
});
