import { Closing, EmailLayout, MainButton, MainIntro, type EmailProps } from "./components/Layout";

/**
 * To an account's owner when someone signs up with its address: someone tried, sign in with the
 * button (the app's sign-in page), or ignore it. It carries nothing the visitor typed.
 */
export default function AccountExistsEmail({ email }: EmailProps) {
  return (
    <EmailLayout email={email}>
      <MainIntro email={email} />
      <MainButton email={email} />
      <Closing email={email} />
    </EmailLayout>
  );
}
