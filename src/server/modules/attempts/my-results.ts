import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { MyResultsQuery } from "../../../shared/my-results.ts";
import { pageOf } from "../../../shared/page.ts";
import type { ScoredQuestion } from "../../../shared/scoring.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  examAttempts,
  exams,
  liveTests,
  questionSets,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { attemptColumnOf, headlineOf, standingAt, targetOf } from "./attempt-target.ts";

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

export type ListMyResultsInput = {
  userId: string;
  query: MyResultsQuery;
};

/**
 * My Results: the student's completed attempts, exams and quizzes together (or one kind), newest
 * first, a page at a time from `exam_attempts_user_completed_idx` (user, completed_at). Each card
 * carries what the result page leads with: score, marks, cut-off, and for the attempt that counts
 * (the first completed one, decision 034) its rank and NTA percentile, read by `ranking.ts` from
 * the kind's rank index: a few index range scans per card, whatever the number of students.
 */
export async function listMyResults(db: DbOrTx, { userId, query }: ListMyResultsInput) {
  const where = and(
    eq(examAttempts.userId, userId),
    isNotNull(examAttempts.completedAt),
    // Revision sessions are reviews of earlier answers, kept in the notebook, not results.
    isNull(examAttempts.revisionId),
    // A Mains test's result is its marks and rank, on its own pages (decision 063).
    isNull(examAttempts.mainsTestId),
    // A live test's result shows once its results are published (decision 047).
    sql`(${examAttempts.liveTestId} is null or exists (select 1 from ${liveTests} l
          where l.exam_id = ${examAttempts.liveTestId} and l.published_at is not null))`,
    query.kind ? isNotNull(attemptColumnOf(query.kind)) : undefined,
  );
  // Verdicts as graded; one probe of the (attempt, question) unique index per card.
  const counts = sql<{ correct: number; wrong: number; total: number }>`(select json_build_object(
      'correct', count(*) filter (where a.is_correct),
      'wrong', count(*) filter (where a.selected_answer is not null and not coalesce(a.is_correct, false)),
      -- A question dropped out of the total has no verdict once graded (verdict.ts).
      'total', count(*) filter (where a.is_correct is not null))
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
      const headline = headlineOf(
        target,
        {
          exam: row.exam,
          quiz: row.quiz,
          set: row.set,
          passed: row.attempt.passed,
          score: Number(row.attempt.score ?? 0),
        },
        gradedAnswers({
          correct: Number(raw.correct),
          wrong: Number(raw.wrong),
          total: Number(raw.total),
        }),
      );
      const standing = row.attempt.isRanked ? await standingAt(db, { ref: target, userId }) : null;
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
