import { count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dailyNewsAnalysis } from "../../db/schema/content.ts";
import { examAttempts, exams, questions } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { getSubscriptionFigures } from "../subscriptions/admin-subscriptions.service.ts";

/** Headline counts for the admin dashboard. */
export async function getAdminOverview(db: Db) {
  const [[students], [examCount], [questionCount], [completed], [news], figures] =
    await Promise.all([
      db.select({ n: count() }).from(profiles).where(eq(profiles.role, "student")),
      db.select({ n: count() }).from(exams),
      db.select({ n: count() }).from(questions),
      db.select({ n: count() }).from(examAttempts).where(isNotNull(examAttempts.completedAt)),
      db.select({ n: count() }).from(dailyNewsAnalysis),
      getSubscriptionFigures(db),
    ]);
  return {
    students: students?.n ?? 0,
    exams: examCount?.n ?? 0,
    questions: questionCount?.n ?? 0,
    completedAttempts: completed?.n ?? 0,
    newsEntries: news?.n ?? 0,
    activeSubscribers: figures.activeSubscribers,
    revenueThisMonth: figures.revenueThisMonth,
  };
}
