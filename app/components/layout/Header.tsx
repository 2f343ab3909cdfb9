import { useLinkTo, useRootData } from "~/utils/root-data";
import { PAGE_CONTAINER } from "./container";
import { LogoMark } from "./LogoMark";

export function Header() {
  const { site } = useRootData();
  const linkTo = useLinkTo();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`${PAGE_CONTAINER} flex items-center py-3`}>
        <a href={linkTo("home")} className="flex items-center gap-2">
          <LogoMark />
          <span className="brand-type text-lg font-bold text-slate-900" data-testid="wordmark">
            {site.wordmark}
          </span>
        </a>
      </div>
    </header>
  );
}
