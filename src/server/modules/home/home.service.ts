import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { DEFAULT_DAILY_GOAL_HOURS } from "../../../shared/home.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questionSets, studentAnswers } from "../../db/schema/exams.ts";
import { studyActivity } from "../../db/schema/library.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { localDate } from "../../lib/calendar.ts";
import { GRACE_MS } from "../attempts/attempt-grading.ts";
import { targetOf } from "../attempts/attempt-target.ts";
import { examQuestionCount } from "../exams/exam-sql.ts";
import { currentRunOfDays } from "./study-streak.ts";

/** One card per year that has previous-year papers (with questions), newest year first. */
export async function listPreviousYearPapers(db: Db) {
  return db
    .select({ year: sql<number>`${exams.year}`, numTests: sql<number>`count(*)::int` })
    .from(exams)
    .where(
      and(eq(exams.kind, "pyp"), sql`${exams.year} is not null`, sql`${examQuestionCount} > 0`),
    )
    .groupBy(exams.year)
    .orderBy(desc(exams.year));
}

/** Mock tests and test-series papers, optionally of one section (the home page's chips). */
export async function listMockTests(db: Db, section?: "full_length" | "gs" | "csat" | "chapter") {
  const rows = await db
    .select({
      id: exams.id,
      title: exams.title,
      timeLimitSeconds: exams.timeLimitSeconds,
      isFree: exams.isFree,
      kind: exams.kind,
      section: exams.section,
      numQuestions: examQuestionCount,
    })
    .from(exams)
    .where(
      and(
        inArray(exams.kind, ["mock", "series"]),
        section ? eq(exams.section, section) : undefined,
        sql`${examQuestionCount} > 0`,
      ),
    )
    .orderBy(desc(exams.createdAt))
    .limit(12);
  return rows.map(({ timeLimitSeconds, ...r }) => ({
    ...r,
    durationMinutes: Math.round(timeLimitSeconds / 60),
  }));
}

export type GetStudyStreakInput = {
  userId: string;
  timeZone: string;
  now?: Date;
};

/**
 * Today's study time from the student's own attempts (completed: time taken; open: time so far)
 * and their other study (notes read, videos watched: `study_activity`, decision 043) against their
 * daily goal, and the run of consecutive days with study, in their time zone.
 */
