import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { listMyResults } from "../attempts/my-results.ts";
import {
  findActiveSubscription,
  findUsagePeriodStart,
  loadPremiumUsage,
} from "../entitlements/entitlement.ts";
import { nextLiveClass } from "../live-classes/live-classes.ts";
import { hasOpenAttemptSql, latestAttemptSql, parseLatestAttempt } from "../quizzes/quiz-stats.ts";
import { visibleToStudents } from "../quizzes/quiz-visibility.ts";
import { getRevisionSummary } from "../revision/revision-cards.ts";
import { getStudyStreak, listResumableAttempts } from "./home.service.ts";

/**
 * The newest quiz a student can take (today's, when one was published today), with the
 * student's newest completed attempt at it: one probe of the partial index quizzes_visible_idx
 * and two of the student's attempt indexes.
 */
async function getTodaysQuiz(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({
      quiz: getTableColumns(quizzes),
      latestAttempt: latestAttemptSql(userId),
      hasOpenAttempt: hasOpenAttemptSql(userId),
    })
    .from(quizzes)
    .where(visibleToStudents(now))
    .orderBy(desc(quizzes.publishedOn), desc(quizzes.createdAt), desc(quizzes.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.quiz.id,
    title: row.quiz.title,
    titleHi: row.quiz.titleHi,
    publishedOn: row.quiz.publishedOn,
    isToday: row.quiz.publishedOn === publicationDay(now),
    isFree: row.quiz.isFree,
    numQuestions: row.quiz.questionCount,
    durationMinutes: row.quiz.durationMinutes,
    maxMarks: row.quiz.totalMarks ?? 100,
    hasOpenAttempt: row.hasOpenAttempt,
    /** The student's newest completed attempt (its score is marks out of maxMarks), or null. */
    latestAttempt: parseLatestAttempt(row.latestAttempt),
  };
}

/**
 * The student's active plan and what is left of its limits in the current period (decision
 * 028): premium exams and premium quizzes are counted each against the plan's limit, exactly as
 * a start counts them (entitlements), so the dashboard never promises a start that is refused.
 */
async function getPlanStanding(db: Db, userId: string, now: Date) {
  const active = await findActiveSubscription(db, { userId, now });
  if (!active) return null;
  const since = await findUsagePeriodStart(db, { userId, subscription: active, now });
  const [[row], exams, quizzesUsed] = await Promise.all([
    db
      .select({ endDate: userSubscriptions.endDate })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, active.id)),
    loadPremiumUsage(db, { userId, kind: "exam", since }),
    loadPremiumUsage(db, { userId, kind: "quiz", since }),
  ]);
  const left = (used: number) =>
    active.examLimit === null ? null : Math.max(0, active.examLimit - used);
  return {
    planName: active.planName,
    endDate: row?.endDate?.toISOString() ?? null,
    periodStart: since.toISOString(),
    examLimit: active.examLimit,
    attemptLimitPerExam: active.attemptLimitPerExam,
    premiumExamsUsed: exams.size,
    premiumExamsLeft: left(exams.size),
    premiumQuizzesUsed: quizzesUsed.size,
    premiumQuizzesLeft: left(quizzesUsed.size),
  };
}

export type GetDashboardInput = {
  userId: string;
  timeZone: string;
  now?: Date;
};

/**
 * `GET /api/home/dashboard`: everything the student dashboard leads with, in one answer (one
 * request instead of five): today's quiz and whether it is done, the streak and today's study
 * time against the goal, the last test with its score and rank, the plan and its remaining
 * limits, the tests in progress, the revision cards due today and the next live class. Every part reads only the viewer's own rows (or public
 * quizzes), each from an index.
 */
export async function getDashboard(
  db: Db,
  { userId, timeZone, now = new Date() }: GetDashboardInput,
) {
  const [todaysQuiz, study, results, plan, inProgress, revision, liveClass] = await Promise.all([
    getTodaysQuiz(db, userId, now),
    getStudyStreak(db, { userId, timeZone, now }),
    listMyResults(db, { userId, query: { page: 1, pageSize: 1 } }),
    getPlanStanding(db, userId, now),
    listResumableAttempts(db, { userId, now }),
    getRevisionSummary(db, { userId, timeZone, now }),
    nextLiveClass(db, { viewer: { userId, role: "student" }, now }),
  ]);
  return {
    todaysQuiz,
    study,
    lastResult: results.items[0] ?? null,
    completedTests: results.total,
    plan,
    inProgress,
    /** The revision notebook's counts (cards due today, all, mastered). */
    revision,
    /** The live class on now or next (decision 043), as /live-classes shows it; null: none. */
    nextLiveClass: liveClass,
  };
}
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;

/**
 * A visitor's sample of the product: the first question of up to three free mock tests and
 * previous-year papers, newest paper first, with their options and Hindi versions but never the
 * answer key or an explanation (a visitor sees what a paper looks like, not its answers).
 */
export async function listSampleQuestions(db: Db) {
  // Newest free papers first (exams_created_at_idx), each one's first question by a lateral
  // probe of questions_exam_id_created_at_idx; papers without questions have no row.
  const result = await db.execute(sql`
    select q.id, q.question_text as "questionText", q.options, q.translations,
           e.id as "examId", e.title as "examTitle"
      from exams e
      cross join lateral (
        select * from questions x where x.exam_id = e.id order by x.created_at, x.id limit 1
      ) q
     where e.is_free and e.kind in ('mock', 'pyp')
     order by e.created_at desc, e.id
     limit 3`);
  type Row = {
    id: string;
    questionText: string;
    options: Record<"A" | "B" | "C" | "D", string>;
    translations: { hi?: { questionText: string; options: Record<"A" | "B" | "C" | "D", string> } };
    examId: string;
    examTitle: string;
  };
  return (result as unknown as { rows: Row[] }).rows.map((r) => {
    const hi = (typeof r.translations === "string" ? JSON.parse(r.translations) : r.translations)
      ?.hi;
    const options = typeof r.options === "string" ? JSON.parse(r.options) : r.options;
    return {
      id: r.id,
      examId: r.examId,
      examTitle: r.examTitle,
      questionText: r.questionText,
      options,
      // Text and options only: a translation's explanation would give the answer away.
      hindi: hi ? { questionText: hi.questionText, options: hi.options } : null,
    };
  });
}
