import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * Terms, refund policy, privacy policy, about and contact: one row per page once written.
 * `needs_review` marks the demo seed's text until an admin saves the page (decision 040).
 */
export const legalPages = pgTable("legal_pages", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  content: text("content").notNull(),
  needsReview: boolean("needs_review").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const faqs = pgTable(
  "faqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The public page (published, in order) and the admin's list (every row, in order).
    index("faqs_published_order_idx").on(t.sortOrder, t.createdAt).where(sql`${t.isPublished}`),
    index("faqs_order_idx").on(t.sortOrder, t.createdAt),
  ],
);

export const ticketStatusEnum = pgEnum("support_ticket_status", ["open", "answered", "closed"]);

/** A support request: from a visitor (no user) or a signed-in user, answered by email. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: ticketStatusEnum("status").notNull().default("open"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: text("answered_by").references(() => user.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("support_tickets_status_created_idx").on(t.status, t.createdAt.desc()),
    index("support_tickets_created_idx").on(t.createdAt.desc()),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    rating: smallint("rating"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_created_idx").on(t.createdAt.desc()),
    check("feedback_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