export async function getStudyStreak(
  db: Db,
  { userId, timeZone, now = new Date() }: GetStudyStreakInput,
) {
  const today = localDate(now, timeZone);
  const localDay = sql<string>`to_char(${examAttempts.startedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const seconds = sql<number>`coalesce(sum(case
      when ${examAttempts.completedAt} is not null then coalesce(${examAttempts.timeTakenSeconds}, 0)
      else greatest(0, extract(epoch from least(${now}::timestamptz, ${examAttempts.deadlineAt}) - ${examAttempts.startedAt}))
    end), 0)::float`;
  const [attemptDays, activityDays, [profile]] = await Promise.all([
    db
      .select({ day: localDay, seconds })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, userId),
          sql`${examAttempts.startedAt} > ${new Date(now.getTime() - 400 * 86_400_000)}`,
        ),
      )
      // By position: the same expression with a bound time zone would not match as a group key.
      .groupBy(sql`1`),
    db
      .select({
        day: studyActivity.day,
        seconds: sql<number>`sum(${studyActivity.seconds})::float`,
      })
      .from(studyActivity)
      .where(
        and(
          eq(studyActivity.userId, userId),
          sql`${studyActivity.day} > ${localDate(new Date(now.getTime() - 400 * 86_400_000), timeZone)}`,
        ),
      )
      .groupBy(studyActivity.day),
    db.select({ goal: profiles.dailyGoalHours }).from(profiles).where(eq(profiles.id, userId)),
  ]);
  const secondsByDay = new Map<string, number>();
  for (const d of [...attemptDays, ...activityDays]) {
    secondsByDay.set(d.day, (secondsByDay.get(d.day) ?? 0) + Number(d.seconds));
  }
  const days = [...secondsByDay].map(([day, seconds]) => ({ day, seconds }));
  const todaySeconds = secondsByDay.get(today) ?? 0;
  return {
    today,
    studiedHours: Math.round((Number(todaySeconds) / 3600) * 100) / 100,
    goalHours: profile?.goal ?? DEFAULT_DAILY_GOAL_HOURS,
    streakDays: currentRunOfDays(
      days.filter((d) => Number(d.seconds) > 0).map((d) => d.day),
      today,
    ),
  };
}

export type UpdateStudyGoalInput = {
  userId: string;
  hours: number;
};

export async function updateStudyGoal(db: Db, { userId, hours }: UpdateStudyGoalInput) {
  await db
    .update(profiles)
    .set({ dailyGoalHours: hours, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { goalHours: hours };
}

export type ListResumableAttemptsInput = {
  userId: string;
  now?: Date;
};

/**
 * The student's unfinished attempts that can still be resumed, exams and quizzes alike, newest
 * first, with progress: where to go (`kind`, `targetId`), answered of all questions, time left.
 */
export async function listResumableAttempts(
  db: Db,
  { userId, now = new Date() }: ListResumableAttemptsInput,
) {
  const answered = sql<number>`(select count(*)::int from ${studentAnswers}
    where ${studentAnswers.attemptId} = ${examAttempts.id} and ${studentAnswers.selectedAnswer} is not null)`;
  const mainsPaperCount = sql<number>`case when ${examAttempts.mainsTestId} is not null then
    (select count(*)::int from ${mainsTestQuestions} mq where mq.test_id = ${examAttempts.mainsTestId}) end`;
  const rows = await db
    .select({
      attemptId: examAttempts.id,
      examId: examAttempts.examId,
      quizId: examAttempts.quizId,
      practiceId: examAttempts.practiceId,
      revisionId: examAttempts.revisionId,
      liveTestId: examAttempts.liveTestId,
      mainsTestId: examAttempts.mainsTestId,
      attemptNumber: examAttempts.attemptNumber,
      title: sql<string>`coalesce(${exams.title}, ${quizzes.title}, ${questionSets.title}, ${mainsTests.title})`,
      /** A quiz's or a Mains test's Hindi title, if it has one (exams have none). */
      titleHi: sql<string | null>`coalesce(${quizzes.titleHi}, ${mainsTests.titleHi})`,
      startedAt: examAttempts.startedAt,
      deadlineAt: examAttempts.deadlineAt,
      answered,
      numQuestions: sql<number>`coalesce(${quizzes.questionCount}, ${questionSets.questionCount}, ${mainsPaperCount}, ${examQuestionCount})`,
    })
    .from(examAttempts)
    .leftJoin(
      exams,
      eq(exams.id, sql`coalesce(${examAttempts.examId}, ${examAttempts.liveTestId})`),
    )
    .leftJoin(quizzes, eq(quizzes.id, examAttempts.quizId))
    .leftJoin(mainsTests, eq(mainsTests.id, examAttempts.mainsTestId))
    .leftJoin(
      questionSets,
      eq(questionSets.id, sql`coalesce(${examAttempts.practiceId}, ${examAttempts.revisionId})`),
    )
    .where(
      and(
        eq(examAttempts.userId, userId),
        isNull(examAttempts.completedAt),
        sql`${examAttempts.deadlineAt} > ${new Date(now.getTime() - GRACE_MS)}`,
      ),
    )
    .orderBy(desc(examAttempts.startedAt));
  return rows.map(({ examId, quizId, practiceId, revisionId, liveTestId, mainsTestId, ...r }) => {
    const target = targetOf({ examId, quizId, practiceId, revisionId, liveTestId, mainsTestId });
    return {
      ...r,
      kind: target.kind,
      targetId: target.id,
      numQuestions: Number(r.numQuestions),
      startedAt: r.startedAt.toISOString(),
      deadlineAt: r.deadlineAt.toISOString(),
      secondsLeft: Math.max(0, Math.round((r.deadlineAt.getTime() - now.getTime()) / 1000)),
    };
  });
}
