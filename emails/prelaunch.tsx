import {
  CallToAction,
  ConfirmAddress,
  Closing,
  EmailLayout,
  MainButton,
  MainIntro,
  NextSteps,
  Sharing,
  type EmailProps,
} from "./components/Layout";

/** Early-access confirmation: seat, selected plan, invite link, next steps, follow CTA (SPEC 2.16). */
export default function PrelaunchEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <ConfirmAddress email={email} />
      <Sharing email={email} />
      <MainButton email={email} />
      <NextSteps email={email} />
      <CallToAction email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
