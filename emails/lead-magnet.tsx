import { CallToAction, ConfirmAddress, Closing, EmailLayout, MainButton, MainIntro, Sharing, type EmailProps } from "./components/Layout";

/**
 * The free guide e-mail and the free tips e-mail (SPEC 2.16): one layout, a download button, a
 * follow or early-access CTA, and a share link; each kind's words come from its own content entry.
 */
export default function LeadMagnetEmail({ email }: EmailProps) {
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
