import { Eye, EyeOff } from "lucide-react";
import type { SignupContent } from "#content/schemas/signup";

/** Shows or hides the password fields' text (with JavaScript only: without it the button could do nothing). */
export function PasswordToggle({ shown, onToggle, copy }: { shown: boolean; onToggle: () => void; copy: SignupContent["fields"] }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={shown ? copy.hidePassword : copy.showPassword}
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
    >
      {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}
