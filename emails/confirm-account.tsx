import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/** The local account's confirmation e-mail: one button to the signed /signup-confirm link. */
export default function ConfirmAccountEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
