import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/** A club contact's double opt-in (docs/decisions/039-clubs.md): one button, the signed confirm link. */
export default function ClubConfirmEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
