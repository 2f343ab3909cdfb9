import { ArrowRight } from "lucide-react";
import { useLinkTo } from "~/utils/root-data";

/** Every landing call to action leads to the lead form of the visitor's variant (SPEC 2.4). */
export function CtaButton({ label, inverted = false }: { label: string; inverted?: boolean }) {
  const linkTo = useLinkTo();
  const colours = inverted
    ? "bg-white text-brand-strong hover:bg-brand-soft focus-visible:outline-white"
    : "bg-brand text-white hover:bg-brand-strong focus-visible:outline-brand";
  return (
    <a
      href={linkTo("form")}
      className={`${colours} inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-7 py-3 text-lg font-bold shadow-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-4`}
    >
      {label}
      <ArrowRight aria-hidden="true" className="h-5 w-5 shrink-0" />
    </a>
  );
}
