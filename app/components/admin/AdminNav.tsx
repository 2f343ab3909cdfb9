import { useLocation, useMatches } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import { filterParams, parseBack } from "~/admin/list-query";
import { ADMIN_VARIANTS, ALL_VARIANTS_PARAM } from "~/utils/admin-scope";
import type { RouteHandle } from "~/utils/hydrate";
import { linkTo } from "~/utils/links";
import { useRootData } from "~/utils/root-data";
import { contentKeyOf, variantKey } from "~/utils/variant";

/** Query parameters the switcher never carries over: the variant's own, the scope, the page. */
const SCOPE_PARAMS = new Set(["domain", "sport", "variants", "page"]);

export type AdminNavProps = {
  copy: AdminContent["console"];
  /** The signed-in admin's e-mail. */
  email: string;
};

/**
 * The route handle of an admin page. A lead's own pages (edit, delete, data) set switchToList: the
 * lead lives in one table, so the switcher goes to the other variant's list with the filters of
 * the page's ?back= instead of to this page.
 */
export type AdminPageHandle = RouteHandle & { switchToList?: boolean };

const PAGES = [
  ["admin/leads", "leads"],
  ["admin/referrals", "referrals"],
  ["admin/analytics", "analytics"],
  ["admin/mail", "mail"],
  ["admin/launch", "launch"],
  ["admin/waves", "waves"],
  ["admin/rewards", "rewards"],
  ["admin/clubs", "clubs"],
  ["admin/webhooks", "webhooks"],
  ["admin/audit", "audit"],
] as const;

/**
 * The console frame of every admin page: the pages, the variant switcher (each variant and all
 * three, keeping the page's filters) and the signed-in admin with a sign-out button. Links come
 * from the link builder, so on a localhost or preview host the variant travels in ?domain=&sport=.
 */
export function AdminNav({ copy, email }: AdminNavProps) {
  const { variant } = useRootData();
  const location = useLocation();
  const toList = useMatches().some((match) => (match.handle as AdminPageHandle | undefined)?.switchToList);
  const search = new URLSearchParams(location.search);
  const all = search.get("variants") === ALL_VARIANTS_PARAM.variants;
  const current = location.pathname.replace(/^\/+/, "");
  const kept: Record<string, string> = {};
  for (const [name, value] of search) if (!SCOPE_PARAMS.has(name)) kept[name] = value;
  const target = toList ? { page: "admin/leads", params: filterParams(parseBack(search.get("back"))) } : { page: current, params: kept };
  const scopeParams = all ? { ...ALL_VARIANTS_PARAM } : {};
  const pill =
    "inline-block rounded-full border border-slate-300 px-3 py-1 font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-slate-900 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white";

  return (
    <header className="mb-6 border-b border-slate-200 pb-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={copy.navLabel}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {PAGES.map(([page, key]) => (
              <li key={page}>
                <a
                  href={linkTo(variant, page, scopeParams)}
                  aria-current={current === page ? "page" : undefined}
                  className="font-semibold text-brand-strong underline aria-[current=page]:no-underline"
                >
                  {copy[key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <form method="post" action={linkTo(variant, "signout")} className="flex flex-wrap items-center gap-3 text-sm">
          <span className="wrap-anywhere text-slate-700" data-testid="signed-in-as">
            {copy.signedInAs.replace("{email}", email)}
          </span>
          <button type="submit" className="rounded-md border border-slate-400 px-3 py-1 font-semibold text-slate-800 hover:bg-slate-100">
            {copy.signOut}
          </button>
        </form>
      </div>
      <nav aria-label={copy.switcherLabel} className="mt-3">
        <ul className="flex flex-wrap gap-2 text-sm">
          {ADMIN_VARIANTS.map((v) => (
            <li key={variantKey(v)}>
              <a
                href={linkTo(v, target.page, target.params)}
                aria-current={!all && variantKey(v) === variantKey(variant) ? "page" : undefined}
                className={pill}
              >
                {copy.variants[contentKeyOf(v)]}
              </a>
            </li>
          ))}
          <li>
            <a
              href={linkTo(variant, target.page, { ...target.params, ...ALL_VARIANTS_PARAM })}
              aria-current={all ? "page" : undefined}
              className={pill}
            >
              {copy.allVariants}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
