import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

const INTERVAL_MS = 2000;
const MAX_LOOKS = 15;

/**
 * While a page's e-mail is queued but not yet accepted by the provider, reload the page's data a
 * few times so the success mark appears as soon as it is true (bounded: a provider that is down
 * leaves the mail to the retry job, and the page stops asking).
 */
export function useSettlingMail(queued: boolean) {
  const revalidator = useRevalidator();
  const looks = useRef(0);
  useEffect(() => {
    if (!queued || looks.current >= MAX_LOOKS || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      looks.current += 1;
      revalidator.revalidate();
    }, INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [queued, revalidator]);
}
