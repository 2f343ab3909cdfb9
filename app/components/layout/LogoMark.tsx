import { markGlyphs } from "~/components/brand/marks";
import { useRootData } from "~/utils/root-data";

/** The brand's mark on a brand-coloured tile; decoration beside the wordmark, which names the brand. */
export function LogoMark({ size = "md" }: { size?: "md" | "lg" }) {
  const { brand } = useRootData();
  const box = size === "lg" ? "h-14 w-14" : "h-9 w-9";
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      className={`${box} shrink-0 rounded-xl bg-brand p-0.5`}
      data-mark={brand.mark}
    >
      {markGlyphs[brand.mark]}
    </svg>
  );
}
