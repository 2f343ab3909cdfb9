// The Worker way of loading WebAssembly: wrangler bundles each .wasm file as a compiled module; a
// Worker may not compile wasm from bytes at run time. The Remix build leaves these imports to
// wrangler (vite.config.ts, build.rollupOptions.external), as it does the two font files (Inter,
// @fontsource/inter, SIL Open Font License 1.1: Data modules by wrangler.toml's [[rules]]).
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";
import layoutWasm from "satori/yoga.wasm";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";
// Types only: a value import would make this lazily loaded chunk import the whole server build,
// and esbuild keeps every package a lazily loaded module imports whole (the Worker doubled).
import type { CardInputs } from "./card-inputs";

type Size = { width: number; height: number };

/** Once per isolate, on the first card: a page render never pays for it. */
let ready: Promise<void> | null = null;
function initOnce(): Promise<void> {
  ready ??= Promise.all([initWasm(resvgWasm), initSatori(layoutWasm)]).then(
    () => undefined,
    (error: unknown) => {
      ready = null;
      throw error;
    },
  );
  return ready;
}

type Node = { type: string; props: { style?: Record<string, string | number>; children?: Node | string | (Node | string)[] } };
const h = (type: string, style: Record<string, string | number>, children?: Node["props"]["children"]): Node => ({
  type,
  props: { style: { display: "flex", ...style }, children },
});

/** The card's drawing: a brand panel with the headline, the focus line and the first steps. */
function cardTree(inputs: CardInputs, size: Size): Node {
  const { colors, wordmark } = inputs.brand;
  const step = (text: string, index: number) =>
    h("div", { alignItems: "center", gap: 20, fontSize: 34 }, [
      h(
        "div",
        {
          width: 52,
          height: 52,
          borderRadius: 26,
          backgroundColor: colors.highlight,
          color: colors.brandStrong,
          alignItems: "center",
          justifyContent: "center",
          fontWeight: 700,
        },
        String(index + 1),
      ),
      h("div", {}, text),
    ]);
  return h(
    "div",
    {
      width: size.width,
      height: size.height,
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "56px 72px",
      backgroundColor: colors.brandStrong,
      backgroundImage: `linear-gradient(135deg, ${colors.brandStrong} 0%, ${colors.brand} 100%)`,
      color: "#ffffff",
      fontFamily: "Inter",
    },
    [
      h("div", { flexDirection: "column", gap: 16 }, [
        h("div", { fontSize: 64, fontWeight: 700, lineHeight: 1.1 }, inputs.headline),
        h("div", { fontSize: 34, color: colors.brandSoft }, inputs.focusLine),
      ]),
      h("div", { flexDirection: "column", gap: 18 }, [
        h(
          "div",
          { fontSize: 26, fontWeight: 700, color: colors.highlight, textTransform: "uppercase", letterSpacing: 2 },
          inputs.stepsLabel,
        ),
        ...inputs.steps.map(step),
      ]),
      h("div", { justifyContent: "space-between", alignItems: "center", fontSize: 30 }, [
        h("div", { fontWeight: 700 }, wordmark),
        h(
          "div",
          { backgroundColor: colors.highlight, color: colors.brandStrong, padding: "10px 28px", borderRadius: 40, fontWeight: 700 },
          inputs.cta,
        ),
      ]),
    ],
  );
}

/** vite's types call a .woff import a URL; wrangler's Data rule makes it the file's bytes. */
const fontData = (data: unknown) => data as ArrayBuffer;

/** The card as a PNG of `size` (1200×630): satori lays it out as SVG, resvg draws it. */
export async function renderCardPng(inputs: CardInputs, size: Size): Promise<Uint8Array<ArrayBuffer>> {
  await initOnce();
  const svg = await satori(cardTree(inputs, size) as never, {
    ...size,
    fonts: [
      { name: "Inter", data: fontData(inter400), weight: 400, style: "normal" },
      { name: "Inter", data: fontData(inter700), weight: 700, style: "normal" },
    ],
  });
  // Both live in wasm memory until freed.
  const resvg = new Resvg(svg, { fitTo: { mode: "original" } });
  const image = resvg.render();
  try {
    // A copy on the JavaScript heap: the wasm memory is reused by the next card.
    return new Uint8Array(image.asPng());
  } finally {
    image.free();
    resvg.free();
  }
}
