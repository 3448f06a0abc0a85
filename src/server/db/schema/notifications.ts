import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A browser's Web Push subscription (decision 044): the push service's endpoint
 * and the keys its payloads are encrypted for. An endpoint names one browser profile, so it is
 * unique: subscribing it again (another account signed in there) moves it to that account.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** A student's reminder switches; no row means the defaults (every kind on, email fallback on). */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  quizLive: boolean("quiz_live").notNull().default(true),
  answerEvaluated: boolean("answer_evaluated").notNull().default(true),
  revisionDue: boolean("revision_due").notNull().default(true),
  liveClass: boolean("live_class").notNull().default(true),
  /** A live test's results published, or a score changed by a key correction. */
  testResults: boolean("test_results").notNull().default(true),
  /** A reply to the student's post, or a verified explanation pinned where they posted. */
  discussionReply: boolean("discussion_reply").notNull().default(true),
  emailFallback: boolean("email_fallback").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Plans made once across every instance: "quizLive:2025-06-01" is inserted by the one sweep that
 * queues that day's quiz reminders for every student; the others find it there and skip.
 */
export const notificationPlans = pgTable("notification_plans", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
