import type { Placeholder, SQL } from "drizzle-orm";
import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import type { Score, ScoredQuestion } from "../../../../shared/scoring.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { examAttempts, exams, questionSets } from "../../../db/schema/exams.ts";
import type { quizzes } from "../../../db/schema/quizzes.ts";
import type { Viewer } from "../../../lib/context.ts";
import type { GatedContent } from "../../entitlements/access-rule.ts";
import type { QuizRank } from "../quiz-rank.ts";
import type { Standing } from "../ranking.ts";

/**
 * One attempt kind: everything the engine (start, save, submit, sweeper, views, regrade, report,
 * My Results) does differently for it. Each kind is one file beside this one, registered in
 * `index.ts`; the engine asks `../attempt-target.ts`, which dispatches here and compares no kind
 * (docs/guides/engine.md, "Adding an attempt kind").
 */
export type BaseTarget = {
  kind: AttemptKind;
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: boolean;
};

type AttemptRow = typeof examAttempts.$inferSelect;
/** The attempt row's column that names a target of the kind (one per kind, the others null). */
export type AttemptKey =
  | "examId"
  | "quizId"
  | "practiceId"
  | "revisionId"
  | "liveTestId"
  | "mainsTestId";

export type Grade = { tally: Score; stored: number; percent: number; passed: boolean | null };

/** A completed attempt's row as My Results reads it: the target's row of its kind, the counts. */
export type ResultRow = {
  exam: typeof exams.$inferSelect | null;
  quiz: typeof quizzes.$inferSelect | null;
  set: typeof questionSets.$inferSelect | null;
  passed: boolean | null;
  /** The stored score: what `grade` returned as `stored`. */
  score: number;
};

/** What the result card leads with: the score as a percent, the marks, the cut-off. */
export type Headline = {
  title: string;
  titleHi: string | null;
  percent: number;
  marksObtained: number;
  maxMarks: number;
  cutOff: number | null;
  passed: boolean | null;
};

export interface AttemptKindModule<T extends BaseTarget, Summary = unknown, Overview = unknown> {
  attemptKey: AttemptKey;
  /** The target's questions (`id` may be a placeholder, for a statement prepared per kind). */
  questions(id: string | Placeholder): SQL;
  /** Hand-written SQL's form: question row `q` belongs to the target of attempt row `a`. */
  owns(q: SQL, a: SQL): SQL;
  /**
   * For a kind whose paper is not the engine's questions (a Mains test): how many it has, which
   * the start asks in place of counting `questions`.
   */
  countPaper?(db: DbOrTx, id: string): Promise<number>;
  load(db: DbOrTx, id: string): Promise<T | null>;
  /** Takes the target's row FOR UPDATE (a regrade's lock, after the attempts'). */
  lock(tx: DbOrTx, id: string): Promise<void>;
  /** Whether a completed attempt counts for rank and the item analysis (a set has no peers). */
  ranks: boolean;
  /** Grading's use of the revision notebook: `collects` wrong and unsure answers, or `rates` cards. */
  notebook: "collects" | "rates";
  messages: { notFound: string; noQuestions: string; startConflict: string };
  /** The new attempt's number (quiz attempts are numbered per student), or null. */
  nextAttemptNumber(userId: string, id: string): SQL<number> | null;
  /** What the plan rules judge at a start, or null when nothing is judged then. */
  gatedContent(target: T): GatedContent | null;
  /** Whether the attempt runs against the clock (an untimed one still has a sweeper's window). */
  timed(target: T): boolean;
  /** Whether the viewer may not see the target yet (answered as not found). */
  hiddenFrom(target: T, viewer: Pick<Viewer, "role" | "userId">, now: Date): boolean;
  /** The kind's own conditions for a new attempt, in the start's transaction; throws to refuse. */
  admit(tx: DbOrTx, target: T, viewer: Pick<Viewer, "role" | "userId">, now: Date): Promise<void>;
  /** A new attempt's deadline; `extraSeconds` is an accommodation's extra time. */
  deadline(target: T, startedAt: Date, extraSeconds: number): Date;
  /** Until when nothing derived from the key is shown for a completed attempt; null: at once. */
  sealedUntil(target: T): Date | null;
  /** Grades with the kind's rule; `stored` is what the attempt row keeps as its score. */
  grade(target: T, graded: ScoredQuestion[]): Grade;
  /** Marks a right answer earns and a wrong one loses (the report's marks gained and lost). */
  markRule(target: T, questionCount: number): { perQuestion: number; penalty: number };
  /** The stored score's unit and maximum. */
  scoreScale(target: T): { unit: "marks" | "percent"; max: number };
  /** SQL for attempt row `a`'s score as a percent of the maximum (the item analysis's bands). */
  percentSql(a: SQL, id: string): SQL;
  /** What grading does for the kind after the verdicts are stored. */
  afterGrading(
    tx: DbOrTx,
    id: string,
    attempt: Pick<AttemptRow, "id" | "userId" | "score" | "timeTakenSeconds">,
  ): Promise<void>;
  /** The completed attempt's rank shown with its result, where the kind shows one. */
  rank(
    db: DbOrTx,
    target: T,
    attempt: Pick<AttemptRow, "userId" | "completedAt">,
  ): Promise<QuizRank | null>;
  /** The standing (rank, percentile, averages) of the student's ranked attempt, or null. */
  standing(db: DbOrTx, id: string, userId: string): Promise<Standing | null>;
  /**
   * The ranks students are shown now, by attempt id (a key change tells each student their old
   * and new rank, decision 064): empty for a kind without ranks; null while results are not out
   * (a live test before publication), when a regrade tells nobody anything.
   */
  shownRanks(db: DbOrTx, id: string): Promise<ShownRanks | null>;
  /** After a regrade changed stored scores: what the kind froze from them (a live test's ranks). */
  afterRegrade(tx: DbOrTx, id: string): Promise<void>;
  /** The part of the target a client sees in an attempt and its review. */
  summary(target: T): Summary;
  /** The start screen's part of the target. */
  overview(target: T): Overview;
  /** My Results' headline for a completed attempt, from its row. */
  headline(row: ResultRow, graded: ScoredQuestion[]): Headline;
}

/** A rank shown to a student: their position and out of how many. */
export type ShownRanks = Map<string, { rank: number; of: number }>;

export const noAfterGrading = async () => {};
export const noAfterRegrade = async () => {};
export const noShownRanks = async (): Promise<ShownRanks> => new Map();
export const noRank = async () => null;
