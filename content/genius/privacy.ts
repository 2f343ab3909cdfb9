import type { LegalDocument } from "../schemas/legal";

export const privacy: LegalDocument = {
  meta: {
    title: "Privacy Policy",
    description:
      "How {brand} collects, uses, keeps and protects parents' and children's data, which providers process it, and how to ask for access or erasure.",
  },
  title: "Privacy Policy",
  lastUpdated: "Last updated: September 2025",
  intro:
    "This policy explains what {brand} collects when you use this website, why, how long we keep it and the choices you have. {brand} is a service for parents; the AI is for parents, not children.",
  sections: [
    {
      id: "what-we-collect",
      heading: "1. What we collect",
      paragraphs: [
        "Your e-mail address, when you join the early-access list, ask for a free guide or free tips, or create an account.",
        "The answers you give in our forms: your children's age bands, the daily time you have available, focus areas, goals, your biggest concern, the plan and billing cycle you choose, and the number of children.",
        "Your name and password when you create an account. Passwords are stored only as a salted hash.",
        "Your referral code, the code of the parent who invited you, and campaign parameters in the link you arrived with (utm_source, utm_medium, utm_campaign, utm_term, utm_content). We also record whether you copied your share message or invite link or followed us on social media.",
        "Technical data our hosting provider needs to deliver pages and protect the site from abuse, such as your IP address. We do not use it to build a profile of you.",
      ],
    },
    {
      id: "why",
      heading: "2. Why we use it",
      paragraphs: [
        "To build your child's personalised plan and roadmap, to hold your early-access spot, and to send you the e-mails you asked for: the early-access confirmation, the free guide or tips, and account e-mails.",
        "To count your referrals and understand which campaigns bring parents to us.",
        "We rely on the steps you take to join or sign up (contract and pre-contract steps), on our legitimate interest in keeping the site secure, and on your consent for the advertising pixel.",
      ],
    },
    {
      id: "children",
      heading: "3. Children",
      paragraphs: [
        "We ask parents for age bands and goals, never for a child's name, photo or school. {brand} is not directed at children under 13 and we do not knowingly collect personal data from them. If you believe a child has given us data, write to {contactEmail} and we will delete it.",
      ],
    },
    {
      id: "cookies",
      heading: "4. Cookies and the advertising pixel",
      paragraphs: [
        "A session cookie keeps your progress through our forms. It is strictly necessary and expires when you finish. It also carries a random number that lets us count, on our own servers and without knowing who you are, how many visitors reach each step; no analytics script or third party is involved.",
        "A consent cookie remembers whether you accepted or rejected the advertising pixel, for 1 year.",
        "The Meta (Facebook) advertising pixel is loaded only after you choose Accept in the cookie banner. It measures visits from our advertising and may set Meta's cookies. If you choose Reject, no pixel script is loaded and no request is sent to Meta. You can change your choice at any time with the Cookie settings link at the bottom of every page.",
      ],
    },
    {
      id: "processors",
      heading: "5. Who processes your data",
      paragraphs: [
        "We never sell your data. These providers process it on our behalf, under data processing agreements:",
        "Cloudflare (hosting and delivery of this website); Supabase (database); Resend (sending e-mail); Meta Platforms (advertising pixel, only after your consent).",
        "Some providers process data outside the European Economic Area. Where they do, the transfer is covered by the European Commission's standard contractual clauses.",
      ],
    },
    {
      id: "retention",
      heading: "6. How long we keep it",
      paragraphs: [
        "Early-access, guide and tips sign-ups: until launch and at most 24 months after your last interaction with us, unless you create an account.",
        "Account data: for as long as your account exists, and deleted within 30 days after you close it.",
        "Records of e-mails we sent: 12 months. The consent cookie: 1 year.",
      ],
    },
    {
      id: "your-rights",
      heading: "7. Your rights: access, correction and erasure",
      paragraphs: [
        "You can ask for a copy of your data, ask us to correct or erase it, object to its use, or withdraw your consent at any time. E-mail {contactEmail} from the address you signed up with; we answer within 30 days.",
        "You may also complain to a data protection authority, such as the Czech Office for Personal Data Protection.",
      ],
    },
    {
      id: "changes",
      heading: "8. Changes to this policy",
      paragraphs: [
        "We will tell you by e-mail at least 30 days before a material change to this policy takes effect.",
      ],
    },
    {
      id: "contact",
      heading: "9. Contact",
      paragraphs: ["Questions about privacy: {contactEmail}."],
    },
  ],
};
