import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Tracks whether an uncontrolled form is complete, reading the DOM on every change and after each
 * render. Inputs stay uncontrolled so choices made before hydration are never reset.
 */
export function useFormComplete(isComplete: (form: HTMLFormElement) => boolean, deps: unknown[] = []) {
  const formRef = useRef<HTMLFormElement>(null);
  const [complete, setComplete] = useState(false);
  const check = useCallback(() => {
    if (formRef.current) setComplete(isComplete(formRef.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(check, [check, ...deps]);
  return { formRef, complete, check };
}
