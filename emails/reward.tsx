import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/** A milestone reward the parent earned (ADR 035): what it is and the button to get it. */
export default function RewardEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
