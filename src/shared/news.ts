import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { NEWS_MESSAGES } from "./news-constants.ts";
import { RICH_TEXT_MAX_LENGTH } from "./rich-text.ts";
import { text } from "./text.ts";

/** The news form, validated the same way in the dialog and on the server. */
export const newsInputSchema = z.object({
  title: text().trim().min(1, NEWS_MESSAGES.titleRequired).max(300, msg("Title is too long.")),
  content: text().max(RICH_TEXT_MAX_LENGTH, msg("The content is too long.")).default(""),
  excerpt: text()
    .trim()
    .max(1000, msg("Excerpt is too long (1000 characters at most)."))
    .default(""),
  publishedDate: z.iso.date(NEWS_MESSAGES.dateRequired),
});
export type NewsInput = z.input<typeof newsInputSchema>;
