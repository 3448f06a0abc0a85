import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { questionInputSchema } from "../../../shared/exams.ts";
import type { Page, PaginationQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";

type QuestionInput = z.output<typeof questionInputSchema>;

const questionColumns = {
  id: questions.id,
  examId: questions.examId,
  quizId: questions.quizId,
  questionText: questions.questionText,
  options: questions.options,
  correctAnswer: questions.correctAnswer,
  explanation: questions.explanation,
  translations: questions.translations,
  createdAt: questions.createdAt,
  exam: { id: exams.id, title: exams.title },
  quiz: { id: quizzes.id, title: quizzes.title },
};

/**
 * Admin list of exam and quiz questions, newest first, paginated on the server; search over the
 * question text (English and Hindi) and the exam or quiz title.
 */
export async function listQuestions(
  db: Db,
  filter: PaginationQuery & { search?: string; examId?: string; quizId?: string },
): Promise<Page<Awaited<ReturnType<typeof selectPage>>[number]>> {
  const conditions: SQL[] = [];
  if (filter.examId) conditions.push(eq(questions.examId, filter.examId));
  if (filter.quizId) conditions.push(eq(questions.quizId, filter.quizId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const match = or(
      ilike(questions.questionText, pattern),
      sql`${questions.translations} #>> '{hi,questionText}' ilike ${pattern}`,
      ilike(exams.title, pattern),
      ilike(quizzes.title, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    selectPage(db, where, filter),
    db
      .select({ n: count() })
      .from(questions)
      .leftJoin(exams, eq(exams.id, questions.examId))
      .leftJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(where),
  ]);
  return { items, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}

async function selectPage(db: Db, where: SQL | undefined, page: PaginationQuery) {
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .leftJoin(exams, eq(exams.id, questions.examId))
    .leftJoin(quizzes, eq(quizzes.id, questions.quizId))
    .where(where)
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export const UNKNOWN_TARGET = "The selected exam or quiz does not exist.";

export function unknownExam(error: unknown): never {
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
    throw new AppError("VALIDATION_FAILED", UNKNOWN_TARGET);
  }
  throw error;
}

/** Where imported questions go: one exam or one quiz. */
export type QuestionTarget = { examId: string | null; quizId: string | null };

export async function createQuestion(db: Db, input: QuestionInput) {
  const [row] = await db.insert(questions).values(input).returning().catch(unknownExam);
  return row;
}

export async function updateQuestion(db: Db, id: string, input: QuestionInput) {
  const [row] = await db
    .update(questions)
    .set(input)
    .where(eq(questions.id, id))
    .returning()
    .catch(unknownExam);
  if (!row) throw new AppError("NOT_FOUND", "Question not found.");
  return row;
}

/** Deletes the question; students' answers to it go too (ON DELETE CASCADE). */
export async function deleteQuestion(db: Db, id: string) {
  const deleted = await db
    .delete(questions)
    .where(eq(questions.id, id))
    .returning({ id: questions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Question not found.");
  return { id };
}
