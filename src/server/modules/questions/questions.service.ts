import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { questionInputSchema } from "../../../shared/exams.ts";
import type { QuestionListQuery } from "../../../shared/list-queries.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Page, PaginationQuery } from "../../../shared/pagination.ts";
import {
  type QuestionDifficulty,
  type questionBulkTagSchema,
  TAXONOMY_MESSAGES,
  UNTAGGED,
} from "../../../shared/taxonomy.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
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
  difficulty: questions.difficulty,
  pyqYear: questions.pyqYear,
  exam: { id: exams.id, title: exams.title },
  quiz: { id: quizzes.id, title: quizzes.title },
  subject: { id: subjects.id, name: subjects.name },
  topic: { id: topics.id, name: topics.name },
};

/**
 * Admin list of exam and quiz questions, newest first, paginated on the server; filtered by exam
 * or quiz, subject ("none": untagged), topic, difficulty and year; search over the question text
 * (English and Hindi) and the exam or quiz title.
 */
export async function listQuestions(
  db: Db,
  filter: QuestionListQuery,
): Promise<Page<Awaited<ReturnType<typeof selectPage>>[number]>> {
  const conditions: SQL[] = [];
  if (filter.examId) conditions.push(eq(questions.examId, filter.examId));
  if (filter.quizId) conditions.push(eq(questions.quizId, filter.quizId));
  if (filter.subjectId === UNTAGGED) conditions.push(isNull(questions.subjectId));
  else if (filter.subjectId) conditions.push(eq(questions.subjectId, filter.subjectId));
  if (filter.topicId) conditions.push(eq(questions.topicId, filter.topicId));
  if (filter.difficulty) conditions.push(eq(questions.difficulty, filter.difficulty));
  if (filter.year) conditions.push(eq(questions.pyqYear, filter.year));
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
  return pageOf(items, total, filter);
}

async function selectPage(db: Db, where: SQL | undefined, page: PaginationQuery) {
  const rows = await db
    .select(questionColumns)
    .from(questions)
    .leftJoin(exams, eq(exams.id, questions.examId))
    .leftJoin(quizzes, eq(quizzes.id, questions.quizId))
    .leftJoin(subjects, eq(subjects.id, questions.subjectId))
    .leftJoin(topics, eq(topics.id, questions.topicId))
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

/**
 * The subject and topic exist and the topic belongs to the subject (the database's composite key
 * says so too; this gives the admin the reason as a 400 instead).
 */
export async function assertTags(
  db: Pick<Db, "select">,
  tags: { subjectId: string | null; topicId: string | null },
) {
  if (tags.topicId && !tags.subjectId) {
    throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.topicNeedsSubject);
  }
  if (!tags.subjectId) return;
  const [subject] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(eq(subjects.id, tags.subjectId));
  if (!subject) throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.unknownSubject);
  if (!tags.topicId) return;
  const [topic] = await db
    .select({ subjectId: topics.subjectId })
    .from(topics)
    .where(eq(topics.id, tags.topicId));
  if (!topic) throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.unknownTopic);
  if (topic.subjectId !== tags.subjectId) {
    throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.topicNotInSubject);
  }
}

/** A foreign-key failure on a write: the exam or quiz, or a subject or topic deleted meanwhile. */
function unknownReference(error: unknown): never {
  const pg = (error ?? {}) as { constraint?: string; cause?: { constraint?: string } };
  const name = pg.constraint ?? pg.cause?.constraint ?? "";
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION && name.startsWith("questions_topic")) {
    throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.unknownTopic);
  }
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION && name.startsWith("questions_subject")) {
    throw new AppError("BAD_REQUEST", TAXONOMY_MESSAGES.unknownSubject);
  }
  return unknownExam(error);
}

export async function createQuestion(db: Db, input: QuestionInput) {
  await assertTags(db, input);
  const [row] = await db.insert(questions).values(input).returning().catch(unknownReference);
  return row;
}

export type UpdateQuestionInput = {
  id: string;
  input: QuestionInput;
};

export async function updateQuestion(db: Db, { id, input }: UpdateQuestionInput) {
  await assertTags(db, input);
  const [row] = await db
    .update(questions)
    .set(input)
    .where(eq(questions.id, id))
    .returning()
    .catch(unknownReference);
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

type BulkTagInput = z.output<typeof questionBulkTagSchema>;

/**
 * "Tag selected": the same subject (and topic), difficulty, or both on every selected question,
 * in one statement inside one transaction; if any selected question is gone, nothing changes.
 */
export async function tagQuestions(db: Db, input: BulkTagInput) {
  const ids = [...new Set(input.questionIds)];
  const set: {
    subjectId?: string | null;
    topicId?: string | null;
    difficulty?: QuestionDifficulty | null;
  } = {};
  if (input.subjectId !== undefined) {
    set.subjectId = input.subjectId;
    set.topicId = input.subjectId ? (input.topicId ?? null) : null;
  }
  if (input.difficulty !== undefined) set.difficulty = input.difficulty;
  return db
    .transaction(async (tx) => {
      await assertTags(tx, { subjectId: set.subjectId ?? null, topicId: set.topicId ?? null });
      const updated = await tx
        .update(questions)
        .set(set)
        .where(inArray(questions.id, ids))
        .returning({ id: questions.id });
      if (updated.length !== ids.length) {
        throw new AppError(
          "NOT_FOUND",
          TAXONOMY_MESSAGES.missingQuestions(ids.length - updated.length),
        );
      }
      return { updated: updated.length };
    })
    .catch(unknownReference);
}
