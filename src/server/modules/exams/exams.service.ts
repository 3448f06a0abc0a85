import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { z } from "zod";
import type { examInputSchema, studentExamFilterSchema } from "../../../shared/exams.ts";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, examCategories, exams, questions } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";
import { describeAccess } from "../entitlements/entitlement.ts";
import { toExamDto } from "./exam-dto.ts";
import { examQuestionCount } from "./exam-sql.ts";

type ExamInput = z.output<typeof examInputSchema>;
type StudentFilter = z.output<typeof studentExamFilterSchema>;

function toRow(input: ExamInput) {
  return {
    ...input,
    marksPerQuestion: input.marksPerQuestion === null ? null : String(input.marksPerQuestion),
    negativeMarkFraction:
      input.negativeMarkFraction === null ? null : String(input.negativeMarkFraction),
  };
}

function unknownCategory(error: unknown): never {
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) {
    throw new AppError("VALIDATION_FAILED", "The selected category does not exist.");
  }
  throw error;
}

/**
 * Admin list: newest first (index exams_created_at_idx), searchable by title or category name,
 * with question counts, a page at a time.
 */
export async function listExamsForAdmin(db: Db, filter: SearchPageQuery) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = pattern
    ? or(ilike(exams.title, pattern), ilike(examCategories.name, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        exam: exams,
        category: { id: examCategories.id, name: examCategories.name },
        questionCount: examQuestionCount,
      })
      .from(exams)
      .innerJoin(examCategories, eq(examCategories.id, exams.categoryId))
      .where(where)
      .orderBy(desc(exams.createdAt), desc(exams.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(exams)
      .innerJoin(examCategories, eq(examCategories.id, exams.categoryId))
      .where(where),
  ]);
  const items = rows.map((r) => ({
    ...toExamDto(r.exam, r.category),
    questionCount: r.questionCount,
  }));
  return pageOf(items, total, filter);
}

/** id and title of every exam, by title (question form and filter). */
export async function listExamOptions(db: Db) {
  return db.select({ id: exams.id, title: exams.title }).from(exams).orderBy(asc(exams.title));
}

export async function createExam(db: Db, input: ExamInput) {
  const [row] = await db.insert(exams).values(toRow(input)).returning().catch(unknownCategory);
  if (!row) throw new Error("insert returned nothing");
  return toExamDto(row, null);
}

export type UpdateExamInput = {
  id: string;
  input: ExamInput;
};

export async function updateExam(db: Db, { id, input }: UpdateExamInput) {
  const [row] = await db
    .update(exams)
    .set({ ...toRow(input), updatedAt: new Date() })
    .where(eq(exams.id, id))
    .returning()
    .catch(unknownCategory);
  if (!row) throw new AppError("NOT_FOUND", "Exam not found.");
  return toExamDto(row, null);
}

/** Deletes the exam with its questions, attempts and answers, in one transaction. */
export async function deleteExam(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [attempts] = await tx
      .select({ n: count() })
      .from(examAttempts)
      .where(eq(examAttempts.examId, id));
    const [questionRows] = await tx
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.examId, id));
    // student_answers, exam_attempts and questions go with it (ON DELETE CASCADE).
    const deleted = await tx.delete(exams).where(eq(exams.id, id)).returning({ id: exams.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", "Exam not found.");
    return { id, deletedQuestions: questionRows?.n ?? 0, deletedAttempts: attempts?.n ?? 0 };
  });
}

export type ListExamsForStudentInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  filter: StudentFilter;
  now?: Date;
};

/**
 * The student's list: exams that have questions, filtered by search (title, description or
 * category), category, kind (mock, pyp, series), subject (any question of it) or 'paused' (their
 * unfinished attempts). Each
 * carries the student's open attempt, so the card can offer Resume, and their newest completed
 * one, so it can show the last score beside Review.
 */
