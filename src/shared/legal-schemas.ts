import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { LEGAL_SLUGS } from "./legal.ts";
import { RICH_TEXT_MAX_LENGTH } from "./rich-text.ts";
import { text } from "./text.ts";

export const legalSlugSchema = z.object({ slug: z.enum(LEGAL_SLUGS) });

export const legalPageInputSchema = z.object({
  title: text().trim().min(1, msg("Title is required.")).max(120, msg("Title is too long.")),
  content: text()
    .max(RICH_TEXT_MAX_LENGTH, msg("The content is too long."))
    .refine((value) => value.replace(/<[^>]*>/g, "").trim().length > 0, {
      message: msg("Write the page's text."),
    }),
});
export type LegalPageInput = z.input<typeof legalPageInputSchema>;

/** A frequently asked question, as the admin writes it. */
export const faqInputSchema = z.object({
  question: text()
    .trim()
    .min(1, msg("Question is required."))
    .max(300, msg("Question is too long.")),
  answer: text().trim().min(1, msg("Answer is required.")).max(5000, msg("Answer is too long.")),
  sortOrder: z.coerce
    .number(msg("Order must be a whole number."))
    .int(msg("Order must be a whole number."))
    .min(0, msg("Order must be 0 or more."))
    .max(10_000, msg("Order must be 10000 or less.")),
  isPublished: z.boolean(),
});
export type FaqInput = z.input<typeof faqInputSchema>;
