import type { SiteContent } from "../schemas/site";

export const site: SiteContent = {
  brand: "champion",
  title: "Tennis Champion",
  wordmark: "Tennis Champion",
  logoLetter: "C",
  tagline: "Daily drills and a clear roadmap for ambitious tennis families.",
  metaDescription:
    "Tennis Champion: daily personalised tennis drills and a roadmap for ages 0-12, built by an AI coach for ambitious tennis parents. Join the early-access list.",
  shareImage: "/images/share-tennis.png",
  contactEmail: "hello@champion.example",
  social: {
    name: "Facebook",
    handle: "@ChampionCoachAI",
    url: "https://www.facebook.com/ChampionCoachAI",
  },
  loginLabel: "Log In",
  footer: {
    productHeading: "Product",
    pricingLabel: "Pricing",
    faqLabel: "FAQs",
    companyHeading: "Company",
    contactLabel: "Contact us",
    socialLabel: "Facebook",
    legalHeading: "Legal",
    controller: "Operated by {controllerName}, {controllerAddress}. Privacy questions: {controllerEmail}.",
    privacyLabel: "Privacy Policy",
    termsLabel: "Terms of Service",
    cookieSettingsLabel: "Cookie settings",
    copyright: "© {year} Tennis Champion. All rights reserved.",
  },
  errorPage: {
    title: "Something went wrong on our side",
    text: "Sorry about that. Nothing you entered is lost: please try again in a moment, or start again from the home page.",
    backHome: "Back to Home",
  },
  skipLinkLabel: "Skip to content",
};
