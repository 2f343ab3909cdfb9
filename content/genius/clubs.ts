import type { ClubsContent } from "../schemas/clubs";

/** The base copy of the club pools; only the sport editions have club pages (content/champion/clubs.ts). */
export const clubs: ClubsContent = {
  register: {
    metaTitle: "Register your club | {brand}",
    title: "Register your club",
    intro:
      "Coaches and clubs: register your club and get a club link for the families of your team. Every family that joins through it counts for your club, and when your club reaches its milestone, its families get in together.",
    nameLabel: "Club name",
    cityLabel: "City",
    emailLabel: "Your e-mail (the club's contact)",
    emailPlaceholder: "coach@club.example",
    button: "Register my club",
    busy: "Registering…",
    note: "We e-mail you a link to confirm the address. We check every club before it appears on our club list; families' names never appear anywhere.",
    errors: {
      nameMissing: "Please enter your club's name.",
      nameTooLong: "Please keep the club's name under {max} characters.",
      cityMissing: "Please enter your club's city.",
      cityTooLong: "Please keep the city under {max} characters.",
      missing: "Please enter your e-mail address.",
      invalidEmail: "Please enter a valid e-mail address.",
      emailTooLong: "Please keep the e-mail address under {max} characters.",
      saveFailed: "We could not register your club right now. Please try again in a moment.",
    },
    sent: {
      title: "Check your inbox",
      text: "We sent a confirmation link to the address you gave. Press it to confirm your club's registration.",
      hint: "No e-mail after a few minutes? Look in your spam folder, or register again: we send the link once.",
    },
  },
  confirmed: {
    metaTitle: "Your club | {brand}",
    title: "{clubName} is confirmed",
    pending:
      "Thank you! We check every new club before it appears on our club list, usually within a day. Your club link works already: share it with your team's families now.",
    approved: "Your club is on our club list. Share your club link with your team's families.",
    rejected: "We could not publish this club. If you think that's a mistake, write to us at {contactEmail}.",
    linkLabel: "Your club link",
    linkHint: "Families who join through this link count for your club.",
    pageLabel: "Your club page",
    invalid: {
      title: "This link doesn't work",
      text: "The confirmation link is broken or has expired. Register your club again and we'll send a fresh one.",
    },
  },
  page: {
    families: "{count} confirmed families",
    milestone: "{count} of {milestone} families to the club milestone",
    milestoneReached: "Milestone reached: the club's families get in together",
    shareTitle: "Share the club link",
    shareHint: "Families who join through this link count for {clubName}.",
    join: "Join the waitlist with {clubName}",
    leaderboardLink: "See all clubs",
  },
  leaderboard: {
    metaTitle: "Clubs | {brand}",
    title: "Clubs on the waitlist",
    intro: "Clubs ranked by their confirmed families. Only clubs and counts are shown, never a family's name.",
    empty: "No clubs yet. Be the first!",
    columns: { rank: "Rank", club: "Club", city: "City", families: "Confirmed families" },
    register: "Register your club",
  },
  field: {
    label: "Your club (optional)",
    none: "No club",
    hint: "Pick your club and your family counts for it.",
  },
  invite: { together: "Your club {clubName} gets in together." },
};
