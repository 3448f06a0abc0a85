import { count, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { ATTEMPT_KINDS, type AttemptKind } from "../../../shared/attempt-kinds.ts";
import type { ScoredQuestion } from "../../../shared/scoring.ts";
import type { DbOrTx } from "../../db/client.ts";
import { examAttempts, questions } from "../../db/schema/exams.ts";
import type { Viewer } from "../../lib/context.ts";
import { type AttemptTarget, KIND_MODULES, kindOf, type TargetFor } from "./kinds/index.ts";
import type { ResultRow } from "./kinds/kind.ts";

export type { AttemptTarget } from "./kinds/index.ts";
export { languagesOf } from "./kinds/quiz.ts";
export { setRules } from "./kinds/sets.ts";

/**
 * What an attempt is of, and the engine's one door to the kinds (decisions 018, 033, 041): every
 * difference between exams, quizzes, practice tests, revision sessions and live tests is in that
 * kind's module under `kinds/`; this file only finds the module and asks it. A new kind is one
 * file there (docs/guides/engine.md).
 */
export type TargetRef = { kind: AttemptKind; id: string };
type AttemptRow = typeof examAttempts.$inferSelect;
type Who = Pick<Viewer, "role" | "userId">;

export function targetOf(
  attempt: Pick<AttemptRow, (typeof KIND_MODULES)[AttemptKind]["attemptKey"]>,
) {
  for (const kind of ATTEMPT_KINDS) {
    const id = attempt[KIND_MODULES[kind].attemptKey];
    if (id) return { kind, id } satisfies TargetRef;
  }
  throw new Error("attempt of no known target");
}

/** The target's questions; `id` may be a placeholder, for a statement prepared once per kind. */
export const questionsOf = (ref: { kind: AttemptKind; id: string | Placeholder }): SQL =>
  kindOf(ref).questions(ref.id);

/** Hand-written SQL: question row `q` belongs to attempt row `a`'s target, whatever its kind. */
export function questionOfAttempt(q: SQL, a: SQL): SQL {
  const kinds = ATTEMPT_KINDS.map((kind) => KIND_MODULES[kind].owns(q, a));
  return sql`(${sql.join(kinds, sql` or `)})`;
}

/** The condition that picks the attempts at the target (of the table alias `alias`, if given). */
export function attemptsAt(ref: TargetRef, alias?: SQL): SQL {
  const column = examAttempts[kindOf(ref).attemptKey];
  return alias ? sql`${alias}.${sql.identifier(column.name)} = ${ref.id}` : eq(column, ref.id);
}

/** The columns of a new attempt row that name its target (the other kinds' stay null). */
export function newAttemptOf(ref: TargetRef, userId: string) {
  const { attemptKey, nextAttemptNumber } = kindOf(ref);
  const none = {
    examId: null,
    quizId: null,
    practiceId: null,
    revisionId: null,
    liveTestId: null,
    mainsTestId: null,
  };
  return { ...none, [attemptKey]: ref.id, attemptNumber: nextAttemptNumber(userId, ref.id) };
}

/**
 * Whether the attempt completing now counts for rank and analysis: the student's first
 * completed attempt at a ranked kind's target (decisions 018, 034).
 */
export function isRankedOnCompletion(ref: TargetRef, userId: string): SQL<boolean> {
  if (!kindOf(ref).ranks) return sql<boolean>`false`;
  return sql<boolean>`not exists (select 1 from ${examAttempts} r where r.user_id = ${userId}
                 and ${attemptsAt(ref, sql.raw("r"))} and r.is_ranked)`;
}

/** A target of kind `K`, by id. */
export type TargetRefOf<K extends AttemptKind> = { kind: K; id: string };

export function loadTarget<K extends AttemptKind>(
  db: DbOrTx,
  ref: TargetRefOf<K>,
): Promise<TargetFor<K> | null> {
  return kindOf(ref).load(db, ref.id) as Promise<TargetFor<K> | null>;
}

/** How many questions the target has: the engine's, or the kind's own paper's. */
export async function countQuestionsOf(db: DbOrTx, ref: TargetRef): Promise<number> {
  const kind = kindOf(ref);
  if (kind.countPaper) return kind.countPaper(db, ref.id);
  const [row] = await db.select({ n: count() }).from(questions).where(kind.questions(ref.id));
  return row?.n ?? 0;
}

export const lockTarget = (tx: DbOrTx, ref: TargetRef) => kindOf(ref).lock(tx, ref.id);
export const messagesOf = (ref: Pick<TargetRef, "kind">) => kindOf(ref).messages;
export const notebookRoleOf = (ref: Pick<TargetRef, "kind">) => kindOf(ref).notebook;
export const gatedContentOf = (target: AttemptTarget) => kindOf(target).gatedContent(target);
export const isTimed = (target: AttemptTarget) => kindOf(target).timed(target);
export const isHiddenFrom = (target: AttemptTarget, viewer: Who, now: Date) =>
  kindOf(target).hiddenFrom(target, viewer, now);
export type AdmitStartInput = {
  target: AttemptTarget;
  viewer: Who;
  now: Date;
};

export const admitStart = (tx: DbOrTx, { target, viewer, now }: AdmitStartInput) =>
  kindOf(target).admit(tx, target, viewer, now);
export const deadlineOf = (target: AttemptTarget, startedAt: Date, extraSeconds = 0) =>
  kindOf(target).deadline(target, startedAt, extraSeconds);
export const sealedUntil = (target: AttemptTarget) => kindOf(target).sealedUntil(target);
export const gradeFor = (target: AttemptTarget, graded: ScoredQuestion[]) =>
  kindOf(target).grade(target, graded);
export const markRuleOf = (target: AttemptTarget, questionCount: number) =>
  kindOf(target).markRule(target, questionCount);
export const scoreScaleOf = (target: AttemptTarget) => kindOf(target).scoreScale(target);
/** SQL for attempt row `a`'s score as a percent of the target's maximum. */
export const scorePercentSql = (ref: TargetRef, a: SQL) => kindOf(ref).percentSql(a, ref.id);
export type AfterGradingInput = {
  ref: TargetRef;
  attempt: Pick<AttemptRow, "id" | "userId" | "score" | "timeTakenSeconds">;
};

export const afterGrading = (tx: DbOrTx, { ref, attempt }: AfterGradingInput) =>
  kindOf(ref).afterGrading(tx, ref.id, attempt);
export type RankOfInput = {
  target: AttemptTarget;
  attempt: Pick<AttemptRow, "userId" | "completedAt">;
};

export const rankOf = (db: DbOrTx, { target, attempt }: RankOfInput) =>
  kindOf(target).rank(db, target, attempt);
export type StandingAtInput = {
  ref: TargetRef;
  userId: string;
};

/** The ranks shown now by attempt id (empty: the kind ranks nobody; null: results not out). */
export const shownRanksOf = (db: DbOrTx, ref: TargetRef) => kindOf(ref).shownRanks(db, ref.id);
/** After a regrade: what the kind froze from the stored scores (a live test's published ranks). */
export const afterRegradeOf = (tx: DbOrTx, ref: TargetRef) => kindOf(ref).afterRegrade(tx, ref.id);

export type TargetsHoldingInput = { questionId: string };

/**
 * Every target with a completed attempt whose paper holds the question, of any kind (its exam and
 * its live test, its quiz, the practice tests and revision sessions drawn with it): each kind's
 * own test of a question against an attempt (`owns`), one statement per kind.
 */
export async function targetsHolding(
  db: DbOrTx,
  { questionId }: TargetsHoldingInput,
): Promise<TargetRef[]> {
  const found: TargetRef[] = [];
  for (const kind of ATTEMPT_KINDS) {
    const module = KIND_MODULES[kind];
    const column = sql.identifier(examAttempts[module.attemptKey].name);
    const result = await db.execute(sql`
      select distinct a.${column} as id
        from ${questions} q, ${examAttempts} a
       where q.id = ${questionId} and a.${column} is not null and a.completed_at is not null
         and ${module.owns(sql.raw("q"), sql.raw("a"))}`);
    for (const row of (result as unknown as { rows: { id: string }[] }).rows) {
      found.push({ kind, id: row.id });
    }
  }
  return found;
}

/** The student's standing at the target (rank, NTA percentile, averages), or null. */
export const standingAt = (db: DbOrTx, { ref, userId }: StandingAtInput) =>
  kindOf(ref).standing(db, ref.id, userId);
/** The part of the target a client sees, by kind. */
export const summaryOf = (target: AttemptTarget) => kindOf(target).summary(target);
/** What My Results leads with for a completed attempt at `ref`'s kind. */
export const headlineOf = (
  ref: Pick<TargetRef, "kind">,
  row: ResultRow,
  graded: ScoredQuestion[],
) => kindOf(ref).headline(row, graded);
/** The column a kind's attempts name their target in (My Results' filter). */
export const attemptColumnOf = (kind: AttemptKind) => examAttempts[KIND_MODULES[kind].attemptKey];
