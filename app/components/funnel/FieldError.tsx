/** How the funnel writes a validation message under its fields. */
export const FIELD_ERROR_CLASS = "mt-1 text-sm font-medium text-red-700";

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={FIELD_ERROR_CLASS}>
      {message}
    </p>
  );
}
