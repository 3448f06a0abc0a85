import { eq, sql } from "drizzle-orm";
import { LANGUAGE_LABELS, QUIZ_MESSAGES } from "../../../../shared/quiz-constants.ts";
import { scoreQuiz } from "../../../../shared/scoring.ts";
import { examAttempts, questions } from "../../../db/schema/exams.ts";
import { quizzes } from "../../../db/schema/quizzes.ts";
import { publicationDay } from "../../../lib/calendar.ts";
import { getQuizRank } from "../quiz-rank.ts";
import { getStanding, rankedPositions } from "../ranking.ts";
import { type AttemptKindModule, noAfterGrading, noAfterRegrade } from "./kind.ts";

/** A daily current-affairs quiz (decision 018): marks out of its total, retakes numbered. */
export type QuizTarget = {
  kind: "quiz";
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: boolean;
  quiz: typeof quizzes.$inferSelect;
};

/** English, plus Hindi when every question of the quiz has a Hindi version. */
export function languagesOf(
  quiz: Pick<QuizTarget["quiz"], "questionCount" | "hindiQuestionCount">,
): string[] {
  return quiz.questionCount > 0 && quiz.hindiQuestionCount === quiz.questionCount
    ? [LANGUAGE_LABELS.en, LANGUAGE_LABELS.hi]
    : [LANGUAGE_LABELS.en];
}

function quizSummary({ quiz }: QuizTarget) {
  return {
    id: quiz.id,
    title: quiz.title,
    titleHi: quiz.titleHi,
    durationMinutes: quiz.durationMinutes,
    totalMarks: quiz.totalMarks,
    maxMarks: quiz.totalMarks ?? 100,
    difficulty: quiz.difficulty,
  };
}

export const quizKind: AttemptKindModule<
  QuizTarget,
  { kind: "quiz"; exam: null; quiz: ReturnType<typeof quizSummary>; set: null },
  { kind: "quiz"; quiz: ReturnType<typeof quizSummary> & { languages: string[] } }
> = {
  attemptKey: "quizId",
  questions: (id) => eq(questions.quizId, id),
  owns: (q, a) => sql`${q}.quiz_id = ${a}.quiz_id`,
  async load(db, id) {
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, id));
    if (!quiz) return null;
    return {
      kind: "quiz",
      id: quiz.id,
      title: quiz.title,
      timeLimitSeconds: quiz.durationMinutes * 60,
      isFree: quiz.isFree,
      quiz,
    };
  },
  async lock(tx, id) {
    await tx.execute(sql`select 1 from ${quizzes} where ${quizzes.id} = ${id} for update`);
  },
  ranks: true,
  notebook: "collects",
  messages: {
    notFound: QUIZ_MESSAGES.quizNotFound,
    noQuestions: QUIZ_MESSAGES.noQuestions,
    startConflict: QUIZ_MESSAGES.startConflict,
  },
  nextAttemptNumber: (userId, id) =>
    sql<number>`(select coalesce(max(n.attempt_number), 0) + 1 from ${examAttempts} n
                  where n.user_id = ${userId} and n.quiz_id = ${id})`,
  gatedContent: (target) => ({ kind: "quiz", id: target.id, isFree: target.isFree }),
  timed: () => true,
  // Students see a quiz from its published day on; admins may open any, to check it.
  hiddenFrom: (target, viewer, now) =>
    viewer.role !== "admin" && target.quiz.publishedOn > publicationDay(now),
  admit: async () => {},
  deadline: (target, startedAt, extraSeconds) =>
    new Date(startedAt.getTime() + (target.timeLimitSeconds + extraSeconds) * 1000),
  sealedUntil: () => null,
  // The spec's rule: correct ÷ questions × total marks, stored as marks.
  grade(target, graded) {
    const tally = scoreQuiz(graded, target.quiz.totalMarks);
    const percent = tally.maxMarks > 0 ? (tally.marksObtained / tally.maxMarks) * 100 : 0;
    return { tally, stored: tally.marksObtained, percent, passed: null };
  },
  markRule(target, questionCount) {
    const maxMarks = target.quiz.totalMarks ?? 100;
    return { perQuestion: questionCount === 0 ? 0 : maxMarks / questionCount, penalty: 0 };
  },
  scoreScale: (target) => ({ unit: "marks", max: target.quiz.totalMarks ?? 100 }),
  percentSql: (a, id) =>
    sql`${a}.score * 100 / coalesce((select z.total_marks from ${quizzes} z where z.id = ${id}), 100)`,
  afterGrading: noAfterGrading,
  rank: (db, target, attempt) =>
    attempt.completedAt
      ? getQuizRank(db, { quizId: target.id, userId: attempt.userId })
      : Promise.resolve(null),
  standing: (db, id, userId) => getStanding(db, { column: "quiz_id", targetId: id, userId }),
  shownRanks: (db, id) => rankedPositions(db, { column: "quiz_id", targetId: id }),
  afterRegrade: noAfterRegrade,
  summary: (target) => ({ kind: "quiz", exam: null, quiz: quizSummary(target), set: null }),
  overview: (target) => ({
    kind: "quiz",
    quiz: { ...quizSummary(target), languages: languagesOf(target.quiz) },
  }),
  headline(row, graded) {
    if (!row.quiz) throw new Error("quiz attempt without its quiz");
    const tally = scoreQuiz(graded, row.quiz.totalMarks);
    return {
      title: row.quiz.title,
      titleHi: row.quiz.titleHi,
      percent: tally.maxMarks > 0 ? Math.round((row.score / tally.maxMarks) * 10_000) / 100 : 0,
      marksObtained: row.score,
      maxMarks: tally.maxMarks,
      cutOff: null,
      passed: null,
    };
  },
};
