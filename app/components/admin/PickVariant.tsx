import type { AdminContent } from "#content/schemas/admin";
import { ADMIN_VARIANTS } from "~/utils/admin-scope";
import { linkTo } from "~/utils/links";
import { contentKeyOf, variantKey } from "~/utils/variant";

/** The all-variants view lists no combined table: a row's edit, delete and bulk actions belong to one variant. */
export function PickVariant({ copy }: { copy: AdminContent }) {
  return (
    <section className="mt-8">
      <p className="text-slate-700">{copy.cards.pickVariant}</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {ADMIN_VARIANTS.map((v) => (
          <li key={variantKey(v)}>
            <a href={linkTo(v, "admin/leads")} className="font-semibold text-brand-strong underline">
              {copy.cards.openVariant.replace("{variant}", copy.console.variants[contentKeyOf(v)])}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
