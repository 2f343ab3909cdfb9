import { useLinkTo } from "~/utils/root-data";

/** The variant's own query parameters (domain, sport), so a GET form stays in the variant. */
export function VariantInputs() {
  const href = useLinkTo()("admin/leads");
  const params = new URLSearchParams(href.split("?")[1] ?? "");
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
