import type { FormEventHandler } from "react";

type EmailInputProps = {
  /** What FormField hands its control: the id, aria-invalid and aria-describedby. */
  control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
  placeholder: string;
  defaultValue?: string;
  onInput?: FormEventHandler<HTMLInputElement>;
  /** The spacing above the box, which differs by form. */
  className?: string;
};

/**
 * A parent's e-mail address: the type, autocomplete and keyboard that let a phone fill it in, in
 * the one box style of the public forms (red border while invalid).
 */
export function EmailInput({ control, placeholder, defaultValue, onInput, className = "mt-1" }: EmailInputProps) {
  return (
    <input
      {...control}
      name="email"
      type="email"
      required
      autoComplete="email"
      inputMode="email"
      placeholder={placeholder}
      defaultValue={defaultValue}
      onInput={onInput}
      className={`${className} block w-full rounded-lg border border-slate-400 px-3 py-3 text-lg text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none aria-[invalid=true]:border-red-600`}
    />
  );
}
