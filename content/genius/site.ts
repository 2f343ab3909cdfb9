import type { SiteContent } from "../schemas/site";
import { brand } from "./brand";

export const site: SiteContent = {
  brand: "genius",
  title: "AI Parenting",
  wordmark: brand.wordmark,
  logoLetter: brand.logoLetter,
  tagline: "Daily, personalised guidance for the most important years of your child's life.",
  metaDescription:
    "AI Parenting: a 24/7 AI coach for parents with daily, personalised activities for your child's age, interests and goals. Join the early-access waitlist.",
  shareImage: "/images/share-genius.png",
  contactEmail: brand.contactEmail,
  social: {
    name: "Facebook",
    handle: "@AIParentingGenius",
    url: "https://www.facebook.com/AIParentingGenius",
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
    copyright: "© {year} AI Parenting Genius. All rights reserved.",
  },
  errorPage: {
    title: "Something went wrong on our side",
    text: "Sorry about that. Nothing you entered is lost: please try again in a moment, or start again from the home page.",
    backHome: "Back to Home",
  },
  notFoundPage: {
    title: "Page not found",
    text: "We could not find this page. The link may be mistyped, or the page is no longer here.",
    backHome: "Back to Home",
  },
  skipLinkLabel: "Skip to content",
};
