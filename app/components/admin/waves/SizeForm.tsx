import { Form } from "@remix-run/react";
import type { AdminContent } from "#content/schemas/admin";
import type { AdmitForm } from "~/waves/wave-admin.server";
import { FormField } from "~/components/FormField";
import { SMALL_BUTTON } from "./buttons";
import { counted } from "#content/plural";

/**
 * How many to admit: the field holds the suggestion (the first-wave spots left) or the number being
 * changed, and says which. A GET: it only shows the cut-off. Keyed by the wave and the value, so a
 * field the admin typed in before the last wave shows the new suggestion after it (React would keep
 * the typed value of the same input).
 */
export function SizeForm({
  text,
  admit,
  spots,
  badSize,
  action,
  keep,
}: {
  text: AdminContent["waves"];
  admit: AdmitForm;
  spots: number;
  badSize: boolean;
  action: string;
  keep: Record<string, string>;
}) {
  const suggested = admit.spotsLeft > 0 && admit.value === admit.spotsLeft;
  return (
    <Form method="get" action={action} className="mt-3" key={`${admit.seq}:${admit.value ?? ""}`} data-testid="wave-size">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormField
        bare
        id="admit-size"
        label={text.sizeLabel}
        labelClassName="block text-sm font-semibold text-slate-800"
        hint={
          admit.spotsLeft === 0
            ? text.noneLeft.replace("{spots}", String(spots))
            : suggested
              ? counted(text.suggested, admit.spotsLeft)
              : text.sizeHint.replace("{left}", String(admit.spotsLeft)).replace("{spots}", String(spots))
        }
        hintId="size-hint"
        hintClassName="mt-2 text-sm text-slate-700"
        hintTestId={suggested ? "size-suggested" : "spots-left"}
        hintBelow
        error={badSize ? text.badSize : null}
        errorId="size-error"
        errorClassName="mt-2 text-red-900"
        errorRole="alert"
      >
        {(control) => (
          <div className="mt-1 flex flex-wrap items-end gap-3">
            <input
              {...control}
              type="number"
              name="n"
              min={1}
              max={1000}
              required
              defaultValue={admit.value ?? undefined}
              className="w-32 rounded border border-slate-400 px-2 py-1"
            />
            <button type="submit" className={SMALL_BUTTON}>
              {text.preview}
            </button>
          </div>
        )}
      </FormField>
    </Form>
  );
}
