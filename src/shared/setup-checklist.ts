/**
 * The admin dashboard's setup checklist: what a fresh install still shows students
 * ("My Exam App", contact@example.com, no logo, a past exam date, the demo legal pages) and what
 * it cannot do yet (take payments). Computed on the server (GET /api/admin/setup-checklist); the
 * client only draws it.
 */

/** The site_settings column defaults (db/schema/content.ts): the placeholders of a fresh install. */
export const PLACEHOLDER_APP_TITLE = "My Exam App";
export const PLACEHOLDER_CONTACT_EMAIL = "contact@example.com";

export const SETUP_ITEMS = [
  "app-title",
  "contact-email",
  "logo",
  "exam-date",
  "razorpay",
  "legal-pages",
] as const;
export type SetupItemId = (typeof SETUP_ITEMS)[number];

export type SetupItem =
  | { id: "app-title"; done: boolean }
  | { id: "contact-email"; done: boolean }
  /** Done when a logo is uploaded (the header and link previews show it). */
  | { id: "logo"; done: boolean }
  /** `passed`: the date set is before today (India's calendar), so the header says it is over. */
  | { id: "exam-date"; done: boolean; examDate: string; passed: boolean }
  /** Done when the key id and secret are saved and payments are switched on. */
  | { id: "razorpay"; done: boolean }
  /** Done when all five legal pages are written and none still holds the demo text. */
  | { id: "legal-pages"; done: boolean };

export type SetupChecklist = { done: boolean; items: SetupItem[] };
