import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { examAttempts, liveTests } from "./exams.ts";

/**
 * A student's registration for a live test (decision 047): made before the start (or during the
 * entry window), never withdrawn. The leaderboard shows `display_name`, or "Anonymous" when the
 * student opted out.
 */
export const liveTestRegistrations = pgTable(
  "live_test_registrations",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => liveTests.examId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    anonymous: boolean("anonymous").notNull().default(false),
    registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] })],
);

/**
 * The published result of each attempt at a live test: written once for everyone graded by the
 * publication (ranks frozen), and once more for each attempt graded after it (`late`), ranked
 * against the published distribution without changing anyone else's.
 */
export const liveTestResults = pgTable(
  "live_test_results",
  {
    examId: uuid("exam_id")
      .notNull()
      .references(() => liveTests.examId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    attemptId: uuid("attempt_id")
      .notNull()
      .unique("live_test_results_attempt_key")
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    score: numeric("score", { precision: 8, scale: 2 }).notNull(),
    timeTakenSeconds: integer("time_taken_seconds").notNull(),
    rank: integer("rank").notNull(),
    /** NTA percentile: 100 × published results scoring at most this ÷ published results. */
    percentile: numeric("percentile", { precision: 5, scale: 2 }).notNull(),
    late: boolean("late").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.userId] }),
    // The leaderboard (top 100 by rank) and the late attempts' counts (score above theirs).
    index("live_test_results_rank_idx").on(t.examId, t.rank).where(sql`not ${t.late}`),
    index("live_test_results_score_idx")
      .on(t.examId, t.score.desc(), t.timeTakenSeconds)
      .where(sql`not ${t.late}`),
  ],
);
