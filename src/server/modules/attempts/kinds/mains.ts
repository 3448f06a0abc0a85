import { and, asc, count, eq, sql } from "drizzle-orm";
import { MAINS_TEST_MESSAGES } from "../../../../shared/mains-test-messages.ts";
import { mainsQuestions } from "../../../db/schema/evaluation.ts";
import { examAttempts } from "../../../db/schema/exams.ts";
import { mainsBooklets } from "../../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../../db/schema/mains-tests.ts";
import { AppError } from "../../../lib/app-error.ts";
import { assertCanOpenStudyItem } from "../../entitlements/entitlement.ts";
import { type AttemptKindModule, noAfterRegrade, noRank, noShownRanks } from "./kind.ts";

/**
 * A full-length Mains test (decision 063): written on paper in the test's time, then uploaded as
 * one booklet (`mains_booklets`, created at its first upload or save) before the deadline, which includes
 * the upload grace. It has no questions with a key: the engine grades nothing, and the marks
 * come from mentors (`modules/mains-tests`). The paper is the kind's summary.
 */
export type MainsTarget = {
  kind: "mains";
  id: string;
  title: string;
  timeLimitSeconds: number;
  isFree: boolean;
  test: typeof mainsTests.$inferSelect;
  paper: MainsPaperQuestion[];
};

export type MainsPaperQuestion = {
  id: string;
  position: number;
  section: number;
  marks: number;
  wordLimit: number | null;
  questionText: string;
  questionTextHi: string | null;
  directive: string | null;
};

function testSummary(target: MainsTarget) {
  const { test } = target;
  return {
    id: test.id,
    title: test.title,
    titleHi: test.titleHi,
    instructions: test.instructions,
    instructionsHi: test.instructionsHi,
    paper: test.paper,
    durationMinutes: test.durationMinutes,
    uploadGraceMinutes: test.uploadGraceMinutes,
    opensAt: test.opensAt.toISOString(),
    closesAt: test.closesAt.toISOString(),
    sectionChoose: test.sectionChoose,
    totalMarks: target.paper.reduce((sum, q) => sum + q.marks, 0),
    questionCount: target.paper.length,
  };
}

export const mainsKind: AttemptKindModule<
  MainsTarget,
  {
    kind: "mains";
    exam: null;
    quiz: null;
    set: null;
    mains: ReturnType<typeof testSummary> & { questions: MainsPaperQuestion[] };
  },
  { kind: "mains"; mains: ReturnType<typeof testSummary> }
