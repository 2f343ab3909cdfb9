import { Closing, ConfirmAddress, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/**
 * The status link a parent asked for on /lost-link (docs/decisions/034-lost-my-link.md); a parent
 * who has not confirmed yet also gets the confirm button (the double opt-in block).
 */
export default function LostLinkEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <ConfirmAddress email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
