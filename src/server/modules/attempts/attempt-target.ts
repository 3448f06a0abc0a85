import { eq, type SQL } from "drizzle-orm";
import {
  type Score,
  type ScoredQuestion,
  scoreAttempt,
  scoreQuiz,
} from "../../../shared/scoring.ts";
import type { Db } from "../../db/client.ts";
import { type examAttempts, examCategories, exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { rulesOf } from "./exam-rules.ts";

/**
 * What an attempt is of: an exam or a current-affairs quiz. The engine (start, save, submit,
 * sweeper, views) works on this and never on the two tables directly (decision 018).
 */
export type TargetRef = { kind: "exam"; id: string } | { kind: "quiz"; id: string };

type AttemptRow = typeof examAttempts.$inferSelect;
type ExamRow = typeof exams.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;

export type AttemptTarget =
  | {
      kind: "exam";
      id: string;
      title: string;
      timeLimitSeconds: number;
      isFree: boolean;
      exam: ExamRow;
      categoryName: string | null;
    }
  | {
      kind: "quiz";
      id: string;
      title: string;
      timeLimitSeconds: number;
      isFree: boolean;
      quiz: QuizRow;
    };

export function targetOf(attempt: Pick<AttemptRow, "examId" | "quizId">): TargetRef {
  if (attempt.quizId) return { kind: "quiz", id: attempt.quizId };
  if (attempt.examId) return { kind: "exam", id: attempt.examId };
  throw new Error("attempt of neither an exam nor a quiz");
}

/** The condition that picks the target's questions. */
export function questionsOf(ref: TargetRef): SQL {
  return ref.kind === "quiz" ? eq(questions.quizId, ref.id) : eq(questions.examId, ref.id);
}

export async function loadTarget(db: Db, ref: TargetRef): Promise<AttemptTarget | null> {
  if (ref.kind === "quiz") {
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, ref.id));
    if (!quiz) return null;
    return {
      kind: "quiz",
      id: quiz.id,
      title: quiz.title,
      timeLimitSeconds: quiz.durationMinutes * 60,
      isFree: quiz.isFree,
      quiz,
    };
  }
  const [row] = await db
    .select({ exam: exams, categoryName: examCategories.name })
    .from(exams)
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .where(eq(exams.id, ref.id));
  if (!row) return null;
  return {
    kind: "exam",
    id: row.exam.id,
    title: row.exam.title,
    timeLimitSeconds: row.exam.timeLimitSeconds,
    isFree: row.exam.isFree,
    exam: row.exam,
    categoryName: row.categoryName,
  };
}

/**
 * Grades with the target's own rule. `stored` is what the attempt row keeps as its score: the
 * percentage for an exam, the marks for a quiz (spec: correct ÷ questions × total marks).
 */
export function gradeFor(
  target: AttemptTarget,
  graded: ScoredQuestion[],
): { tally: Score; stored: number; passed: boolean | null } {
  if (target.kind === "quiz") {
    const tally = scoreQuiz(graded, target.quiz.totalMarks);
    return { tally, stored: tally.marksObtained, passed: null };
  }
  const tally = scoreAttempt(graded, rulesOf(target.exam));
  return { tally, stored: tally.scorePercent, passed: tally.passed };
}

/** The part of the target a client sees, by kind. */
export function summaryOf(target: AttemptTarget) {
  if (target.kind === "quiz") {
    return {
      kind: "quiz" as const,
      exam: null,
      quiz: {
        id: target.quiz.id,
        title: target.quiz.title,
        durationMinutes: target.quiz.durationMinutes,
        totalMarks: target.quiz.totalMarks,
        maxMarks: target.quiz.totalMarks ?? 100,
        difficulty: target.quiz.difficulty,
      },
    };
  }
  const rules = rulesOf(target.exam);
  return {
    kind: "exam" as const,
    exam: {
      id: target.exam.id,
      title: target.exam.title,
      description: target.exam.description,
      categoryName: target.categoryName,
      timeLimitSeconds: target.exam.timeLimitSeconds,
      passingMarks: target.exam.passingMarks,
      marksPerQuestion: rules.marksPerQuestion,
      negativeMarkFraction: rules.negativeMarkFraction,
    },
    quiz: null,
  };
}
