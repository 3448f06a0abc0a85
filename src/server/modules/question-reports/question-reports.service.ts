import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import type { KeyHold } from "../../../shared/key-gate.ts";
import type { Page } from "../../../shared/page.ts";
import { type ReportInput, reportInputSchema } from "../../../shared/question-report-schemas.ts";
import {
  keyChangesPath,
  REPORT_MESSAGES,
  type ReportReason,
  type ReportStatus,
} from "../../../shared/question-reports.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { questionReports } from "../../db/schema/question-reports.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { keyHolds } from "../answer-keys/key-gate.ts";

/**
 * A student's "Report an error" (decision 064): one open report per student per question, on a
 * question the answer-keys gate opens to them (answered, not in an open attempt, not in a live
 * test before its results); a held or unknown question is not found, and nothing is stored.
 */

type Viewer = { userId: string; role: Role };

/** A report as its reporter reads it. */
export type MyReport = {
  id: string;
  questionId: string;
  reason: ReportReason;
  note: string;
  creditMe: boolean;
  status: ReportStatus;
  /** The admin's reply, once answered (withheld while the question is held from the student). */
  reply: string | null;
  createdAt: string;
  resolvedAt: string | null;
  /** The question's words and paper (null while the question is held from the student). */
  questionText: string | null;
  questionTextHi: string | null;
  paper: { id: string; title: string; titleHi: string | null };
  /** The paper's key-change log, when the key changed or the question was dropped. */
  keyChangesUrl: string | null;
  /** Why the question is held from the student now, if it is (nothing of it is shown). */
  keyHold: KeyHold | null;
};

const reportColumns = {
  id: questionReports.id,
  questionId: questionReports.questionId,
  reason: questionReports.reason,
  note: questionReports.note,
  creditMe: questionReports.creditMe,
  status: questionReports.status,
  reply: questionReports.reply,
  createdAt: questionReports.createdAt,
  resolvedAt: questionReports.resolvedAt,
  questionText: questions.questionText,
  questionTextHi: sql<string | null>`${questions.translations} -> 'hi' ->> 'questionText'`,
  paperId: sql<string>`coalesce(${questions.examId}, ${questions.quizId})`,
  paperTitle: sql<string>`coalesce(${exams.title}, ${quizzes.title})`,
  paperTitleHi: quizzes.titleHi,
};

/** The reports joined with their questions and papers (`.where(...)` picks them). */
function selectReports(db: Db) {
  return db
    .select(reportColumns)
    .from(questionReports)
    .innerJoin(questions, eq(questions.id, questionReports.questionId))
    .leftJoin(exams, eq(exams.id, questions.examId))
    .leftJoin(quizzes, eq(quizzes.id, questions.quizId));
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>["where"]>>[number];

function toMyReport(row: ReportRow, hold: KeyHold | null): MyReport {
  const changed = row.status === "key_changed" || row.status === "dropped";
  return {
    id: row.id,
    questionId: row.questionId,
    reason: row.reason,
    note: row.note,
    creditMe: row.creditMe,
    status: row.status,
    reply: hold ? null : row.reply,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    questionText: hold ? null : row.questionText,
    questionTextHi: hold ? null : row.questionTextHi,
    paper: { id: row.paperId, title: row.paperTitle, titleHi: row.paperTitleHi },
    keyChangesUrl: changed && !hold ? keyChangesPath(row.paperId) : null,
    keyHold: hold,
  };
}

const notFound = () => new AppError("NOT_FOUND", REPORT_MESSAGES.questionNotFound);

export type CreateReportInput = {
  viewer: Viewer;
  input: ReportInput;
  now: Date;
};

/**
 * Stores a student's report on a question the gate opens to them. A second open report on the
 * same question is refused (409, the partial unique index decides, also under a race); once the
 * first is answered a new one may be made.
 */
export async function createReport(
  db: Db,
  { viewer, input, now }: CreateReportInput,
): Promise<MyReport> {
  const values = reportInputSchema.parse(input);
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, values.questionId));
  if (!question) throw notFound();
  const holds = await keyHolds(db, { viewer, questionIds: [question.id], now });
  if (holds.has(question.id)) throw notFound();
  const [row] = await db
    .insert(questionReports)
    .values({
      questionId: question.id,
      userId: viewer.userId,
      reason: values.reason,
      note: values.note,
      creditMe: values.creditMe,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: questionReports.id });
  if (!row) throw new AppError("CONFLICT", REPORT_MESSAGES.alreadyOpen);
  const [stored] = await selectReports(db).where(eq(questionReports.id, row.id));
  if (!stored) throw new Error("report not stored");
  return toMyReport(stored, null);
}

export type ListMyReportsInput = {
  viewer: Viewer;
  query: { page: number; pageSize: number };
  now: Date;
};

/** The student's own reports, newest first (question_reports_user_idx). */
export async function listMyReports(
  db: Db,
  { viewer, query, now }: ListMyReportsInput,
): Promise<Page<MyReport>> {
  const mine = eq(questionReports.userId, viewer.userId);
  const [rows, [total]] = await Promise.all([
    selectReports(db)
      .where(mine)
      .orderBy(desc(questionReports.createdAt), desc(questionReports.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(questionReports).where(mine),
  ]);
  const holds = await keyHolds(db, {
    viewer,
    questionIds: rows.map((row) => row.questionId),
    now,
  });
  return {
    items: rows.map((row) => toMyReport(row, holds.get(row.questionId) ?? null)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export type GetMyReportInput = {
  viewer: Viewer;
  id: string;
  now: Date;
};

/** One of the student's own reports; another's, or one on a question held now, is not found. */
export async function getMyReport(db: Db, { viewer, id, now }: GetMyReportInput) {
  const [row] = await selectReports(db).where(
    and(eq(questionReports.id, id), eq(questionReports.userId, viewer.userId)),
  );
  if (!row) throw new AppError("NOT_FOUND", REPORT_MESSAGES.notFound);
  const holds = await keyHolds(db, { viewer, questionIds: [row.questionId], now });
  if (holds.has(row.questionId)) throw new AppError("NOT_FOUND", REPORT_MESSAGES.notFound);
  return toMyReport(row, null);
}

export type ReportStatesInput = {
  viewer: Viewer;
  questionIds: readonly string[];
  now: Date;
};

/**
 * What "Report an error" shows under each reviewed question: the student's latest report on it
 * (open, or answered with the reply), or null. Held and unknown questions are left out.
 */
export async function reportStates(
  db: Db,
  { viewer, questionIds, now }: ReportStatesInput,
): Promise<{ states: Record<string, MyReport | null> }> {
  const ids = [...new Set(questionIds)];
  const known = await db
    .select({ id: questions.id })
    .from(questions)
    .where(inArray(questions.id, ids));
  const holds = await keyHolds(db, { viewer, questionIds: ids, now });
  const open = known.map((q) => q.id).filter((id) => !holds.has(id));
  const states: Record<string, MyReport | null> = Object.fromEntries(open.map((id) => [id, null]));
  if (open.length === 0) return { states };
  // The latest report per question (question_reports_user_idx, then a sort of the few found).
  const rows = await selectReports(db)
    .where(
      and(eq(questionReports.userId, viewer.userId), inArray(questionReports.questionId, open)),
    )
    .orderBy(desc(questionReports.createdAt), desc(questionReports.id));
  for (const row of rows) {
    if (!states[row.questionId]) states[row.questionId] = toMyReport(row, null);
  }
  return { states };
}
