import { FormField } from "~/components/FormField";

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600";

type FieldProps = {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  placeholder: string;
  error?: string;
  defaultValue?: string;
  /** A control shown inside the input's right edge (the show/hide button). */
  addon?: React.ReactNode;
};

/** A labelled input with its validation message under it (SPEC 5), in the sign-up form's style. */
export function Field({ name, label, type, autoComplete, placeholder, error, defaultValue, addon }: FieldProps) {
  return (
    <FormField
      id={`field-${name}`}
      label={label}
      labelClassName="block text-sm font-medium text-slate-800"
      error={error}
      errorTestId={`error-${name}`}
    >
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type={type}
            autoComplete={autoComplete}
            placeholder={placeholder}
            defaultValue={defaultValue}
            className={addon ? `${inputClass} pr-11` : inputClass}
          />
          {addon}
        </div>
      )}
    </FormField>
  );
}
