import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { HOME_QUIZ_LIMIT } from "../../../shared/home.ts";
import { QUIZ_PAGE_SIZE, type QuizFilter } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { listQuizRanks } from "../attempts/quiz-rank.ts";
import {
  attemptCountsOf,
  latestAttemptsOf,
  openAttemptsOf,
  questionStatsOf,
  savedQuizIdsOf,
} from "./quiz-stats.ts";
import { visibleToStudents } from "./quiz-visibility.ts";

type QuizRow = typeof quizzes.$inferSelect;

export function pdfUrlOf(quiz: Pick<QuizRow, "id" | "pdfKey">): string | null {
  return quiz.pdfKey ? `/api/quizzes/${quiz.id}/pdf` : null;
}

/** The card fields every viewer sees. */
function cardOf(quiz: QuizRow, stats: { numQuestions: number; languages: string[] } | undefined) {
  return {
    id: quiz.id,
    title: quiz.title,
    isFree: quiz.isFree,
    pdfUrl: pdfUrlOf(quiz),
    durationMinutes: quiz.durationMinutes,
    totalMarks: quiz.totalMarks,
    maxMarks: quiz.totalMarks ?? 100,
    difficulty: quiz.difficulty,
    publishedOn: quiz.publishedOn,
    numQuestions: stats?.numQuestions ?? 0,
    languages: stats?.languages ?? ["English"],
  };
}

const newestFirst = [desc(quizzes.publishedOn), desc(quizzes.createdAt), desc(quizzes.id)];

/**
 * The student's quiz list, newest first, one page at a time: published quizzes with questions,
 * each with real attempt counts (everyone's completed attempts, all time and the last 7 days),
 * the viewer's bookmark, newest completed attempt, open attempt and rank. A fixed number of
 * queries per page, each bounded by the page's quiz ids (see bench/quiz-list.ts).
 */
export async function listQuizzesForStudent(
  db: Db,
  input: { userId: string; filter: QuizFilter; page: number; now?: Date },
) {
  const now = input.now ?? new Date();
  const conditions: SQL[] = [visibleToStudents(now)];
  if (input.filter === "saved") {
    conditions.push(sql`exists (select 1 from user_saved_quizzes s
      where s.user_id = ${input.userId} and s.quiz_id = "quizzes"."id")`);
  }
  if (input.filter === "not-attempted") {
    conditions.push(sql`not exists (select 1 from exam_attempts a
      where a.user_id = ${input.userId} and a.quiz_id = "quizzes"."id" and a.completed_at is not null)`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quizzes)
      .where(where)
      .orderBy(...newestFirst)
      .limit(QUIZ_PAGE_SIZE)
      .offset((input.page - 1) * QUIZ_PAGE_SIZE),
    db.select({ n: count() }).from(quizzes).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [stats, counts, latest, open, saved, ranks] = await Promise.all([
    questionStatsOf(db, ids),
    attemptCountsOf(db, ids, now),
    latestAttemptsOf(db, input.userId, ids),
    openAttemptsOf(db, input.userId, ids),
    savedQuizIdsOf(db, input.userId, ids),
    listQuizRanks(db, { userId: input.userId, quizIds: ids }),
  ]);
  const items = rows.map((quiz) => ({
    ...cardOf(quiz, stats.get(quiz.id)),
    attempts: counts.get(quiz.id) ?? { total: 0, last7Days: 0 },
    isSaved: saved.has(quiz.id),
    hasOpenAttempt: open.has(quiz.id),
    latestAttempt: latest.get(quiz.id) ?? null,
    rank: ranks.get(quiz.id) ?? null,
  }));
  return { items, total: total?.n ?? 0, page: input.page, pageSize: QUIZ_PAGE_SIZE };
}

/**
 * Spec: the newest 6 quizzes for the home page, real ones only (published, with questions).
 * For a signed-in viewer each says whether they have completed it.
 */
export async function listHomeQuizzes(db: Db, userId: string | null, now = new Date()) {
  const rows = await db
    .select()
    .from(quizzes)
    .where(visibleToStudents(now))
    .orderBy(...newestFirst)
    .limit(HOME_QUIZ_LIMIT);
  const ids = rows.map((r) => r.id);
  const [stats, latest] = await Promise.all([
    questionStatsOf(db, ids),
    userId ? latestAttemptsOf(db, userId, ids) : Promise.resolve(new Map()),
  ]);
  return rows.map((quiz) => {
    const card = cardOf(quiz, stats.get(quiz.id));
    return {
      id: card.id,
      title: card.title,
      durationMinutes: card.durationMinutes,
      numQuestions: card.numQuestions,
      isFree: card.isFree,
      languages: card.languages,
      isAttempted: latest.has(quiz.id),
    };
  });
}

/** A quiz a student may see (published, with questions), or null. Admins see every quiz. */
export async function findVisibleQuiz(
  db: Db,
  viewer: { role: "admin" | "student" },
  quizId: string,
  now = new Date(),
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
