import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import {
  ANALYSIS_TEXT,
  PROGRESS_MAX_POINTS,
  PROGRESS_WINDOW_DAYS,
  type ProgressPoint,
  type StudentProgress,
  type SubjectAccuracy,
} from "../../../shared/analysis.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questions, studentAnswers } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import { localDate } from "../../lib/calendar.ts";

const DAY_MS = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The `count` calendar days up to `today` (yyyy-mm-dd), oldest first. */
function daysUpTo(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export type GetStudentProgressInput = { userId: string; timeZone: string; now?: Date };

/**
 * My Progress (decision 037): the student's own completed attempts only. Every statement
 * starts from exam_attempts_user_completed_idx (user, completed_at): the attempts are a range
 * of it, and their answers are read by student_answers' (attempt, question) key.
 */
export async function getStudentProgress(
  db: Db,
  input: GetStudentProgressInput,
): Promise<StudentProgress> {
  const now = input.now ?? new Date();
  const windowStart = new Date(now.getTime() - PROGRESS_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * PROGRESS_WINDOW_DAYS * DAY_MS);
  const mine = and(eq(examAttempts.userId, input.userId), isNotNull(examAttempts.completedAt));
  const scorePercent = sql<number>`(case when ${examAttempts.quizId} is null then ${examAttempts.score}
      else ${examAttempts.score} * 100 / nullif(coalesce(${quizzes.totalMarks}, 100), 0) end)::float`;
  const points = (ofKind: SQL) =>
    db
      .select({
        attemptId: examAttempts.id,
        title: sql<string>`coalesce(${exams.title}, ${quizzes.title})`,
        completedAt: examAttempts.completedAt,
        scorePercent,
      })
      .from(examAttempts)
      .leftJoin(exams, eq(exams.id, examAttempts.examId))
      .leftJoin(quizzes, eq(quizzes.id, examAttempts.quizId))
      .where(and(mine, ofKind))
      .orderBy(desc(examAttempts.completedAt))
      .limit(PROGRESS_MAX_POINTS);
  const inWindow = sql`${examAttempts.completedAt} > ${windowStart}`;
  const answered = sql`${studentAnswers.selectedAnswer} is not null`;
  const localDay = sql<string>`to_char(${examAttempts.completedAt} at time zone ${input.timeZone}, 'YYYY-MM-DD')`;
  const [examPoints, quizPoints, [totals], bySubject, byDay] = await Promise.all([
    points(isNotNull(examAttempts.examId)),
    points(isNotNull(examAttempts.quizId)),
    db
      .select({
        attempts: sql<number>`count(*)::int`,
        seconds: sql<number>`coalesce(sum(${examAttempts.timeTakenSeconds}), 0)::float`,
      })
      .from(examAttempts)
      .where(mine),
    db
      .select({
        subjectId: questions.subjectId,
        name: subjects.name,
        order: subjects.sortOrder,
        attempted: sql<number>`count(*) filter (where ${answered} and ${inWindow})::int`,
        correct: sql<number>`count(*) filter (where ${studentAnswers.isCorrect} and ${inWindow})::int`,
        previousAttempted: sql<number>`count(*) filter (where ${answered} and not ${inWindow})::int`,
        previousCorrect: sql<number>`count(*) filter (where ${studentAnswers.isCorrect} and not ${inWindow})::int`,
      })
      .from(examAttempts)
      .innerJoin(studentAnswers, eq(studentAnswers.attemptId, examAttempts.id))
      .innerJoin(questions, eq(questions.id, studentAnswers.questionId))
      .leftJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(and(mine, sql`${examAttempts.completedAt} > ${previousStart}`))
      .groupBy(questions.subjectId, subjects.name, subjects.sortOrder),
    db
      .select({ day: localDay, answered: sql<number>`count(*) filter (where ${answered})::int` })
      .from(examAttempts)
      .innerJoin(studentAnswers, eq(studentAnswers.attemptId, examAttempts.id))
      .where(
        and(mine, sql`${examAttempts.completedAt} > ${new Date(windowStart.getTime() - DAY_MS)}`),
      )
      // By position: the same expression with a bound time zone would not match as a group key.
      .groupBy(sql`1`),
  ]);

  const toPoints = (rows: Awaited<ReturnType<typeof points>>): ProgressPoint[] =>
    rows
      .map((r) => ({
        attemptId: r.attemptId,
        title: r.title,
        completedAt: r.completedAt?.toISOString() ?? "",
        scorePercent: round2(Number(r.scorePercent ?? 0)),
      }))
      .reverse();
  const subjectAccuracy: SubjectAccuracy[] = bySubject
    .filter((s) => s.attempted > 0)
    .sort(
      (a, b) =>
        Number(a.subjectId === null) - Number(b.subjectId === null) ||
        (a.order ?? 0) - (b.order ?? 0) ||
        (a.name ?? "").localeCompare(b.name ?? ""),
    )
    .map((s) => {
      const accuracy = round2((100 * s.correct) / s.attempted);
      const previousAccuracy =
        s.previousAttempted > 0 ? round2((100 * s.previousCorrect) / s.previousAttempted) : null;
      return {
        subjectId: s.subjectId,
        name: s.name ?? ANALYSIS_TEXT.untagged,
        attempted: s.attempted,
        correct: s.correct,
        accuracy,
        previousAccuracy,
        trend: previousAccuracy === null ? null : round2(accuracy - previousAccuracy),
      };
    });
  const answeredOn = new Map(byDay.map((d) => [d.day, d.answered]));
  return {
    completedAttempts: totals?.attempts ?? 0,
    totalStudySeconds: Math.round(Number(totals?.seconds ?? 0)),
    scores: { exams: toPoints(examPoints), quizzes: toPoints(quizPoints) },
    subjectAccuracy,
    questionsPerDay: daysUpTo(localDate(now, input.timeZone), PROGRESS_WINDOW_DAYS).map((day) => ({
      day,
      answered: answeredOn.get(day) ?? 0,
    })),
  };
}
