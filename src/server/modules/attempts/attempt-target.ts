import { and, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import { type AttemptKind, assertNever } from "../../../shared/attempt-kinds.ts";
import { EXAM_MESSAGES } from "../../../shared/exams.ts";
import {
  closesAt,
  entryAt,
  entryClosesAt,
  LIVE_MESSAGES,
  liveDeadline,
} from "../../../shared/live-tests.ts";
import { PRACTICE_MESSAGES, REVISION_MESSAGES } from "../../../shared/practice.ts";
import { LANGUAGE_LABELS, QUIZ_MESSAGES } from "../../../shared/quiz-constants.ts";
import {
  type Score,
  type ScoredQuestion,
  scoreAttempt,
  scoreQuiz,
} from "../../../shared/scoring.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  examAttempts,
  examCategories,
  exams,
  liveTests,
  questionSetItems,
  questionSets,
  questions,
} from "../../db/schema/exams.ts";
import { liveTestRegistrations } from "../../db/schema/live-tests.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { publicationDay } from "../../lib/calendar.ts";
import type { Viewer } from "../../lib/context.ts";
import type { GatedContent } from "../entitlements/access-rule.ts";
import { rulesOf } from "./exam-rules.ts";
import { getLiveStanding, recordLateResult } from "./live-results.ts";
import { getQuizRank, type QuizRank } from "./quiz-rank.ts";
import { getStanding, type RankColumn, type Standing } from "./ranking.ts";

/**
 * What an attempt is of: an exam, a current-affairs quiz, or a set of bank questions drawn for
 * one student (a practice test or a revision session, decision 041). The engine (start, save, submit,
 * sweeper, views) works on this and never on the two tables directly (decision 018). Every
 * difference between the kinds is in this file, as the `KINDS` record or an exhaustive switch
 * (decision 033): a new kind in `shared/attempt-kinds.ts` does not compile until it is handled.
 */
export type TargetRef = { kind: AttemptKind; id: string };

type AttemptRow = typeof examAttempts.$inferSelect;
type ExamRow = typeof exams.$inferSelect;
type QuizRow = typeof quizzes.$inferSelect;
type SetRow = typeof questionSets.$inferSelect;
type SetKind = SetRow["kind"];
type LiveRow = typeof liveTests.$inferSelect;

export type AttemptTarget =
  | {
      kind: "exam";
      id: string;
      title: string;
      timeLimitSeconds: number;
      isFree: boolean;
      exam: ExamRow;
      categoryName: string | null;
    }
  | {
      kind: "quiz";
      id: string;
      title: string;
      timeLimitSeconds: number;
      isFree: boolean;
      quiz: QuizRow;
    }
  | {
      /** An exam taken as an All-India live test (decision 047); `id` is the exam's. */
      kind: "live";
      id: string;
      title: string;
      timeLimitSeconds: number;
      isFree: boolean;
      exam: ExamRow;
      categoryName: string | null;
      live: LiveRow;
    }
  | {
      kind: SetKind;
      id: string;
      title: string;
      timeLimitSeconds: number;
      /** A set is its owner's alone; what it may hold was decided when it was drawn. */
      isFree: true;
      set: SetRow;
    };

type Kind = {
  /** The attempt row's column that names a target of this kind (and the question's). */
  attemptKey: "examId" | "quizId" | "practiceId" | "revisionId" | "liveTestId";
  /** The target's questions (`id` may be a placeholder). */
  questions: (id: string | Placeholder) => SQL;
  /** Hand-written SQL's form: question row `q` belongs to the target of attempt row `a`. */
  owns: (q: SQL, a: SQL) => SQL;
  load: (db: DbOrTx, id: string) => Promise<AttemptTarget | null>;
  /** Whether a completed attempt counts for rank and the item analysis (a set has no peers). */
  ranks: boolean;
  /**
   * What grading does with the revision notebook (decision 041): an exam, quiz or practice test
   * `collects` its wrong, skipped and unsure questions; a revision session `rates` its cards.
   */
  notebook: "collects" | "rates";
  messages: { notFound: string; noQuestions: string; startConflict: string };
  /** The new attempt's number (quiz attempts are numbered 1, 2, ... per student), or null. */
  nextAttemptNumber: (userId: string, id: string) => SQL<number> | null;
};

