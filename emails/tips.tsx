import {
  CallToAction,
  ConfirmAddress,
  Closing,
  EmailLayout,
  MainButton,
  MainIntro,
  Sharing,
  type EmailProps,
} from "./components/Layout";

/** Free tips e-mail: a download button, a follow or early-access CTA, and a share link (SPEC 2.16). */
export default function TipsEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <ConfirmAddress email={email} />
      <MainButton email={email} />
      <CallToAction email={email} />
      <Sharing email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
