import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { type AttemptKind, assertNever } from "../../../shared/attempt-kinds.ts";
import type { MyResultsQuery } from "../../../shared/my-results.ts";
import { pageOf } from "../../../shared/page.ts";
import { type ScoredQuestion, scoreAttempt, scoreQuiz } from "../../../shared/scoring.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  examAttempts,
  exams,
  liveTests,
  questionSets,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { setRules, standingAt, type TargetRef, targetOf } from "./attempt-target.ts";
import { rulesOf } from "./exam-rules.ts";

/** The kinds' attempt columns, for the list's filter. */
const KIND_FILTER: Record<AttemptKind, SQL> = {
  exam: isNotNull(examAttempts.examId),
  quiz: isNotNull(examAttempts.quizId),
  practice: isNotNull(examAttempts.practiceId),
  revision: isNotNull(examAttempts.revisionId),
  live: isNotNull(examAttempts.liveTestId),
};

/** Answers as graded (is_correct), the way the review counts them (decision 037). */
function gradedAnswers(counts: { correct: number; wrong: number; total: number }) {
  const rows: ScoredQuestion[] = [];
  for (let i = 0; i < counts.total; i += 1) {
    const selectedAnswer =
      i < counts.correct ? "A" : i < counts.correct + counts.wrong ? "B" : null;
    rows.push({ correctAnswer: "A", selectedAnswer });
  }
  return rows;
}

type Row = {
  exam: typeof exams.$inferSelect | null;
  quiz: typeof quizzes.$inferSelect | null;
  set: typeof questionSets.$inferSelect | null;
  counts: { correct: number; wrong: number; total: number };
  passed: boolean | null;
  /** The stored score: the percent for an exam, the marks for a quiz (attempt-target.ts#gradeFor). */
  score: number;
};

/**
 * What the result page leads with, per kind: the score as a percent of the maximum, the marks,
 * and the exam's cut-off (its passing marks; quizzes have none).
 */
function headlineOf(target: TargetRef, row: Row) {
  const answers = gradedAnswers(row.counts);
  switch (target.kind) {
    case "exam":
    case "live": {
      if (!row.exam) throw new Error("exam attempt without its exam");
      const tally = scoreAttempt(answers, rulesOf(row.exam));
      return {
        title: row.exam.title,
        titleHi: null,
        percent: row.score,
        marksObtained: tally.marksObtained,
        maxMarks: tally.maxMarks,
        cutOff: row.exam.passingMarks,
        passed: row.passed,
      };
    }
    case "quiz": {
      if (!row.quiz) throw new Error("quiz attempt without its quiz");
      const tally = scoreQuiz(answers, row.quiz.totalMarks);
      return {
        title: row.quiz.title,
        titleHi: row.quiz.titleHi,
        percent: tally.maxMarks > 0 ? Math.round((row.score / tally.maxMarks) * 10_000) / 100 : 0,
        marksObtained: row.score,
        maxMarks: tally.maxMarks,
        cutOff: null,
        passed: null,
      };
    }
    case "practice":
    case "revision": {
      if (!row.set) throw new Error("practice attempt without its set");
      const tally = scoreAttempt(answers, setRules(row.set));
      return {
        title: row.set.title,
        titleHi: null,
        percent: row.score,
        marksObtained: tally.marksObtained,
        maxMarks: tally.maxMarks,
        cutOff: null,
        passed: null,
      };
    }
    default:
      return assertNever(target.kind);
  }
}

/**
 * My Results: the student's completed attempts, exams and quizzes together (or one kind), newest
 * first, a page at a time from `exam_attempts_user_completed_idx` (user, completed_at). Each card
 * carries what the result page leads with: score, marks, cut-off, and for the attempt that counts
 * (the first completed one, decision 034) its rank and NTA percentile, read by `ranking.ts` from
 * the kind's rank index: a few index range scans per card, whatever the number of students.
 */
export async function listMyResults(db: DbOrTx, userId: string, query: MyResultsQuery) {
  const where = and(
    eq(examAttempts.userId, userId),
    isNotNull(examAttempts.completedAt),
    // Revision sessions are reviews of earlier answers, kept in the notebook, not results.
    isNull(examAttempts.revisionId),
    // A live test's result shows once its results are published (decision 047).
    sql`(${examAttempts.liveTestId} is null or exists (select 1 from ${liveTests} l
          where l.exam_id = ${examAttempts.liveTestId} and l.published_at is not null))`,
    query.kind ? KIND_FILTER[query.kind] : undefined,
  );
  // Verdicts as graded; one probe of the (attempt, question) unique index per card.
  const counts = sql<{ correct: number; wrong: number; total: number }>`(select json_build_object(
      'correct', count(*) filter (where a.is_correct),
      'wrong', count(*) filter (where a.selected_answer is not null and not coalesce(a.is_correct, false)),
      'total', count(*))
    from ${studentAnswers} a where a.attempt_id = ${examAttempts.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attempt: examAttempts,
        exam: exams,
        quiz: quizzes,
        set: questionSets,
        counts,
      })
      .from(examAttempts)
      .leftJoin(
        exams,
        eq(exams.id, sql`coalesce(${examAttempts.examId}, ${examAttempts.liveTestId})`),
      )
      .leftJoin(quizzes, eq(quizzes.id, examAttempts.quizId))
      .leftJoin(questionSets, eq(questionSets.id, examAttempts.practiceId))
      .where(where)
      .orderBy(desc(examAttempts.completedAt), desc(examAttempts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(examAttempts).where(where),
  ]);
  const items = await Promise.all(
    rows.map(async (row) => {
      const target = targetOf(row.attempt);
      const raw = typeof row.counts === "string" ? JSON.parse(row.counts) : row.counts;
      const headline = headlineOf(target, {
        exam: row.exam,
        quiz: row.quiz,
        set: row.set,
        passed: row.attempt.passed,
        score: Number(row.attempt.score ?? 0),
        counts: {
          correct: Number(raw.correct),
          wrong: Number(raw.wrong),
          total: Number(raw.total),
        },
      });
      const standing = row.attempt.isRanked ? await standingAt(db, target, userId) : null;
      return {
        id: row.attempt.id,
        kind: target.kind,
        targetId: target.id,
        attemptNumber: row.attempt.attemptNumber,
        completedAt: row.attempt.completedAt?.toISOString() ?? null,
        timeTakenSeconds: row.attempt.timeTakenSeconds,
        isRanked: row.attempt.isRanked,
        ...headline,
        rank: standing ? { position: standing.position, of: standing.of } : null,
        percentile: standing?.percentile ?? null,
      };
    }),
  );
  return pageOf(items, total, query);
}
export type MyResult = Awaited<ReturnType<typeof listMyResults>>["items"][number];
