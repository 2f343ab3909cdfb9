import type { WaitlistContent } from "../schemas/waitlist";

export const waitlist: WaitlistContent = {
  prompt: {
    unconfirmed:
      "One last step: open the e-mail we just sent and press “Confirm my e-mail”. Confirmed parents get their place in line, and a friend who joins through your link counts for you once they confirm too.",
    confirmed: "Your e-mail is confirmed and you have your place in line.",
    statusLink: "See your place in line and your referrals",
  },
  verify: {
    metaTitle: "Confirm your e-mail | {brand}",
    title: "Confirm your e-mail",
    text: "Press the button to confirm {email} for the {brand} waitlist.",
    button: "Confirm my e-mail",
    doneTitle: "Your e-mail is confirmed",
    doneText: "Thank you. You now have your place in line.",
    statusButton: "See my place in line",
    expiredTitle: "This link has expired",
    expiredText: "Confirmation links work for 7 days. We can send you a fresh one.",
    resendButton: "Send me a new link",
    resent: "We've sent a fresh link to {email}. It works for 7 days.",
    resendLimit: "You've asked for 3 new links today. Please use the newest one, or try again tomorrow.",
    invalidTitle: "This link doesn't work",
    invalidText: "It may have been cut short. Open it again from the e-mail we sent you.",
    unavailable: "We couldn't confirm your e-mail just now. Please try again in a moment.",
    home: "Back to Home",
  },
  status: {
    metaTitle: "Your waitlist status | {brand}",
    title: "Your place on the {brand} waitlist",
    placeLabel: "Your place in line",
    place: "#{place}",
    unconfirmed: "Confirm your e-mail to get your place in line: press “Confirm my e-mail” in the e-mail we sent you.",
    inFirstWave: "You're in the first wave.",
    firstWaveLeft: "{left} of {spots} first-wave spots left",
    firstWaveFull: "All {spots} first-wave spots are taken. Referrals still move you up for the next wave.",
    referralsTitle: "Your referrals",
    credited: "Counted",
    pending: "Waiting for their confirmation",
    rule: "Parents are placed in the order they confirmed their e-mail. Each friend who joins through your link and confirms theirs moves you up {step} places.",
    invalidTitle: "This link doesn't work",
    invalidText: "Open your status link again from one of our e-mails.",
  },
};
