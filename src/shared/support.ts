import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { pagedSearchQuerySchema } from "./list-queries.ts";
import { text } from "./text.ts";

export const SUPPORT_MESSAGES = {
  ticketSent: msg("Thank you! Your request has been sent. We will reply by email."),
  notFound: msg("Support request not found."),
  closed: msg("This request is closed."),
  feedbackSent: msg("Thank you for your feedback!"),
} as const;

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

const email = text()
  .trim()
  .pipe(z.email(msg("Enter a valid email address.")).max(254, msg("Email is too long.")));

/** The public support form (a signed-in user's name and email are filled in for them). */
export const supportTicketInputSchema = z.object({
  name: text().trim().min(1, msg("Name is required.")).max(120, msg("Name is too long.")),
  email,
  subject: text().trim().min(1, msg("Subject is required.")).max(200, msg("Subject is too long.")),
  message: text()
    .trim()
    .min(10, msg("Please describe the problem in at least 10 characters."))
    .max(5000, msg("Message is too long (5000 characters at most).")),
});
export type SupportTicketInput = z.input<typeof supportTicketInputSchema>;

/** The admin's answer, mailed to the person who asked; `close` closes the request too. */
export const ticketAnswerInputSchema = z.object({
  answer: text()
    .trim()
    .min(1, msg("Write an answer."))
    .max(5000, msg("Answer is too long (5000 characters at most).")),
  close: z.boolean().default(false),
});
export type TicketAnswerInput = z.input<typeof ticketAnswerInputSchema>;

export const adminTicketListQuerySchema = pagedSearchQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional(),
});

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;

export const feedbackInputSchema = z.object({
  name: text().trim().max(120, msg("Name is too long.")).default(""),
  email: z
    .union([z.literal(""), email])
    .optional()
    .transform((v) => v ?? ""),
  rating: z.coerce
    .number()
    .int()
    .min(1, msg("Choose a rating from 1 to 5."))
    .max(5, msg("Choose a rating from 1 to 5."))
    .nullable()
    .default(null),
  message: text()
    .trim()
    .min(3, msg("Write your feedback."))
    .max(5000, msg("Message is too long (5000 characters at most).")),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