> = {
  attemptKey: "mainsTestId",
  // No question of the engine's bank: the paper is Mains questions, marked by people.
  questions: () => sql`false`,
  owns: () => sql`false`,
  countPaper: async (db, id) => {
    const [row] = await db
      .select({ n: count() })
      .from(mainsTestQuestions)
      .where(eq(mainsTestQuestions.testId, id));
    return row?.n ?? 0;
  },
  async load(db, id) {
    const [test] = await db.select().from(mainsTests).where(eq(mainsTests.id, id));
    if (!test) return null;
    const paper = await db
      .select({
        id: mainsTestQuestions.id,
        position: mainsTestQuestions.position,
        section: mainsTestQuestions.section,
        marks: mainsTestQuestions.marks,
        wordLimit: mainsTestQuestions.wordLimit,
        questionText: mainsQuestions.questionText,
        questionTextHi: mainsQuestions.questionTextHi,
        directive: mainsQuestions.directive,
      })
      .from(mainsTestQuestions)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, mainsTestQuestions.questionId))
      .where(eq(mainsTestQuestions.testId, id))
      .orderBy(asc(mainsTestQuestions.position));
    return {
      kind: "mains",
      id: test.id,
      title: test.title,
      timeLimitSeconds: test.durationMinutes * 60,
      isFree: test.isFree,
      test,
      paper,
    };
  },
  async lock(tx, id) {
    await tx.execute(sql`select 1 from ${mainsTests} where ${mainsTests.id} = ${id} for update`);
  },
  // Ranked by mentors' marks when results are published (modules/mains-tests), not by the engine.
  ranks: false,
  notebook: "collects",
  messages: {
    notFound: MAINS_TEST_MESSAGES.notFound,
    noQuestions: MAINS_TEST_MESSAGES.noQuestions,
    startConflict: MAINS_TEST_MESSAGES.startConflict,
  },
  nextAttemptNumber: () => null,
  // A premium test needs an active plan (checked in admit); it has no per-plan count of its own.
  gatedContent: () => null,
  timed: () => true,
  // Students see a test once an admin publishes it; admins see every test, to check it.
  hiddenFrom: (target, viewer) => viewer.role !== "admin" && !target.test.published,
  /** Within the window, once, and with a plan for a premium test; the booklet starts with it. */
  async admit(tx, target, viewer, now) {
    const { test } = target;
    if (now < test.opensAt) {
      throw new AppError(
        "CONFLICT",
        { key: MAINS_TEST_MESSAGES.notOpenYet, values: { time: test.opensAt.toISOString() } },
        { opensAt: test.opensAt.toISOString() },
      );
    }
    if (now >= test.closesAt) throw new AppError("CONFLICT", MAINS_TEST_MESSAGES.closed);
    const [taken] = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.mainsTestId, test.id), eq(examAttempts.userId, viewer.userId)));
    if (taken) throw new AppError("CONFLICT", MAINS_TEST_MESSAGES.alreadyTaken);
    await assertCanOpenStudyItem(tx, { viewer, item: test, now });
  },
  /**
   * The writing time (with the student's extra time) plus the upload grace, never later than the
   * close plus the grace: a booklet after it is refused, and the sweeper records it absent.
   */
  deadline(target, startedAt, extraSeconds) {
    const graceMs = target.test.uploadGraceMinutes * 60_000;
    const own = startedAt.getTime() + (target.timeLimitSeconds + extraSeconds) * 1000 + graceMs;
    return new Date(Math.min(own, target.test.closesAt.getTime() + graceMs));
  },
  sealedUntil: () => null,
  // Nothing for the engine to grade; the stored score is 0 until results are published.
  grade: () => ({
    tally: {
      correct: 0,
      wrong: 0,
      unanswered: 0,
      total: 0,
      marksObtained: 0,
      maxMarks: 0,
      scorePercent: 0,
      passed: false,
    },
    stored: 0,
    percent: 0,
    passed: null,
  }),
  markRule: () => ({ perQuestion: 0, penalty: 0 }),
  scoreScale: (target) => ({
    unit: "marks",
    max: target.paper.reduce((sum, q) => sum + q.marks, 0),
  }),
  percentSql: () => sql`0`,
  /**
   * An attempt that closes without a submitted booklet (the sweeper at its deadline, or a
   * resume after it): the booklet is recorded absent, created so if nothing was uploaded.
   */
  async afterGrading(tx, id, attempt) {
    await tx
      .insert(mainsBooklets)
      .values({ attemptId: attempt.id, testId: id, userId: attempt.userId, status: "absent" })
      .onConflictDoUpdate({
        target: mainsBooklets.attemptId,
        set: { status: "absent", updatedAt: sql`now()` },
        setWhere: sql`${mainsBooklets.status} = 'writing'`,
      });
  },
  rank: noRank,
  standing: async () => null,
  // Its marks come from mentors, not from a key: no regrade reaches it.
  shownRanks: noShownRanks,
  afterRegrade: noAfterRegrade,
  summary: (target) => ({
    kind: "mains",
    exam: null,
    quiz: null,
    set: null,
    mains: { ...testSummary(target), questions: target.paper },
  }),
  overview: (target) => ({ kind: "mains", mains: testSummary(target) }),
  headline() {
    throw new Error("a Mains test's result is its marks page, not a My Results card");
  },
};
