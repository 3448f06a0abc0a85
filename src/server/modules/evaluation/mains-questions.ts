import { and, count, desc, eq, ilike, lte, ne, type SQL, sql } from "drizzle-orm";
import {
  EVALUATION_MESSAGES,
  type MainsPaper,
  type MainsQuestionInput,
} from "../../../shared/evaluation.ts";
import { pageOf } from "../../../shared/page.ts";
import type { DbOrTx } from "../../db/client.ts";
import { answerCopies, answerCopyFiles, mainsQuestions } from "../../db/schema/evaluation.ts";
import { mainsTestQuestions } from "../../db/schema/mains-tests.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { containsPattern } from "../../lib/search.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";

type QuestionRow = typeof mainsQuestions.$inferSelect;

/** What admins (and allowed mentors) edit, model answer included. */
function toAdminQuestion(
  row: QuestionRow,
  names: { subjectName: string | null; topicName: string | null },
) {
  return {
    id: row.id,
    paper: row.paper,
    subjectId: row.subjectId,
    topicId: row.topicId,
    subjectName: names.subjectName,
    topicName: names.topicName,
    questionText: row.questionText,
    questionTextHi: row.questionTextHi,
    directive: row.directive,
    wordLimit: row.wordLimit as 150 | 250 | null,
    marks: row.marks,
    publishDate: row.publishDate,
    modelAnswer: row.modelAnswer,
    modelAnswerHi: row.modelAnswerHi,
    createdAt: row.createdAt.toISOString(),
  };
}
export type AdminMainsQuestion = ReturnType<typeof toAdminQuestion>;

const names = { subjectName: subjects.name, topicName: topics.name };

export type ListMainsQuestionsInput = {
  page: number;
  pageSize: number;
  search: string;
  paper?: MainsPaper;
};

export async function listMainsQuestions(db: DbOrTx, query: ListMainsQuestionsInput) {
  const where: SQL[] = [];
  if (query.search) where.push(ilike(mainsQuestions.questionText, containsPattern(query.search)));
  if (query.paper) where.push(eq(mainsQuestions.paper, query.paper));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ q: mainsQuestions, ...names })
      .from(mainsQuestions)
      .leftJoin(subjects, eq(subjects.id, mainsQuestions.subjectId))
      .leftJoin(topics, eq(topics.id, mainsQuestions.topicId))
      .where(condition)
      .orderBy(
        desc(mainsQuestions.publishDate),
        desc(mainsQuestions.createdAt),
        desc(mainsQuestions.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mainsQuestions).where(condition),
  ]);
  return pageOf(
    rows.map((r) => toAdminQuestion(r.q, r)),
    total,
    query,
  );
}

export type CreateMainsQuestionInput = {
  input: MainsQuestionInput;
  createdBy: string;
};

export async function createMainsQuestion(
  db: DbOrTx,
  { input, createdBy }: CreateMainsQuestionInput,
) {
  const values = await checkTaxonomy(db, input);
  const [row] = await db
    .insert(mainsQuestions)
    .values({ ...values, createdBy })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

export type UpdateMainsQuestionInput = {
  id: string;
  input: MainsQuestionInput;
};

export async function updateMainsQuestion(db: DbOrTx, { id, input }: UpdateMainsQuestionInput) {
  const values = await checkTaxonomy(db, input);
  const [row] = await db
    .update(mainsQuestions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mainsQuestions.id, id))
    .returning({ id: mainsQuestions.id });
  if (!row) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.questionNotFound);
}

/**
 * Deleting a question deletes its copies; the stored keys of their files are returned so the
 * caller removes the files too.
 */
export async function deleteMainsQuestion(db: DbOrTx, id: string) {
  // A question on a Mains test's paper stays: the paper (and its booklets' marks) rests on it.
  const [onPaper] = await db
    .select({ id: mainsTestQuestions.id })
    .from(mainsTestQuestions)
    .where(eq(mainsTestQuestions.questionId, id))
    .limit(1);
  if (onPaper) throw new AppError("CONFLICT", EVALUATION_MESSAGES.questionOnTestPaper);
  const files = await db
    .select({ key: answerCopyFiles.storageKey })
    .from(answerCopyFiles)
    .innerJoin(answerCopies, eq(answerCopies.id, answerCopyFiles.copyId))
    .where(eq(answerCopies.questionId, id));
  const [row] = await db
    .delete(mainsQuestions)
    .where(eq(mainsQuestions.id, id))
    .returning({ id: mainsQuestions.id });
  if (!row) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.questionNotFound);
  return files.map((f) => f.key);
}

