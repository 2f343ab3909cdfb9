import { Closing, EmailLayout, MainButton, MainIntro, NextSteps, type EmailProps } from "./components/Layout";

/** A parent's wave invite (docs/decisions/025-waves-and-invites.md): the signed, single-use {inviteLink}. */
export default function InviteEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <NextSteps email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
