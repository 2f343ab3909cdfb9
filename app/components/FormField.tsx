import type { ReactNode } from "react";

/** What a field's control gets: the id its label names, and the hint and error that describe it. */
type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FormFieldProps = {
  /** The control's id; the label names it. */
  id: string;
  label: ReactNode;
  labelClassName?: string;
  /** A line that helps fill the field in, read out with the control. */
  hint?: ReactNode;
  /** Default: `{id}-hint`. */
  hintId?: string;
  hintClassName?: string;
  hintTestId?: string;
  /** The hint under the control rather than between the label and the control. */
  hintBelow?: boolean;
  /** The validation message: while there is one the control is invalid and described by it. */
  error?: string | null;
  /** Default: `{id}-error`. */
  errorId?: string;
  errorClassName?: string;
  errorTestId?: string;
  errorRole?: "alert";
  /** The wrapping div's classes. */
  className?: string;
  /** No wrapping div: the parts stand in the parent (a fieldset, the form). */
  bare?: boolean;
  /** The input, textarea or select (and whatever stands beside it), given the props that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: the label, an optional hint, the control and its validation message,
 * the ids and aria-describedby that tie them together. Every form writes a field this way, so a
 * screen reader hears the same label, hint and error everywhere.
 */
export function FormField({
  id,
  label,
  labelClassName = "block font-semibold text-slate-900",
  hint,
  hintId = `${id}-hint`,
  hintClassName = "text-sm text-slate-600",
  hintTestId,
  hintBelow = false,
  error,
  errorId = `${id}-error`,
  errorClassName = "mt-1 text-sm text-red-700",
  errorTestId,
  errorRole,
  className,
  bare = false,
  children,
}: FormFieldProps) {
  const hintLine = hint ? (
    <p id={hintId} className={hintClassName} data-testid={hintTestId}>
      {hint}
    </p>
  ) : null;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const parts = (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hintBelow ? null : hintLine}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hintBelow ? hintLine : null}
      {error ? (
        <p id={errorId} role={errorRole} className={errorClassName} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  );
  return bare ? parts : <div className={className}>{parts}</div>;
}
