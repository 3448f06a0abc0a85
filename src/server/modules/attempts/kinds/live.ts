import { and, eq, sql } from "drizzle-orm";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import {
  closesAt,
  entryAt,
  entryClosesAt,
  LIVE_MESSAGES,
  liveDeadline,
} from "../../../../shared/live-tests.ts";
import {
  examAttempts,
  examCategories,
  exams,
  liveTests,
  questions,
} from "../../../db/schema/exams.ts";
import { liveTestRegistrations } from "../../../db/schema/live-tests.ts";
import { AppError } from "../../../lib/app-error.ts";
import {
  getLiveStanding,
  publishedRanks,
  recordLateResult,
  rerankPublished,
} from "../live-results.ts";
import { examRules, examSummary, lockExam } from "./exam.ts";
import { type AttemptKindModule, noRank } from "./kind.ts";

/**
 * An exam taken as an All-India live test (decision 047): one attempt per registered student,
 * staggered entry, results sealed until published. `id` is the exam's (the schedule is keyed by it).
 */
export type LiveTarget = {
  kind: "live";
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: boolean;
  exam: typeof exams.$inferSelect;
  categoryName: string | null;
  live: typeof liveTests.$inferSelect;
};

function notOpenYet(at: Date) {
  const time = at.toISOString();
  return new AppError(
    "CONFLICT",
    { key: LIVE_MESSAGES.notOpenYet, values: { time } },
    { entryAt: time },
  );
}

export const liveKind: AttemptKindModule<
  LiveTarget,
  { kind: "live"; exam: ReturnType<typeof examSummary>; quiz: null; set: null },
  { kind: "live"; exam: ReturnType<typeof examSummary> }
> = {
  attemptKey: "liveTestId",
  // A live test's questions are its exam's.
  questions: (id) => eq(questions.examId, id),
  owns: (q, a) => sql`${q}.exam_id = ${a}.live_test_id`,
  async load(db, id) {
    const [row] = await db
      .select({ exam: exams, live: liveTests, categoryName: examCategories.name })
      .from(liveTests)
      .innerJoin(exams, eq(exams.id, liveTests.examId))
      .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
      .where(eq(liveTests.examId, id));
    if (!row) return null;
    return {
      kind: "live",
      id: row.exam.id,
      title: row.exam.title,
      timeLimitSeconds: row.live.durationMinutes * 60,
      isFree: row.exam.isFree,
      exam: row.exam,
      categoryName: row.categoryName,
      live: row.live,
    };
  },
  lock: lockExam,
  // Its one attempt per student feeds the item analysis; rank and percentile are the published
  // ones (live-results.ts), not the running count of ranking.ts.
  ranks: true,
  notebook: "collects",
  messages: {
    notFound: LIVE_MESSAGES.notFound,
    noQuestions: EXAM_MESSAGES.examLoadFailed,
    startConflict: LIVE_MESSAGES.startConflict,
  },
  nextAttemptNumber: () => null,
  // A premium exam taken live needs the plan the exam itself needs.
  gatedContent: (target) => ({ kind: "exam", id: target.id, isFree: target.isFree }),
  timed: () => true,
  hiddenFrom: () => false,
  /**
   * Registered, at or after the student's staggered entry time, within the entry window, and
   * never taken before. Admins may open it whenever it is open, to check it, without registering.
   */
  async admit(tx, target, viewer, now) {
    const schedule = target.live;
    const [taken] = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.liveTestId, target.id), eq(examAttempts.userId, viewer.userId)));
    if (taken) throw new AppError("CONFLICT", LIVE_MESSAGES.alreadyTaken);
    if (now >= entryClosesAt(schedule)) throw new AppError("CONFLICT", LIVE_MESSAGES.entryClosed);
    if (viewer.role === "admin") {
      if (now < schedule.opensAt) throw notOpenYet(schedule.opensAt);
      return;
    }
    const [registered] = await tx
      .select({ userId: liveTestRegistrations.userId })
      .from(liveTestRegistrations)
      .where(
        and(
          eq(liveTestRegistrations.examId, target.id),
          eq(liveTestRegistrations.userId, viewer.userId),
        ),
      );
    if (!registered) throw new AppError("FORBIDDEN", LIVE_MESSAGES.notRegistered);
    const entry = entryAt(schedule, target.id, viewer.userId);
    if (now < entry) throw notOpenYet(entry);
  },
  // The full duration from the student's own start, never after the close (the entry window
  // guarantees the duration fits).
  deadline: (target, startedAt, extraSeconds) => liveDeadline(target.live, startedAt, extraSeconds),
  // No answer leaves while others are still writing.
  sealedUntil: (target) =>
    target.live.publishedAt ? null : (target.live.resultsAt ?? closesAt(target.live)),
  grade: examRules.grade,
  markRule: examRules.markRule,
  scoreScale: examRules.scoreScale,
  percentSql: examRules.percentSql,
  // Graded after the results were published: ranked against the published distribution (late).
  afterGrading: (tx, id, attempt) => recordLateResult(tx, { examId: id, attempt }),
  rank: noRank,
  standing: (db, id, userId) => getLiveStanding(db, { examId: id, userId }),
  // The published ranks (none before publication: the publication tells everyone then).
  shownRanks: (db, id) => publishedRanks(db, { examId: id }),
  afterRegrade: (tx, id) => rerankPublished(tx, { examId: id }),
  summary: (target) => ({ kind: "live", exam: examSummary(target), quiz: null, set: null }),
  overview: (target) => ({ kind: "live", exam: examSummary(target) }),
  headline: examRules.headline,
};
