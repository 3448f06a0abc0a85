import { msg } from "./i18n/msg.ts";

// Kept apart from the zod schemas in news.ts so the public news pages do not download zod.
export const NEWS_MESSAGES = {
  notFound: "News entry not found.",
  titleRequired: msg("Title is required."),
  dateRequired: msg("Published date is required."),
  noSummary: "No summary available.",
} as const;

export const NEWS_PAGE_SIZE = 10;
