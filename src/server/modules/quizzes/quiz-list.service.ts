import { and, count, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import { HOME_QUIZ_LIMIT } from "../../../shared/home.ts";
import { pageOf } from "../../../shared/page.ts";
import { QUIZ_PAGE_SIZE, type QuizFilter } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { languagesOf } from "../attempts/attempt-target.ts";
import { parseRank, rankJsonSql } from "../attempts/quiz-rank.ts";
import { describeAccess } from "../entitlements/entitlement.ts";
import {
  hasOpenAttemptSql,
  isSavedSql,
  lastWeekAttemptsSql,
  latestAttemptSql,
  parseLatestAttempt,
} from "./quiz-stats.ts";
import { mayOpenQuizPdf, visibleToStudents } from "./quiz-visibility.ts";

type QuizRow = typeof quizzes.$inferSelect;

export function pdfUrlOf(quiz: Pick<QuizRow, "id" | "pdfKey">): string | null {
  return quiz.pdfKey ? `/api/quizzes/${quiz.id}/pdf` : null;
}

/** The card fields every viewer sees. */
function cardOf(quiz: QuizRow) {
  return {
    id: quiz.id,
    title: quiz.title,
    titleHi: quiz.titleHi,
    isFree: quiz.isFree,
    durationMinutes: quiz.durationMinutes,
    totalMarks: quiz.totalMarks,
    maxMarks: quiz.totalMarks ?? 100,
    difficulty: quiz.difficulty,
    publishedOn: quiz.publishedOn,
    numQuestions: quiz.questionCount,
    languages: languagesOf(quiz),
  };
}

// The order of the partial index quizzes_visible_idx, so a page is read straight from it.
const newestFirst = [desc(quizzes.publishedOn), desc(quizzes.createdAt), desc(quizzes.id)];

export type ListQuizzesForStudentInput = {
  userId: string;
  /** Admins are never locked out of premium quizzes (the one entitlement rule). */
  role?: Role;
  filter: QuizFilter;
  page: number;
  now?: Date;
};

/**
 * The student's quiz list, newest first, one page at a time: published quizzes with questions,
 * each with real attempt counts (everyone's completed attempts, all time and on the last 7
 * days), the viewer's bookmark, newest completed attempt, open attempt and rank. Two statements
 * (the page, the total): the counts are trigger-kept counters and each of the viewer's fields
 * is one index probe per card (decision 020; bench/quiz-list.ts).
 */
export async function listQuizzesForStudent(db: Db, input: ListQuizzesForStudentInput) {
  const now = input.now ?? new Date();
  const conditions: SQL[] = [visibleToStudents(now)];
  if (input.filter === "saved") conditions.push(isSavedSql(input.userId));
  if (input.filter === "not-attempted") {
    conditions.push(sql`not exists (select 1 from exam_attempts a
      where a.user_id = ${input.userId} and a.quiz_id = "quizzes"."id" and a.completed_at is not null)`);
  }
  const where = and(...conditions);
  // The page's ids first: the per-card subqueries then run for these 12 rows only, not for
  // every row an OFFSET skips.
  const page = db.$with("page").as(
    db
      .select({ pageId: sql<string>`${quizzes.id}`.as("page_id") })
      .from(quizzes)
      .where(where)
      .orderBy(...newestFirst)
      .limit(QUIZ_PAGE_SIZE)
      .offset((input.page - 1) * QUIZ_PAGE_SIZE),
  );
  const [rows, [total]] = await Promise.all([
    db
      .with(page)
      .select({
        quiz: getTableColumns(quizzes),
        last7Days: lastWeekAttemptsSql(publicationDay(now)),
        isSaved: isSavedSql(input.userId),
        hasOpenAttempt: hasOpenAttemptSql(input.userId),
        latestAttempt: latestAttemptSql(input.userId),
        rank: rankJsonSql(input.userId),
      })
      .from(quizzes)
      .innerJoin(page, eq(quizzes.id, page.pageId))
      .orderBy(...newestFirst),
    db.select({ n: count() }).from(quizzes).where(where),
  ]);
  // The same rule as a start: premium quizzes a student cannot open are locked, and a plan's
  // limits show as attempts left.
  const access = await describeAccess(db, {
    viewer: { userId: input.userId, role: input.role ?? "student" },
    kind: "quiz",
    items: rows.map((row) => ({ id: row.quiz.id, isFree: row.quiz.isFree })),
    now,
  });
  const items = rows.map((row) => ({
    ...cardOf(row.quiz),
    // A retake under way holds the key (the PDF route asks the answer-keys gate itself).
    ...pdfOf(row.quiz, input.role ?? "student", row.latestAttempt !== null && !row.hasOpenAttempt),
    access: access.get(row.quiz.id) ?? { locked: false, reason: null, attemptsLeft: null },
    attempts: { total: row.quiz.completedAttempts, last7Days: Number(row.last7Days) },
    isSaved: row.isSaved,
    hasOpenAttempt: row.hasOpenAttempt,
    latestAttempt: parseLatestAttempt(row.latestAttempt),
    rank: parseRank(row.rank),
  }));
  return pageOf(items, total, { page: input.page, pageSize: QUIZ_PAGE_SIZE });
}

/**
 * The card's PDF link (decision 030): offered only when the viewer may open it, which is what
 * GET /api/quizzes/:id/pdf checks (quiz-bookmarks.service.ts). `pdfAfterAttempt` says a PDF is
 * there but waits for a completed attempt, so the card can say why the link is missing.
 */
function pdfOf(quiz: QuizRow, role: Role, hasCompleted: boolean) {
  const open = mayOpenQuizPdf(role, quiz, hasCompleted);
  return {
    pdfUrl: open ? pdfUrlOf(quiz) : null,
    pdfAfterAttempt: quiz.pdfKey !== null && !open,
  };
}

export type ListHomeQuizzesInput = {
  userId: string | null;
  now?: Date;
};

/**
 * Spec: the newest 6 quizzes for the home page, real ones only (published, with questions).
 * For a signed-in viewer each says whether they have completed it, and with what score.
 */
export async function listHomeQuizzes(db: Db, { userId, now = new Date() }: ListHomeQuizzesInput) {
  const rows = await db
    .select({
      quiz: getTableColumns(quizzes),
      latestAttempt: userId ? latestAttemptSql(userId) : sql<null>`null`,
    })
    .from(quizzes)
    .where(visibleToStudents(now))
    .orderBy(...newestFirst)
    .limit(HOME_QUIZ_LIMIT);
  return rows.map(({ quiz, latestAttempt }) => {
    const card = cardOf(quiz);
    const latest = parseLatestAttempt(latestAttempt);
    return {
      id: card.id,
      title: card.title,
      titleHi: card.titleHi,
      durationMinutes: card.durationMinutes,
      numQuestions: card.numQuestions,
      isFree: card.isFree,
      languages: card.languages,
      publishedOn: card.publishedOn,
      maxMarks: card.maxMarks,
      isAttempted: latest !== null,
      /** The viewer's newest completed attempt's marks (out of maxMarks), or null. */
      latestScore: latest?.score ?? null,
    };
  });
}

export type FindVisibleQuizInput = {
  viewer: { role: Role };
  quizId: string;
  now?: Date;
};

/** A quiz a student may see (published, with questions), or null. Admins see every quiz. */
export async function findVisibleQuiz(
  db: Db,
  { viewer, quizId, now = new Date() }: FindVisibleQuizInput,
) {
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(
      viewer.role === "admin"
        ? eq(quizzes.id, quizId)
        : and(eq(quizzes.id, quizId), visibleToStudents(now)),
    );
  return quiz ?? null;
}
