import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/** To a referrer when a referral was credited: the new place and the status page. */
export default function MovedUpEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
