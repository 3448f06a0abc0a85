import { asc, eq } from "drizzle-orm";
import { scoreAttempt } from "../../../shared/scoring.ts";
import type { Db } from "../../db/client.ts";
import {
  type examAttempts,
  examCategories,
  exams,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { rulesOf } from "./attempt-grading.ts";

type AttemptRow = typeof examAttempts.$inferSelect;
type ExamRow = typeof exams.$inferSelect;

function examSummary(exam: ExamRow, categoryName: string | null) {
  const rules = rulesOf(exam);
  return {
    id: exam.id,
    title: exam.title,
    description: exam.description,
    categoryName,
    timeLimitSeconds: exam.timeLimitSeconds,
    passingMarks: exam.passingMarks,
    marksPerQuestion: rules.marksPerQuestion,
    negativeMarkFraction: rules.negativeMarkFraction,
  };
}

async function loadExam(db: Db, examId: string) {
  const [row] = await db
    .select({ exam: exams, categoryName: examCategories.name })
    .from(exams)
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .where(eq(exams.id, examId));
  return row ?? null;
}

/**
 * What a student sees while the attempt is open: the questions WITHOUT correct answers,
 * explanations or correctness, their saved choices, the deadline and the server's clock.
 */
export async function buildSessionView(db: Db, attempt: AttemptRow) {
  const loaded = await loadExam(db, attempt.examId);
  if (!loaded) throw new Error("exam missing");
  const [questionRows, answers] = await Promise.all([
    db
      .select({
        id: questions.id,
        questionText: questions.questionText,
        options: questions.options,
      })
      .from(questions)
      .where(eq(questions.examId, attempt.examId))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select({
        questionId: studentAnswers.questionId,
        selectedAnswer: studentAnswers.selectedAnswer,
        markedForReview: studentAnswers.markedForReview,
        clientSeq: studentAnswers.clientSeq,
      })
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, attempt.id)),
  ]);
  return {
    status: "in_progress" as const,
    attempt: {
      id: attempt.id,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
    },
    exam: examSummary(loaded.exam, loaded.categoryName),
    questions: questionRows,
    answers,
    serverNow: new Date().toISOString(),
  };
}

/** The completed attempt with every answer, the correct one and its explanation. */
export async function buildReviewView(db: Db, attempt: AttemptRow) {
  const loaded = await loadExam(db, attempt.examId);
  if (!loaded) throw new Error("exam missing");
  const [rows, [student]] = await Promise.all([
    db
      .select({
        question: {
          id: questions.id,
          questionText: questions.questionText,
          options: questions.options,
          correctAnswer: questions.correctAnswer,
          explanation: questions.explanation,
        },
        selectedAnswer: studentAnswers.selectedAnswer,
        isCorrect: studentAnswers.isCorrect,
      })
      .from(studentAnswers)
      .innerJoin(questions, eq(questions.id, studentAnswers.questionId))
      .where(eq(studentAnswers.attemptId, attempt.id))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, attempt.userId)),
  ]);
  // A graded answer keeps the verdict it got at grading (is_correct), even if an admin has since
  // changed that question's key, so the counts agree with the stored score.
  const tally = scoreAttempt(
    rows.map((r) =>
      r.isCorrect === null
        ? { correctAnswer: r.question.correctAnswer, selectedAnswer: r.selectedAnswer }
        : {
            correctAnswer: "A" as const,
            selectedAnswer:
              r.selectedAnswer === null ? null : r.isCorrect ? ("A" as const) : ("B" as const),
          },
    ),
    rulesOf(loaded.exam),
  );
  return {
    status: attempt.completedAt ? ("completed" as const) : ("in_progress" as const),
    attempt: {
      id: attempt.id,
      startedAt: attempt.startedAt.toISOString(),
      deadlineAt: attempt.deadlineAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
      timeTakenSeconds: attempt.timeTakenSeconds,
      score: attempt.score === null ? null : Number(attempt.score),
      passed: attempt.passed,
    },
    student: student ?? null,
    exam: examSummary(loaded.exam, loaded.categoryName),
    tally: {
      total: tally.total,
      correct: tally.correct,
      wrong: tally.wrong,
      unanswered: tally.unanswered,
      marksObtained: tally.marksObtained,
      maxMarks: tally.maxMarks,
    },
    answers: rows,
  };
}

export type SessionView = Awaited<ReturnType<typeof buildSessionView>>;
export type ReviewView = Awaited<ReturnType<typeof buildReviewView>>;
