import type { ConsentContent } from "../schemas/consent";

export const consent: ConsentContent = {
  title: "Cookies and advertising",
  text: "We use a Meta (Facebook) advertising pixel to measure visits from our ads. It loads only if you accept. The site works the same either way.",
  acceptLabel: "Accept",
  rejectLabel: "Reject",
  currentGranted: "Your current choice: accepted.",
  currentDenied: "Your current choice: rejected.",
  privacyLinkLabel: "Privacy Policy",
};