export async function listExamsForStudent(
  db: Db,
  { viewer, filter, now = new Date() }: ListExamsForStudentInput,
) {
  const userId = viewer.userId;
  const openAttempt = db
    .select({
      examId: examAttempts.examId,
      id: examAttempts.id,
      deadlineAt: examAttempts.deadlineAt,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), isNull(examAttempts.completedAt)))
    .as("open_attempt");
  // The student's newest completed attempt at each exam (the card's last score and Review): their
  // own completed attempts, read from exam_attempts_user_completed_idx.
  const lastAttempt = db
    .selectDistinctOn([examAttempts.examId], {
      examId: sql<string>`${examAttempts.examId}`.as("last_exam_id"),
      id: sql<string>`${examAttempts.id}`.as("last_id"),
      score: sql<string | null>`${examAttempts.score}`.as("last_score"),
      passed: sql<boolean | null>`${examAttempts.passed}`.as("last_passed"),
      completedAt: sql<Date>`${examAttempts.completedAt}`.as("last_completed_at"),
    })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        isNotNull(examAttempts.completedAt),
        isNotNull(examAttempts.examId),
      ),
    )
    .orderBy(examAttempts.examId, desc(examAttempts.completedAt))
    .as("last_attempt");
  const conditions: SQL[] = [sql`${examQuestionCount} > 0`];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const match = or(
      ilike(exams.title, pattern),
      ilike(exams.description, pattern),
      ilike(examCategories.name, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.categoryId) conditions.push(eq(exams.categoryId, filter.categoryId));
  if (filter.filter === "mock" || filter.filter === "pyp" || filter.filter === "series") {
    conditions.push(eq(exams.kind, filter.filter));
  }
  if (filter.category === "ias-test-series") conditions.push(eq(exams.kind, "series"));
  if (filter.year) conditions.push(eq(exams.year, filter.year));
  if (filter.subject) {
    conditions.push(
      sql`exists (select 1 from ${questions} q where q.exam_id = ${exams.id} and q.subject_id = ${filter.subject})`,
    );
  }
  if (filter.filter === "paused") conditions.push(sql`${openAttempt.id} is not null`);
  const rows = await db
    .select({
      exam: exams,
      category: { id: examCategories.id, name: examCategories.name },
      questionCount: examQuestionCount,
      openAttemptId: openAttempt.id,
      openAttemptDeadlineAt: openAttempt.deadlineAt,
      lastAttemptId: lastAttempt.id,
      lastScore: lastAttempt.score,
      lastPassed: lastAttempt.passed,
      lastCompletedAt: lastAttempt.completedAt,
    })
    .from(exams)
    .innerJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .leftJoin(openAttempt, eq(openAttempt.examId, exams.id))
    .leftJoin(lastAttempt, eq(lastAttempt.examId, exams.id))
    .where(and(...conditions))
    .orderBy(desc(exams.createdAt));
  // The same entitlement rule as a start: locked premium exams, attempts left under a limit.
  const access = await describeAccess(db, {
    viewer,
    kind: "exam",
    items: rows.map((r) => ({ id: r.exam.id, isFree: r.exam.isFree })),
  });
  return rows.map((r) => ({
    ...toExamDto(r.exam, r.category),
    questionCount: r.questionCount,
    openAttemptId: r.openAttemptId,
    // The list says "In progress · N min left": the clock runs on once an attempt starts.
    openAttemptSecondsLeft: r.openAttemptDeadlineAt
      ? Math.max(0, Math.round((r.openAttemptDeadlineAt.getTime() - now.getTime()) / 1000))
      : null,
    access: access.get(r.exam.id) ?? { locked: false, reason: null, attemptsLeft: null },
    /** The student's newest completed attempt: its score (percent) and the review's id. */
    lastAttempt: r.lastAttemptId
      ? {
          id: r.lastAttemptId,
          score: Number(r.lastScore ?? 0),
          passed: r.lastPassed,
          completedAt: new Date(r.lastCompletedAt ?? 0).toISOString(),
        }
      : null,
  }));
}
