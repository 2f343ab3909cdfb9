import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/** A fresh double opt-in link the parent asked for on the expired-link page. */
export default function ConfirmEmailEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
