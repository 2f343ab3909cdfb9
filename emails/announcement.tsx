import { CallToAction, Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/**
 * The launch-day announcement (docs/decisions/026-announcements.md): the early-access date, the
 * admin's short message and call to action, then the parent's place in line with the status link.
 */
export default function AnnouncementEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <CallToAction email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