/** What a student sees of a question: never the model answer (that comes with the evaluated copy). */
const studentColumns = {
  id: mainsQuestions.id,
  paper: mainsQuestions.paper,
  subjectName: subjects.name,
  topicName: topics.name,
  questionText: mainsQuestions.questionText,
  questionTextHi: mainsQuestions.questionTextHi,
  directive: mainsQuestions.directive,
  wordLimit: mainsQuestions.wordLimit,
  marks: mainsQuestions.marks,
  publishDate: mainsQuestions.publishDate,
};

function studentQuestions(db: DbOrTx, userId: string) {
  return db
    .select({
      ...studentColumns,
      copyId: answerCopies.id,
      copyStatus: answerCopies.status,
      copyMarks: answerCopies.marks,
    })
    .from(mainsQuestions)
    .leftJoin(subjects, eq(subjects.id, mainsQuestions.subjectId))
    .leftJoin(topics, eq(topics.id, mainsQuestions.topicId))
    .leftJoin(
      answerCopies,
      and(eq(answerCopies.questionId, mainsQuestions.id), eq(answerCopies.userId, userId)),
    );
}

type StudentQuestionRow = Awaited<ReturnType<typeof studentQuestions>>[number];

function toStudentQuestion(row: StudentQuestionRow) {
  return {
    id: row.id,
    paper: row.paper,
    subjectName: row.subjectName,
    topicName: row.topicName,
    questionText: row.questionText,
    questionTextHi: row.questionTextHi,
    directive: row.directive,
    wordLimit: row.wordLimit,
    marks: row.marks,
    publishDate: row.publishDate,
    myCopy: row.copyId
      ? {
          id: row.copyId,
          status: row.copyStatus ?? "draft",
          marks: row.copyMarks === null ? null : Number(row.copyMarks),
        }
      : null,
  };
}
export type StudentMainsQuestion = ReturnType<typeof toStudentQuestion>;

export type ListPublishedQuestionsInput = {
  userId: string;
  now: Date;
  page: number;
  pageSize: number;
};

/**
 * The question of the day (the latest published on or before today, India's calendar) and the
 * earlier ones, newest first, paged.
 */
export async function listPublishedQuestions(db: DbOrTx, input: ListPublishedQuestionsInput) {
  const today = publicationDay(input.now);
  const published = lte(mainsQuestions.publishDate, today);
  const order = [
    desc(mainsQuestions.publishDate),
    desc(mainsQuestions.createdAt),
    desc(mainsQuestions.id),
  ];
  const [latest] = await studentQuestions(db, input.userId)
    .where(published)
    .orderBy(...order)
    .limit(1);
  // Everything published but the question of the day.
  const earlier = latest ? and(published, ne(mainsQuestions.id, latest.id)) : sql`false`;
  const [rows, [total]] = await Promise.all([
    studentQuestions(db, input.userId)
      .where(earlier)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(mainsQuestions).where(earlier),
  ]);
  return {
    today: latest ? { ...toStudentQuestion(latest), isToday: latest.publishDate === today } : null,
    earlier: pageOf(rows.map(toStudentQuestion), total, input),
  };
}

export type FindPublishedQuestionInput = { userId: string; questionId: string; now: Date };

/** One published question for the answer page (404 for an unknown or not yet published one). */
export async function findPublishedQuestion(db: DbOrTx, input: FindPublishedQuestionInput) {
  const [row] = await studentQuestions(db, input.userId).where(
    and(
      eq(mainsQuestions.id, input.questionId),
      lte(mainsQuestions.publishDate, publicationDay(input.now)),
    ),
  );
  if (!row) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.questionNotFound);
  return toStudentQuestion(row);
}
