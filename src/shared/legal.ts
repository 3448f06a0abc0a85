import { msg } from "./i18n/msg.ts";

// Plain data only: the footer shows these links on every page, so no schema comes with them (the
// forms' and the routes' schemas are in legal-schemas.ts).

/** The pages a payment gateway asks to see, each written by the admin as rich text. */
export const LEGAL_SLUGS = ["terms", "refund", "privacy", "about", "contact"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

/** Each page's public path and default title (the admin may retitle it). */
export const LEGAL_PAGES: Record<LegalSlug, { path: string; title: string }> = {
  terms: { path: "/terms", title: msg("Terms of Service") },
  refund: { path: "/refund-policy", title: msg("Refund and Cancellation") },
  privacy: { path: "/privacy-policy", title: msg("Privacy Policy") },
  about: { path: "/about", title: msg("About Us") },
  contact: { path: "/contact", title: msg("Contact Us") },
};
