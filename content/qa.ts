import type { QaContent } from "./schemas/qa";

/**
 * The staff pages' words, the same in every variant: the QA index (/qa) and the outbox viewer
 * (/dev/outbox). `code` spans are written in backticks.
 */
export const qa: QaContent = {
  index: {
    title: "QA index",
    purpose: "Every page for testing this site by hand, with what each is for.",
    sections: [
      {
        heading: "Test pages",
        note: "Each shows the detected variant and switch links that keep you on the page. Off (the site's 404) where QA_PAGES=off, as in production.",
        pages: [
          {
            path: "/test-content",
            what: "Every content page of the variant: its own or the genius fallback, and whether it passes its schema.",
          },
          { path: "/debug-content", what: "The placeholder values and the resolved site copy of the variant." },
          { path: "/debug-domain", what: "Which rule chose the variant for this host and query, and the running build (branch, commit)." },
          { path: "/test-urls", what: "Every page's link as the link builder makes it for the variant." },
          { path: "/test-plans", what: "Every plan of the variant with its computed monthly and yearly prices." },
          { path: "/test-confirm-pages", what: "The copy of the confirm pages: waitlist, guide and tips." },
          { path: "/test-email-templates", what: "Every e-mail template in every variant, rendered with sample data." },
          { path: "/test-content-loading", what: "Loads one content page by name (`?page=plans`) and shows it or the error." },
          { path: "/test-table-selection", what: "The lead table each variant writes to." },
          { path: "/simple-test", what: "A smoke check: the page renders and the variant resolves." },
        ],
      },
      {
        heading: "Mail",
        note: "Open to anyone on 127.0.0.1 with MAIL_TRANSPORT=outbox; on a preview to a signed-in admin only.",
        pages: [
          {
            path: "/dev/outbox",
            what: "Every mail the site sent, newest first: search by recipient, read the text version and follow its links (confirm, status, invite, unsubscribe, my data).",
          },
          { path: "/dev/outbox.json", what: "The same list as JSON (`?to=` and `?page=` too), for scripts and tests." },
        ],
      },
      {
        heading: "Admin console",
        note: "Admin role: sign in first (below).",
        pages: [
          { path: "/admin/leads", what: "The leads of every variant: search, edit, export, erase." },
          { path: "/admin/waves", what: "Admit a wave: show the cut-off, then admit; each parent gets an invite e-mail." },
          { path: "/admin/mail", what: "Mails that need a human (dead): retry or give up." },
          { path: "/admin/launch", what: "The launch announcement: preview, a test to yourself, send or schedule." },
          { path: "/admin/analytics", what: "The funnels per variant, with the launch funnel per wave." },
          { path: "/admin/referrals", what: "The referral ledger: revoke or restore credits." },
          { path: "/admin/referrals/review", what: "Held credits: approve or reject them, with the reasons they were held." },
          { path: "/admin/safelist", what: "The IP safelist: schools' and clubs' addresses that skip the per-IP limits." },
          { path: "/admin/rewards", what: "The rewards parents earned by referring, and their downloads." },
          { path: "/admin/clubs", what: "The sport editions' club pools: review, merge, milestones." },
          { path: "/admin/webhooks", what: "Signed webhooks out: endpoints, their secret, the delivery log with replay." },
          { path: "/admin/audit", what: "Every admin change with its admin, by kind." },
        ],
      },
      {
        heading: "Parents' pages",
        note: "Some need the link from a mail (see the outbox); without it they say so.",
        pages: [
          { path: "/clubs", what: "The sport editions' club leaderboard (the genius variant has none)." },
          { path: "/clubs/new", what: "Register a club: the club link goes to the address given." },
          { path: "/lost-link", what: "“Lost my link”: the status link mailed again to a listed address." },
        ],
      },
      {
        heading: "Build",
        note: "In every mode.",
        pages: [{ path: "/__version", what: "The running build as JSON: preview or not, branch, commit, build time." }],
      },
    ],
    others: {
      heading: "Every other page",
      note: "The rest of the route table, in its order.",
    },
    unlisted: [
      "/__e2e/d1",
      "/api/send-email",
      "/webhooks/resend",
      "/landed",
      "/consent",
      "/follow",
      "/signout",
      "/my-data/download",
      "/rewards/download",
    ],
    variants: {
      heading: "The three variants",
      note: "On 127.0.0.1 and on a preview the query picks the variant; every link keeps it.",
      list: [
        { key: "genius", what: "AI Parenting, the default." },
        { key: "icehockey", what: "Hockey Champion." },
        { key: "tennis", what: "Tennis Champion." },
      ],
    },
    signIn: {
      heading: "Sign in as the QA admin",
      local:
        "Create an account at `/signup`, confirm it from `/dev/outbox`, then run `npm run admin:grant -- you@example.com` and sign in. After `npm run seed` there is also {email} (or the `SEED_ADMIN_EMAIL` you seeded with), with the password the seed printed.",
      preview: "Sign in with the QA admin's address and the password given to QA by whoever seeded this preview. Neither is shown here.",
      defaultEmail: "qa-admin@example.com",
      link: "Sign in",
    },
  },
  outbox: {
    title: "Outbox",
    local: "Local mail transport: nothing leaves this machine.",
    preview: "Preview: only mail to the QA allow-list went to the provider; every other mail stayed here (its row says so).",
    sameList: "Newest first; the same list is at",
    search: {
      label: "Recipient",
      hint: "Part of an address is enough: parent@example.com, or @example.com.",
      submit: "Search",
      clear: "Show every mail",
    },
    pageOf: "Page {page}",
    newer: "Newer mails",
    older: "Older mails",
    empty: "No e-mails yet.",
    noMatch: "No e-mails to an address containing “{to}”.",
    badPage: "There is no such page: the page is a whole number from 1.",
    badTo: "Search for at most 254 characters of an address.",
    fields: { to: "To", template: "Template", status: "Status", lastError: "Last error", created: "Created" },
    attempts: { one: "after {count} attempt", other: "after {count} attempts" },
    links: "Links",
    noLinks: "This e-mail has no links.",
    text: "Text version",
    html: "As the parent sees it (HTML)",
  },
};
