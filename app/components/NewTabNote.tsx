import { useRootData } from "~/utils/root-data";

/** Tells screen reader users that the link it sits in opens a new tab; sighted users see the icon or context. */
export function NewTabNote() {
  const { a11y } = useRootData();
  return <span className="sr-only"> {a11y.opensInNewTab}</span>;
}
