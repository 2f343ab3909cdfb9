import type { LegalDocument } from "../schemas/legal";

export const privacy: LegalDocument = {
  meta: {
    title: "Privacy Policy",
    description:
      "How {brand} collects, uses, keeps and protects parents' and children's data, which providers process it, and how to ask for access or erasure.",
  },
  title: "Privacy Policy",
  lastUpdated: "Last updated: September 2025",
  version: "2025-09-r2",
  intro:
    "This policy explains what {brand} collects when you use this website, why, how long we keep it and the choices you have. {brand} is a service for parents; the AI is for parents, not children.",
  sections: [
    {
      id: "controller",
      heading: "1. Who is responsible",
      paragraphs: [
        "{controllerName}, {controllerAddress}, is the controller of your personal data: we decide why and how it is used. Write to {controllerEmail} with any question about it.",
      ],
    },
    {
      id: "what-we-collect",
      heading: "2. What we collect",
      paragraphs: [
        "Your e-mail address, when you join the early-access list, ask for a free guide or free tips, or create an account.",
        "The answers you give in our forms: your children's age bands, the daily time you have available, focus areas, goals, your biggest concern, the plan and billing cycle you choose, and the number of children.",
        "Your name and password when you create an account. Passwords are stored only as a salted hash.",
        "Your referral code, the code of the parent whose share link brought you here, and campaign parameters in the link you arrived with (utm_source, utm_medium, utm_campaign, utm_term, utm_content). We also record whether you copied your share message or share link or followed us on social media.",
        "Technical data our hosting provider needs to deliver pages and protect the site from abuse, such as your IP address. We do not use it to build a profile of you.",
      ],
    },
    {
      id: "why",
      heading: "3. Why we use it",
      paragraphs: [
        "To build your child's personalised plan and roadmap, to hold your early-access spot, and to send you the e-mails you asked for: the early-access confirmation, the free guide or tips, and account e-mails.",
        "To count your referrals and understand which campaigns bring parents to us.",
        "We rely on the steps you take to join or sign up (contract and pre-contract steps), on our legitimate interest in keeping the site secure, and on your consent for the advertising pixel.",
      ],
    },
    {
      id: "children",
      heading: "4. Children",
      paragraphs: [
        "We ask parents for age bands and goals, never for a child's name, photo or school. {brand} is not directed at children under 13 and we do not knowingly collect personal data from them. If you believe a child has given us data, write to {contactEmail} and we will delete it.",
      ],
    },
    {
      id: "cookies",
      heading: "5. Cookies and the advertising pixel",
      paragraphs: [
        "We set two cookies before you choose anything in the cookie banner, because the site cannot work without them: the session cookie, which keeps your answers while you go through our forms, the referral code of the link you came with and, if you have one, your signed-in account; and the consent cookie, once you choose Accept or Reject. The session cookie also carries a random number that lets us count, on our own servers and without knowing who you are, how many visitors reach each step; no analytics script or third party is involved.",
        "The Meta (Facebook) advertising pixel is loaded only after you choose Accept in the cookie banner. It measures visits from our advertising and sets Meta's cookie. If you choose Reject, no pixel script is loaded and no request is sent to Meta. You can change your choice at any time with the Cookie settings link at the bottom of every page. We keep a record of each choice (the choice, the policy version and a daily-changing hash of your IP address, never the address itself) to show that we asked.",
        "Every cookie, its purpose and how long it lasts:",
      ],
    },
    {
      id: "processors",
      heading: "6. Who processes your data",
      paragraphs: [
        "We never sell your data. These providers process it on our behalf, under data processing agreements:",
        "Cloudflare (hosting and delivery of this website); Supabase (database); Resend (sending e-mail); Meta Platforms (advertising pixel, only after your consent).",
        "Some providers process data outside the European Economic Area. Where they do, the transfer is covered by the European Commission's standard contractual clauses.",
      ],
    },
    {
      id: "retention",
      heading: "7. How long we keep it",
      paragraphs: [
        "If you never confirm your e-mail address, we delete your sign-up and any pending referral after {unconfirmedDays} days. If you leave our form before giving an e-mail address, we delete your answers after {placeholderDays} days.",
        "Confirmed early-access, guide and tips sign-ups: until launch and at most 24 months after your last interaction with us, unless you create an account. Account data: for as long as your account exists, and deleted within 30 days after you close it.",
        "The e-mails we sent you: their content is deleted {mailBodyDays} days after sending; a record that an e-mail was sent (its kind, status and date) stays as long as your sign-up does.",
        "Anonymous step counts: individual events are deleted after {analyticsMonths} months; daily totals without any identifier are kept. Consent records: {consentMonths} months, as proof that we asked. If you erase your data or ask us to stop e-mailing you, we keep a one-way hash of your address on a do-not-mail list so that we never write to you again.",
      ],
    },
    {
      id: "your-rights",
      heading: "8. Your rights: access, correction and erasure",
      paragraphs: [
        "Every e-mail we send you and your waitlist status page carry a Manage my data link. It lets you download everything we hold about your e-mail address (as a JSON file) and erase it yourself, at any time and without logging in. Erasure deletes your sign-ups, your account and the content of our e-mails to you; referral credit you gave another parent stays with them as an anonymous count.",
        "You can also ask us to correct your data, object to its use, or withdraw your consent at any time: write to {controllerEmail} from the address you signed up with; we answer within 30 days. Marketing e-mails carry an unsubscribe link that takes effect at once.",
        "You may also complain to a data protection authority, such as the Czech Office for Personal Data Protection.",
      ],
    },
    {
      id: "changes",
      heading: "9. Changes to this policy",
      paragraphs: ["We will tell you by e-mail at least 30 days before a material change to this policy takes effect."],
    },
    {
      id: "contact",
      heading: "10. Contact",
      paragraphs: ["Questions about privacy: {contactEmail}."],
    },
  ],
  cookieTable: {
    caption: "Cookies on this website",
    headers: { name: "Cookie", purpose: "What it is for", lifetime: "How long it lasts", when: "When it is set" },
    lifetimes: { days: "{days} days", year: "1 year" },
    beforeConsent: "Strictly necessary: set without asking",
    afterConsent: "Only after you choose Accept",
    purposes: {
      session:
        "Keeps your answers while you go through our forms, the referral code of the link you came with, your sign-in, and a random visit number for our own step counts.",
      consent: "Remembers whether you accepted or rejected the advertising pixel.",
      supabaseAuth: "Keeps you signed in to your account (set when you sign in, only if accounts are enabled).",
      metaPixel: "Set by Meta's advertising pixel to recognise visits from our adverts.",
    },
  },
};
