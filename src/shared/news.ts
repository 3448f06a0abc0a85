import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { NEWS_MESSAGES } from "./news-constants.ts";
import { RICH_TEXT_MAX_LENGTH } from "./rich-text.ts";
import { optionalText, text } from "./text.ts";

const TITLE_TOO_LONG = msg("Title is too long.");
const CONTENT_TOO_LONG = msg("The content is too long.");
const EXCERPT_TOO_LONG = msg("Excerpt is too long (1000 characters at most).");

/**
 * The news form, validated the same way in the dialog and on the server. The Hindi version is
 * optional, each field on its own: blank is null, and readers then get the English.
 */
export const newsInputSchema = z.object({
  title: text().trim().min(1, NEWS_MESSAGES.titleRequired).max(300, TITLE_TOO_LONG),
  content: text().max(RICH_TEXT_MAX_LENGTH, CONTENT_TOO_LONG).default(""),
  excerpt: text().trim().max(1000, EXCERPT_TOO_LONG).default(""),
  titleHi: optionalText(300, TITLE_TOO_LONG),
  contentHi: optionalText(RICH_TEXT_MAX_LENGTH, CONTENT_TOO_LONG),
  excerptHi: optionalText(1000, EXCERPT_TOO_LONG),
  publishedDate: z.iso.date(NEWS_MESSAGES.dateRequired),
});
export type NewsInput = z.input<typeof newsInputSchema>;
