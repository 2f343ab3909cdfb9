import type { LeadMagnetContent } from "#content/schemas/lead-magnet";
import type { Option } from "#content/schemas/options";
import type { LeadMagnetField } from "~/guides/form-schema";
import type { LeadMagnetValues } from "~/guides/kinds";
import { LeadMagnetForm } from "./LeadMagnetForm";

const EMPTY: LeadMagnetValues = { email: "", ageBand: "", goals: [] };

/** The /guide-form and /tips-form page: heading, the form, and the alert of a rejected submit. */
export function LeadMagnetFormPage({
  copy,
  ageBands,
  goals,
  result,
}: {
  copy: LeadMagnetContent["form"];
  ageBands: Option[];
  goals: Option[];
  result?: { alert: string; values: LeadMagnetValues; missing?: LeadMagnetField[] };
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{copy.subtitle}</p>
      <LeadMagnetForm
        copy={copy}
        ageBands={ageBands}
        goals={goals}
        values={result?.values ?? EMPTY}
        alert={result?.alert}
        missing={result?.missing ?? []}
      />
    </section>
  );
}
