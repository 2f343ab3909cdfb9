import type { SiteContent } from "../schemas/site";

export const site: SiteContent = {
  brand: "champion",
  title: "Hockey Champion",
  wordmark: "Hockey Champion",
  logoLetter: "C",
  tagline: "Off-ice training that turns young players into confident champions.",
  metaDescription:
    "Hockey Champion: daily personalised off-ice drills and a season roadmap for young hockey players, built by an AI coach for parents. Join the early-access list.",
  shareImage: "/images/share-icehockey.png",
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
    copyright: "© {year} Hockey Champion. All rights reserved.",
  },
  errorPage: {
    title: "Something went wrong on our side",
    text: "Sorry about that. Nothing you entered is lost: please try again in a moment, or start again from the home page.",
    backHome: "Back to Home",
  },
  skipLinkLabel: "Skip to content",
};
