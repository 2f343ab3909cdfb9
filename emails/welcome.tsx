import { CallToAction, Closing, EmailLayout, MainButton, MainIntro, NextSteps, Sharing, type EmailProps } from "./components/Layout";

/** Welcome after account creation: first steps, a dashboard button, plan and share link (SPEC 2.16). */
export default function WelcomeEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <NextSteps email={email} />
      <MainButton email={email} />
      <Sharing email={email} />
      <CallToAction email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
