import { randomUUID } from "node:crypto";
import { count, desc, eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { quizInputSchema } from "../../../shared/quizzes.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { readPdfUpload } from "../../storage/pdf-upload.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { languagesOf } from "../attempts/attempt-target.ts";
import { pdfUrlOf } from "./quiz-list.service.ts";

type QuizInput = z.output<typeof quizInputSchema>;
type QuizRow = typeof quizzes.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", "Quiz not found.");

/** Every attempt (open or completed): what a delete takes with it. */
const attemptCount = sql<number>`(select count(*)::int from ${examAttempts} a where a.quiz_id = "quizzes"."id")`;

function toAdminDto(quiz: QuizRow) {
  return {
    id: quiz.id,
    title: quiz.title,
    titleHi: quiz.titleHi,
    isFree: quiz.isFree,
    pdfUrl: pdfUrlOf(quiz),
    pdfHasNoAnswers: quiz.pdfHasNoAnswers,
    durationMinutes: quiz.durationMinutes,
    totalMarks: quiz.totalMarks,
    difficulty: quiz.difficulty,
    publishedOn: quiz.publishedOn,
    createdAt: quiz.createdAt.toISOString(),
  };
}

/** Admin list: search by title, newest first (published date, then creation), paginated. */
export async function listQuizzesForAdmin(db: Db, filter: SearchPageQuery) {
  const where = filter.search ? ilike(quizzes.title, containsPattern(filter.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ quiz: quizzes, attemptCount })
      .from(quizzes)
      .where(where)
      .orderBy(desc(quizzes.publishedOn), desc(quizzes.createdAt), desc(quizzes.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(quizzes).where(where),
  ]);
  const items = rows.map((r) => ({
    ...toAdminDto(r.quiz),
    attemptCount: r.attemptCount,
    numQuestions: r.quiz.questionCount,
    languages: languagesOf(r.quiz),
  }));
  return pageOf(items, total, filter);
}

/** Every quiz as id and title, for the question screen's target picker. */
export async function listQuizOptions(db: Db) {
  return db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes).orderBy(quizzes.title);
}

export async function createQuiz(db: Db, input: QuizInput) {
  const [row] = await db.insert(quizzes).values(input).returning();
  if (!row) throw new Error("quiz insert returned nothing");
  return toAdminDto(row);
}

export type UpdateQuizInput = {
  id: string;
  input: QuizInput;
};

export async function updateQuiz(db: Db, { id, input }: UpdateQuizInput) {
  const [row] = await db
    .update(quizzes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(quizzes.id, id))
    .returning();
  if (!row) throw notFound();
  return toAdminDto(row);
}

export type DeleteQuizInput = {
  storage: FileStorage;
  id: string;
};

/** Deletes the quiz with its questions, attempts (and their answers) and bookmarks; then its PDF. */
export async function deleteQuiz(db: Db, { storage, id }: DeleteQuizInput) {
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ pdfKey: quizzes.pdfKey, attemptCount })
      .from(quizzes)
      .where(eq(quizzes.id, id))
      .for("update");
    if (!found) throw notFound();
    await tx.delete(quizzes).where(eq(quizzes.id, id));
    return found;
  });
  // After the commit: a failed file delete leaves an orphan file, never a broken quiz.
  if (result.pdfKey) await storage.delete("quiz_pdfs", result.pdfKey).catch(() => undefined);
  return { id, deletedAttempts: result.attemptCount };
}

export type UploadQuizPdfInput = {
  storage: FileStorage;
  quizId: string;
  file: unknown;
  hasNoAnswers: boolean;
};

/**
 * Stores the uploaded PDF (checked by content, 10 MB at most) and replaces the quiz's old one.
 * `hasNoAnswers` is the admin's word that students may read it before finishing (decision 030).
 */
export async function uploadQuizPdf(db: Db, { storage, ...input }: UploadQuizPdfInput) {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, input.quizId));
  if (!quiz) throw notFound();
  const bytes = await readPdfUpload(input.file);
  const key = `${quiz.id}/${randomUUID()}.pdf`;
  await storage.put("quiz_pdfs", key, bytes, "application/pdf");
  const [updated] = await db
    .update(quizzes)
    .set({ pdfKey: key, pdfHasNoAnswers: input.hasNoAnswers, updatedAt: new Date() })
    .where(eq(quizzes.id, quiz.id))
    .returning();
  if (!updated) {
    await storage.delete("quiz_pdfs", key).catch(() => undefined);
    throw notFound();
  }
  if (quiz.pdfKey) await storage.delete("quiz_pdfs", quiz.pdfKey).catch(() => undefined);
  return toAdminDto(updated);
}

export type RemoveQuizPdfInput = {
  storage: FileStorage;
  quizId: string;
};

export async function removeQuizPdf(db: Db, { storage, quizId }: RemoveQuizPdfInput) {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw notFound();
  const [updated] = await db
    .update(quizzes)
    .set({ pdfKey: null, pdfHasNoAnswers: false, updatedAt: new Date() })
    .where(eq(quizzes.id, quizId))
    .returning();
  if (quiz.pdfKey) await storage.delete("quiz_pdfs", quiz.pdfKey).catch(() => undefined);
  return toAdminDto(updated ?? quiz);
}