const KINDS: Record<AttemptKind, Kind> = {
  exam: {
    attemptKey: "examId",
    questions: (id) => eq(questions.examId, id),
    owns: (q, a) => sql`${q}.exam_id = ${a}.exam_id`,
    ranks: true,
    notebook: "collects",
    load: async (db, id) => {
      const [row] = await db
        .select({ exam: exams, categoryName: examCategories.name })
        .from(exams)
        .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
        .where(eq(exams.id, id));
      if (!row) return null;
      return {
        kind: "exam",
        id: row.exam.id,
        title: row.exam.title,
        timeLimitSeconds: row.exam.timeLimitSeconds,
        isFree: row.exam.isFree,
        exam: row.exam,
        categoryName: row.categoryName,
      };
    },
    messages: {
      notFound: EXAM_MESSAGES.examLoadFailed,
      noQuestions: EXAM_MESSAGES.examLoadFailed,
      startConflict: "Could not record exam start.",
    },
    nextAttemptNumber: () => null,
  },
  quiz: {
    attemptKey: "quizId",
    questions: (id) => eq(questions.quizId, id),
    owns: (q, a) => sql`${q}.quiz_id = ${a}.quiz_id`,
    ranks: true,
    notebook: "collects",
    load: async (db, id) => {
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
    messages: {
      notFound: QUIZ_MESSAGES.quizNotFound,
      noQuestions: QUIZ_MESSAGES.noQuestions,
      startConflict: QUIZ_MESSAGES.startConflict,
    },
    nextAttemptNumber: (userId, id) =>
      sql<number>`(select coalesce(max(n.attempt_number), 0) + 1 from ${examAttempts} n
                    where n.user_id = ${userId} and n.quiz_id = ${id})`,
  },
  practice: setKind("practice", "practiceId", PRACTICE_MESSAGES, "collects"),
  revision: setKind("revision", "revisionId", REVISION_MESSAGES, "rates"),
  live: {
    attemptKey: "liveTestId",
    // A live test's questions are its exam's (the schedule is keyed by the exam).
    questions: (id) => eq(questions.examId, id),
    owns: (q, a) => sql`${q}.exam_id = ${a}.live_test_id`,
    // Its one attempt per student feeds the item analysis; rank and percentile are the
    // published ones (live-results.ts), not the running count of ranking.ts.
    ranks: true,
    notebook: "collects",
    load: async (db, id) => {
      const [row] = await db
        .select({ exam: exams, live: liveTests, categoryName: examCategories.name })
        .from(liveTests)
        .innerJoin(exams, eq(exams.id, liveTests.examId))
        .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
        .where(eq(liveTests.examId, id));
      if (!row) return null;
      return {
        kind: "live",
        id: row.exam.id,
        title: row.exam.title,
        timeLimitSeconds: row.live.durationMinutes * 60,
        isFree: row.exam.isFree,
        exam: row.exam,
        categoryName: row.categoryName,
        live: row.live,
      };
    },
    messages: {
      notFound: LIVE_MESSAGES.notFound,
      noQuestions: EXAM_MESSAGES.examLoadFailed,
      startConflict: LIVE_MESSAGES.startConflict,
    },
    nextAttemptNumber: () => null,
  },
};

/** A practice test or a revision session: the questions listed for the set, in its order. */
function setKind(
  kind: SetKind,
  attemptKey: "practiceId" | "revisionId",
  messages: { notFound: string; startConflict: string },
  notebook: Kind["notebook"],
): Kind {
  return {
    attemptKey,
    questions: (id) =>
      sql`${questions.id} in (select ${questionSetItems.questionId} from ${questionSetItems}
                               where ${questionSetItems.setId} = ${id})`,
    owns: (q, a) => sql`exists (select 1 from ${questionSetItems} i
      where i.set_id = ${a}.${sql.identifier(examAttempts[attemptKey].name)} and i.question_id = ${q}.id)`,
    ranks: false,
    notebook,
    load: async (db, id) => {
      const [set] = await db
        .select()
        .from(questionSets)
        .where(and(eq(questionSets.id, id), eq(questionSets.kind, kind)));
      if (!set) return null;
      return {
        kind,
        id: set.id,
        title: set.title,
        timeLimitSeconds: set.timeLimitSeconds,
        isFree: true,
        set,
      };
    },
    messages: { ...messages, noQuestions: messages.notFound },
    nextAttemptNumber: () => null,
  };
}

export function targetOf(
  attempt: Pick<AttemptRow, "examId" | "quizId" | "practiceId" | "revisionId" | "liveTestId">,
): TargetRef {
  for (const [kind, { attemptKey }] of Object.entries(KINDS) as [AttemptKind, Kind][]) {
    const id = attempt[attemptKey];
    if (id) return { kind, id };
  }
  throw new Error("attempt of no known target");
}

/**
 * The condition that picks the target's questions; `id` may be a placeholder, for a statement
 * prepared once per kind.
 */
export function questionsOf(ref: { kind: AttemptKind; id: string | Placeholder }): SQL {
  return KINDS[ref.kind].questions(ref.id);
}

/**
 * For hand-written SQL: question row `q` belongs to the target of attempt row `a`, whatever its
 * kind (the save statement checks every answer with it).
 */
export function questionOfAttempt(q: SQL, a: SQL): SQL {
  const kinds = Object.values(KINDS).map((kind) => kind.owns(q, a));
  return sql`(${sql.join(kinds, sql` or `)})`;
}

/** The condition that picks the attempts at the target (of the table alias `alias`, if given). */
export function attemptsAt(ref: TargetRef, alias?: SQL): SQL {
  const column = examAttempts[KINDS[ref.kind].attemptKey];
  return alias ? sql`${alias}.${sql.identifier(column.name)} = ${ref.id}` : eq(column, ref.id);
}

/** The columns of a new attempt row that name its target (the other kinds' stay null). */
export function newAttemptOf(ref: TargetRef, userId: string) {
  const { attemptKey, nextAttemptNumber } = KINDS[ref.kind];
  const none = {
    examId: null,
    quizId: null,
    practiceId: null,
    revisionId: null,
    liveTestId: null,
  };
  return { ...none, [attemptKey]: ref.id, attemptNumber: nextAttemptNumber(userId, ref.id) };
}

/**
 * Whether the attempt completing now counts for the target's rank and analysis: the student's
 * first completed attempt at it, for exams and quizzes (decisions 018, 034); never for a set,
 * which is one student's own.
 */
export function isRankedOnCompletion(ref: TargetRef, userId: string): SQL<boolean> {
  if (!KINDS[ref.kind].ranks) return sql<boolean>`false`;
  return sql<boolean>`not exists (select 1 from ${examAttempts} r where r.user_id = ${userId}
                 and ${attemptsAt(ref, sql.raw("r"))} and r.is_ranked)`;
}

/**
 * What the plan rules judge at a start: the exam or quiz itself. A set has nothing to judge then:
 * its questions were drawn within the student's plan, and its monthly limit counted, when it was
 * built (`practice/practice-builder.ts`).
 */
export function gatedContentOf(target: AttemptTarget): GatedContent | null {
  switch (target.kind) {
    case "exam":
    case "quiz":
      return { kind: target.kind, id: target.id, isFree: target.isFree };
    case "live":
      // A premium exam taken live needs the plan the exam itself needs.
      return { kind: "exam", id: target.id, isFree: target.isFree };
    case "practice":
    case "revision":
      return null;
    default:
      return assertNever(target);
  }
}

/**
 * Whether the target runs against the clock. An untimed practice test or revision session has a
 * seven-day window only so the sweeper closes it (decision 041): no extra time is added there.
 */
export function isTimed(target: AttemptTarget): boolean {
  switch (target.kind) {
    case "exam":
    case "quiz":
    case "live":
      return true;
    case "practice":
    case "revision":
      return target.set.timed;
    default:
      return assertNever(target);
  }
}

/** What grading an attempt at the target does with the student's revision notebook. */
export function notebookRoleOf(ref: Pick<TargetRef, "kind">) {
  return KINDS[ref.kind].notebook;
}

export function messagesOf(ref: TargetRef) {
  return KINDS[ref.kind].messages;
}

export function loadTarget(db: DbOrTx, ref: TargetRef): Promise<AttemptTarget | null> {
  return KINDS[ref.kind].load(db, ref.id);
}

/**
 * Whether the viewer may not see the target yet: students see a quiz from its published day on;
 * admins may open any (to check it before it goes out).
 */
export function isHiddenFrom(
  target: AttemptTarget,
  viewer: Pick<Viewer, "role" | "userId">,
  now: Date,
) {
  switch (target.kind) {
    case "exam":
    case "live":
      return false;
    case "practice":
    case "revision":
      // Nobody opens another student's set, admins included (they read its attempts' reviews).
      return target.set.userId !== viewer.userId;
    case "quiz":
      return viewer.role !== "admin" && target.quiz.publishedOn > publicationDay(now);
    default:
      return assertNever(target);
  }
}

/**
 * Grades with the target's own rule. `stored` is what the attempt row keeps as its score: the
 * percentage for an exam, the marks for a quiz (spec: correct ÷ questions × total marks).
 * `percent` is the score as a percentage of the maximum for every kind (the analysis's bands).
 */
export function gradeFor(
  target: AttemptTarget,
  graded: ScoredQuestion[],
): { tally: Score; stored: number; percent: number; passed: boolean | null } {
  switch (target.kind) {
    case "exam":
    case "live": {
      const tally = scoreAttempt(graded, rulesOf(target.exam));
      return {
        tally,
        stored: tally.scorePercent,
        percent: tally.scorePercent,
        passed: tally.passed,
      };
    }
    case "quiz": {
      const tally = scoreQuiz(graded, target.quiz.totalMarks);
      const percent = tally.maxMarks > 0 ? (tally.marksObtained / tally.maxMarks) * 100 : 0;
      return { tally, stored: tally.marksObtained, percent, passed: null };
    }
    case "practice":
    case "revision": {
      const tally = scoreAttempt(graded, setRules(target.set));
      return { tally, stored: tally.scorePercent, percent: tally.scorePercent, passed: null };
    }
    default:
      return assertNever(target);
  }
}

/** A set's scoring rules: UPSC's marks and penalty when negative marking is on. */
export function setRules(set: SetRow) {
  return {
    passingMarks: 0,
    marksPerQuestion: set.marksPerQuestion === null ? null : Number(set.marksPerQuestion),
    negativeMarkFraction:
      set.negativeMarkFraction === null ? null : Number(set.negativeMarkFraction),
  };
}

/** The attempt's rank among the target's, where its kind ranks (a completed quiz attempt). */
export function rankOf(
  db: DbOrTx,
  target: AttemptTarget,
  attempt: Pick<AttemptRow, "userId" | "completedAt">,
): Promise<QuizRank | null> {
  switch (target.kind) {
    case "exam":
    case "live":
    case "practice":
    case "revision":
      return Promise.resolve(null);
    case "quiz":
      return attempt.completedAt
        ? getQuizRank(db, { quizId: target.id, userId: attempt.userId })
        : Promise.resolve(null);
    default:
      return assertNever(target);
  }
}

/**
 * The standing (rank, NTA percentile, averages) of the student's ranked attempt at the target,
 * for every kind: `ranking.ts` on the kind's own rank index. Null before they completed one.
 */
export function standingAt(db: DbOrTx, ref: TargetRef, userId: string): Promise<Standing | null> {
  if (!KINDS[ref.kind].ranks) return Promise.resolve(null);
  if (ref.kind === "live") return getLiveStanding(db, { examId: ref.id, userId });
  const column = examAttempts[KINDS[ref.kind].attemptKey].name as RankColumn;
  return getStanding(db, { column, targetId: ref.id, userId });
}

/** English, plus Hindi when every question of the quiz has a Hindi version. */
export function languagesOf(quiz: Pick<QuizRow, "questionCount" | "hindiQuestionCount">): string[] {
  return quiz.questionCount > 0 && quiz.hindiQuestionCount === quiz.questionCount
    ? [LANGUAGE_LABELS.en, LANGUAGE_LABELS.hi]
    : [LANGUAGE_LABELS.en];
}

function examSummary(target: Extract<AttemptTarget, { kind: "exam" | "live" }>) {
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

function quizSummary(target: Extract<AttemptTarget, { kind: "quiz" }>) {
  return {
    id: target.quiz.id,
    title: target.quiz.title,
    titleHi: target.quiz.titleHi,
    durationMinutes: target.quiz.durationMinutes,
    totalMarks: target.quiz.totalMarks,
    maxMarks: target.quiz.totalMarks ?? 100,
    difficulty: target.quiz.difficulty,
  };
}

function setSummary(target: Extract<AttemptTarget, { set: SetRow }>) {
  const rules = setRules(target.set);
  return {
    id: target.set.id,
    title: target.set.title,
    timed: target.set.timed,
    timeLimitSeconds: target.set.timeLimitSeconds,
    questionCount: target.set.questionCount,
    marksPerQuestion: rules.marksPerQuestion,
    negativeMarkFraction: rules.negativeMarkFraction,
    leftOutPremium: target.set.leftOutPremium,
    filters: target.set.filters,
    createdAt: target.set.createdAt.toISOString(),
  };
}

/** The part of the target a client sees, by kind. */
export function summaryOf(target: AttemptTarget) {
  switch (target.kind) {
    case "exam":
      return { kind: "exam" as const, exam: examSummary(target), quiz: null, set: null };
    case "live":
      return { kind: "live" as const, exam: examSummary(target), quiz: null, set: null };
    case "quiz":
      return { kind: "quiz" as const, exam: null, quiz: quizSummary(target), set: null };
    case "practice":
    case "revision":
      return { kind: target.kind, exam: null, quiz: null, set: setSummary(target) };
    default:
      return assertNever(target);
  }
}

/** The start screen's extras by kind: the quiz adds the languages its questions come in. */
export function overviewOf(target: AttemptTarget) {
  switch (target.kind) {
    case "exam":
      return { kind: "exam" as const, exam: examSummary(target) };
    case "live":
      return { kind: "live" as const, exam: examSummary(target) };
    case "quiz":
      return {
        kind: "quiz" as const,
        quiz: { ...quizSummary(target), languages: languagesOf(target.quiz) },
      };
    case "practice":
    case "revision":
      return { kind: target.kind, set: setSummary(target) };
    default:
      return assertNever(target);
  }
}

/**
 * The deadline of a new attempt started at `startedAt`: the time limit from the start, and for a
 * live test never after its close (each student still has the full duration from their own start,
 * which the entry window guarantees); an accommodation's `extraSeconds` extends either.
 */
export function deadlineOf(target: AttemptTarget, startedAt: Date, extraSeconds = 0): Date {
  switch (target.kind) {
    case "exam":
    case "quiz":
    case "practice":
    case "revision":
      return new Date(startedAt.getTime() + (target.timeLimitSeconds + extraSeconds) * 1000);
    case "live":
      return liveDeadline(target.live, startedAt, extraSeconds);
    default:
      return assertNever(target);
  }
}

/**
 * The kind's own conditions for a NEW attempt (a resumed one is always let in), checked in the
 * start's transaction. A live test: registered, at or after the student's staggered entry time,
 * within the entry window, and never taken before. Admins may open it whenever it is open, to
 * check it, without registering.
 */
export async function admitStart(
  tx: DbOrTx,
  target: AttemptTarget,
  viewer: Pick<Viewer, "role" | "userId">,
  now: Date,
): Promise<void> {
  switch (target.kind) {
    case "exam": {
      // An exam scheduled as a live test is taken only as the live test until its results are
      // published: an ordinary attempt's review would show the key to everyone beforehand.
      if (viewer.role === "admin") return;
      const [sealed] = await tx
        .select({ examId: liveTests.examId })
        .from(liveTests)
        .where(and(eq(liveTests.examId, target.id), isNull(liveTests.publishedAt)));
      if (sealed) throw new AppError("CONFLICT", LIVE_MESSAGES.takeLive);
      return;
    }
    case "quiz":
    case "practice":
    case "revision":
      return;
    case "live": {
      const schedule = target.live;
      const [taken] = await tx
        .select({ id: examAttempts.id })
        .from(examAttempts)
        .where(and(eq(examAttempts.liveTestId, target.id), eq(examAttempts.userId, viewer.userId)));
      if (taken) throw new AppError("CONFLICT", LIVE_MESSAGES.alreadyTaken);
      if (now >= entryClosesAt(schedule)) throw new AppError("CONFLICT", LIVE_MESSAGES.entryClosed);
      if (viewer.role === "admin") {
        if (now < schedule.opensAt) throw notOpenYet(schedule.opensAt);
        return;
      }
      const [registered] = await tx
        .select({ userId: liveTestRegistrations.userId })
        .from(liveTestRegistrations)
        .where(
          and(
            eq(liveTestRegistrations.examId, target.id),
            eq(liveTestRegistrations.userId, viewer.userId),
          ),
        );
      if (!registered) throw new AppError("FORBIDDEN", LIVE_MESSAGES.notRegistered);
      const entry = entryAt(schedule, target.id, viewer.userId);
      if (now < entry) throw notOpenYet(entry);
      return;
    }
    default:
      return assertNever(target);
  }
}

function notOpenYet(at: Date) {
  const time = at.toISOString();
  return new AppError(
    "CONFLICT",
    { key: LIVE_MESSAGES.notOpenYet, values: { time } },
    { entryAt: time },
  );
}

/**
 * Until when nothing derived from the key (the review, the analysis, the score) may be shown for
 * a completed attempt at the target: a live test's until its results are published, so no answer
 * leaves while others are still writing. Null: shown at once.
 */
export function sealedUntil(target: AttemptTarget): Date | null {
  switch (target.kind) {
    case "exam":
    case "quiz":
    case "practice":
    case "revision":
      return null;
    case "live": {
      if (target.live.publishedAt) return null;
      return target.live.resultsAt ?? closesAt(target.live);
    }
    default:
      return assertNever(target);
  }
}

/**
 * What grading does for the kind after the verdicts are stored: an attempt at a live test graded
 * after its results were published is ranked against the published distribution (late).
 */
export async function afterGrading(
  tx: DbOrTx,
  ref: TargetRef,
  attempt: Pick<AttemptRow, "id" | "userId" | "score" | "timeTakenSeconds">,
): Promise<void> {
  if (ref.kind !== "live") return;
  await recordLateResult(tx, { examId: ref.id, attempt });
}
