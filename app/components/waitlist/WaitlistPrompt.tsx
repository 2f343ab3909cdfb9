import { MailCheck } from "lucide-react";
import type { WaitlistContent } from "#content/schemas/waitlist";

/**
 * On the success pages: confirm your e-mail to get a place (or: you have one; or, with an account:
 * you are past the line), and the status link.
 */
export function WaitlistPrompt({
  copy,
  confirmed,
  account = false,
  statusLink,
}: {
  copy: WaitlistContent["prompt"];
  confirmed: boolean;
  account?: boolean;
  statusLink: string;
}) {
  return (
    <div className="mt-8 flex gap-3 rounded-xl border-2 border-brand bg-brand-soft p-5" data-testid="waitlist-prompt">
      <MailCheck aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-strong" />
      <div className="text-slate-900">
        <p className="font-medium">{account ? copy.account : confirmed ? copy.confirmed : copy.unconfirmed}</p>
        <p className="mt-2">
          <a href={statusLink} className="font-semibold text-brand-strong underline">
            {account ? copy.accountStatusLink : copy.statusLink}
          </a>
        </p>
      </div>
    </div>
  );
}
