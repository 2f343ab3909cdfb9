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

/**
 * Early-access confirmation: seat, selected plan, share link, next steps, follow CTA (SPEC 2.16).
 * Its one job is confirming the address: the confirm button comes first and the preheader asks for it.
 */
export default function PrelaunchEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email} preview={email.content.confirmAddress?.preheader}>
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
