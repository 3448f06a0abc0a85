import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { EXAM_MESSAGES } from "../../../../shared/exams.ts";
import { LIVE_MESSAGES } from "../../../../shared/live-tests.ts";
import { answerMarks, type ScoredQuestion, scoreAttempt } from "../../../../shared/scoring.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { examCategories, exams, liveTests, questions } from "../../../db/schema/exams.ts";
import { AppError } from "../../../lib/app-error.ts";
import { rulesOf } from "../exam-rules.ts";
import { getStanding, rankedPositions } from "../ranking.ts";
import { type AttemptKindModule, noAfterGrading, noAfterRegrade, noRank } from "./kind.ts";

/** An exam an admin authored, taken at any time within its plan (decision 008). */
export type ExamTarget = {
  kind: "exam";
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: boolean;
  exam: typeof exams.$inferSelect;
  categoryName: string | null;
};

export async function lockExam(tx: DbOrTx, id: string) {
  await tx.execute(sql`select 1 from ${exams} where ${exams.id} = ${id} for update`);
}

/** The exam's part of an attempt, a review and a start screen (an exam's and a live test's). */
export function examSummary(
  target: Pick<ExamTarget, "exam" | "categoryName" | "timeLimitSeconds">,
) {
  const rules = rulesOf(target.exam);
  return {
    id: target.exam.id,
    title: target.exam.title,
    description: target.exam.description,
    categoryName: target.categoryName,
    timeLimitSeconds: target.timeLimitSeconds,
    passingMarks: target.exam.passingMarks,
    marksPerQuestion: rules.marksPerQuestion,
    negativeMarkFraction: rules.negativeMarkFraction,
  };
}

/** The exam's rule, as an exam and as a live test: percent stored, passed against its cut-off. */
export const examRules = {
  grade(target: Pick<ExamTarget, "exam">, graded: ScoredQuestion[]) {
    const tally = scoreAttempt(graded, rulesOf(target.exam));
    return { tally, stored: tally.scorePercent, percent: tally.scorePercent, passed: tally.passed };
  },
  markRule: (target: Pick<ExamTarget, "exam">) => answerMarks(rulesOf(target.exam)),
  scoreScale: () => ({ unit: "percent" as const, max: 100 }),
  percentSql: (a: SQL) => sql`${a}.score`,
  headline(
    row: { exam: ExamTarget["exam"] | null; score: number; passed: boolean | null },
    graded: ScoredQuestion[],
  ) {
    if (!row.exam) throw new Error("exam attempt without its exam");
    const tally = scoreAttempt(graded, rulesOf(row.exam));
    return {
      title: row.exam.title,
      titleHi: null,
      percent: row.score,
      marksObtained: tally.marksObtained,
      maxMarks: tally.maxMarks,
      cutOff: row.exam.passingMarks,
      passed: row.passed,
    };
  },
};

export const examKind: AttemptKindModule<
  ExamTarget,
  { kind: "exam"; exam: ReturnType<typeof examSummary>; quiz: null; set: null },
  { kind: "exam"; exam: ReturnType<typeof examSummary> }
> = {
  attemptKey: "examId",
  questions: (id) => eq(questions.examId, id),
  owns: (q, a) => sql`${q}.exam_id = ${a}.exam_id`,
  async load(db, id) {
    const [row] = await db
      .select({ exam: exams, categoryName: examCategories.name })
      .from(exams)
      .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
      .where(eq(exams.id, id));
    if (!row) return null;
    const { exam, categoryName } = row;
    return {
      kind: "exam",
      id: exam.id,
      title: exam.title,
      timeLimitSeconds: exam.timeLimitSeconds,
      isFree: exam.isFree,
      exam,
      categoryName,
    };
  },
  lock: lockExam,
  ranks: true,
  notebook: "collects",
  messages: {
    notFound: EXAM_MESSAGES.examLoadFailed,
    noQuestions: EXAM_MESSAGES.examLoadFailed,
    startConflict: "Could not record exam start.",
  },
  nextAttemptNumber: () => null,
  gatedContent: (target) => ({ kind: "exam", id: target.id, isFree: target.isFree }),
  timed: () => true,
  hiddenFrom: () => false,
  async admit(tx, target, viewer) {
    // An exam scheduled as a live test is taken only as the live test until its results are
    // published: an ordinary attempt's review would show the key to everyone beforehand.
    if (viewer.role === "admin") return;
    const [sealed] = await tx
      .select({ examId: liveTests.examId })
      .from(liveTests)
      .where(and(eq(liveTests.examId, target.id), isNull(liveTests.publishedAt)));
    if (sealed) throw new AppError("CONFLICT", LIVE_MESSAGES.takeLive);
  },
  deadline: (target, startedAt, extraSeconds) =>
    new Date(startedAt.getTime() + (target.timeLimitSeconds + extraSeconds) * 1000),
  sealedUntil: () => null,
  grade: examRules.grade,
  markRule: examRules.markRule,
  scoreScale: examRules.scoreScale,
  percentSql: examRules.percentSql,
  afterGrading: noAfterGrading,
  rank: noRank,
  standing: (db, id, userId) => getStanding(db, { column: "exam_id", targetId: id, userId }),
  shownRanks: (db, id) => rankedPositions(db, { column: "exam_id", targetId: id }),
  afterRegrade: noAfterRegrade,
  summary: (target) => ({ kind: "exam", exam: examSummary(target), quiz: null, set: null }),
  overview: (target) => ({ kind: "exam", exam: examSummary(target) }),
  headline: examRules.headline,
};
