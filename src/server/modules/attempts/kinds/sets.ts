import { and, eq, sql } from "drizzle-orm";
import { answerMarks, scoreAttempt } from "../../../../shared/scoring.ts";
import {
  examAttempts,
  questionSetItems,
  questionSets,
  questions,
} from "../../../db/schema/exams.ts";
import {
  type AttemptKindModule,
  noAfterGrading,
  noAfterRegrade,
  noRank,
  noShownRanks,
} from "./kind.ts";

type SetRow = typeof questionSets.$inferSelect;
type SetKind = SetRow["kind"];

/**
 * A set of bank questions drawn for one student: a practice test or a revision session
 * (decision 041). A set is its owner's alone; what it may hold was decided when it was drawn.
 */
export type SetTarget<K extends SetKind> = {
  kind: K;
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: true;
  set: SetRow;
};

/** A set's scoring rules: UPSC's marks and penalty when negative marking is on. */
export function setRules(set: SetRow) {
  return {
    passingMarks: 0,
    marksPerQuestion: set.marksPerQuestion === null ? null : Number(set.marksPerQuestion),
    negativeMarkFraction:
      set.negativeMarkFraction === null ? null : Number(set.negativeMarkFraction),
  };
}

export function setSummary({ set }: { set: SetRow }) {
  const rules = setRules(set);
  return {
    id: set.id,
    title: set.title,
    timed: set.timed,
    timeLimitSeconds: set.timeLimitSeconds,
    questionCount: set.questionCount,
    marksPerQuestion: rules.marksPerQuestion,
    negativeMarkFraction: rules.negativeMarkFraction,
    leftOutPremium: set.leftOutPremium,
    filters: set.filters,
    createdAt: set.createdAt.toISOString(),
  };
}

/** The one module both set kinds are: the questions listed for the set, in its order. */
export function setKind<K extends SetKind>(
  kind: K,
  attemptKey: "practiceId" | "revisionId",
  messages: { notFound: string; startConflict: string },
  notebook: "collects" | "rates",
): AttemptKindModule<
  SetTarget<K>,
  { kind: K; exam: null; quiz: null; set: ReturnType<typeof setSummary> },
  { kind: K; set: ReturnType<typeof setSummary> }
> {
  return {
    attemptKey,
    questions: (id) =>
      sql`${questions.id} in (select ${questionSetItems.questionId} from ${questionSetItems}
                               where ${questionSetItems.setId} = ${id})`,
    owns: (q, a) => sql`exists (select 1 from ${questionSetItems} i
      where i.set_id = ${a}.${sql.identifier(examAttempts[attemptKey].name)} and i.question_id = ${q}.id)`,
    async load(db, id) {
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
    async lock(tx, id) {
      await tx.execute(
        sql`select 1 from ${questionSets} where ${questionSets.id} = ${id} for update`,
      );
    },
    ranks: false,
    notebook,
    messages: { ...messages, noQuestions: messages.notFound },
    nextAttemptNumber: () => null,
    // Nothing to judge at the start: its questions were drawn within the student's plan, and its
    // monthly limit counted, when it was built (`practice/practice-builder.ts`).
    gatedContent: () => null,
    // An untimed set has a seven-day window only so the sweeper closes it (decision 041).
    timed: (target) => target.set.timed,
    // Nobody opens another student's set, admins included (they read its attempts' reviews).
    hiddenFrom: (target, viewer) => target.set.userId !== viewer.userId,
    admit: async () => {},
    deadline: (target, startedAt, extraSeconds) =>
      new Date(startedAt.getTime() + (target.timeLimitSeconds + extraSeconds) * 1000),
    sealedUntil: () => null,
    grade(target, graded) {
      const tally = scoreAttempt(graded, setRules(target.set));
      return { tally, stored: tally.scorePercent, percent: tally.scorePercent, passed: null };
    },
    markRule: (target) => answerMarks(setRules(target.set)),
    scoreScale: () => ({ unit: "percent", max: 100 }),
    percentSql: (a) => sql`${a}.score`,
    afterGrading: noAfterGrading,
    rank: noRank,
    standing: async () => null,
    shownRanks: noShownRanks,
    afterRegrade: noAfterRegrade,
    summary: (target) => ({ kind, exam: null, quiz: null, set: setSummary(target) }),
    overview: (target) => ({ kind, set: setSummary(target) }),
    headline(row, graded) {
      if (!row.set) throw new Error("practice attempt without its set");
      const tally = scoreAttempt(graded, setRules(row.set));
      return {
        title: row.set.title,
        titleHi: null,
        percent: row.score,
        marksObtained: tally.marksObtained,
        maxMarks: tally.maxMarks,
        cutOff: null,
        passed: null,
      };
    },
  };
}
