import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql } from "drizzle-orm";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import {
  defaultSectionChoose,
  MAINS_ADMIN_MESSAGES,
  type MainsTestInput,
  type MainsTestQuestionsInput,
  paperProblem,
} from "../../../shared/mains-test-schemas.ts";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";

/**
 * An admin's Mains tests (decision 063): the test's rules, its paper (Mains questions with their
 * marks and word limits here, in order and sections, under the choice rule) and publication.
 * Once a student has started a test, its paper no longer changes and it is not deleted.
 */

type TestRow = typeof mainsTests.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);

/** How many attempts a test has (a student who started it): the paper's lock. */
async function attemptCount(db: DbOrTx, testId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(examAttempts)
    .where(eq(examAttempts.mainsTestId, testId));
  return row?.n ?? 0;
}

async function assertSeries(db: DbOrTx, seriesId: string | null) {
  if (!seriesId) return;
  const [found] = await db
    .select({ id: mainsSeries.id })
    .from(mainsSeries)
    .where(eq(mainsSeries.id, seriesId));
  if (!found) throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.seriesNotFound);
}

function valuesOf(input: MainsTestInput, sectionChoose: number[] | null) {
  return {
    seriesId: input.seriesId,
    title: input.title,
    titleHi: input.titleHi,
    instructions: input.instructions,
    instructionsHi: input.instructionsHi,
    paper: input.paper,
    durationMinutes: input.durationMinutes,
    uploadGraceMinutes: input.uploadGraceMinutes,
    opensAt: new Date(input.opensAt),
    closesAt: new Date(input.closesAt),
    isFree: input.isFree,
    sectionChoose,
    evaluationMode: input.evaluationMode,
    doubleMarkPercent: input.doubleMarkPercent,
    turnaroundHours: input.turnaroundHours,
    resultsAt: input.resultsAt ? new Date(input.resultsAt) : null,
  };
}

/** The sections of a test's paper, in order. */
async function sectionsOf(db: DbOrTx, testId: string) {
  const rows = await db
    .select({ section: mainsTestQuestions.section })
    .from(mainsTestQuestions)
    .where(eq(mainsTestQuestions.testId, testId));
  return rows.map((r) => r.section);
}

function assertPaper(sections: number[], choose: number[] | null) {
  const problem = paperProblem(sections, choose);
  if (problem) throw new AppError("VALIDATION_FAILED", problem);
}

export type CreateMainsTestInput = { input: MainsTestInput; createdBy: string };

/**
 * A new test, unpublished unless asked (publishing needs a paper, so a new test is published
 * only later): the Essay paper's choice rule is [1, 1] unless given.
 */
export async function createMainsTest(db: DbOrTx, { input, createdBy }: CreateMainsTestInput) {
  await assertSeries(db, input.seriesId);
  if (input.published) throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.publishEmpty);
  const choose =
    input.sectionChoose === undefined ? defaultSectionChoose(input.paper) : input.sectionChoose;
  const [row] = await db
    .insert(mainsTests)
    .values({ ...valuesOf(input, choose), published: false, createdBy })
    .returning({ id: mainsTests.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

export type UpdateMainsTestInput = { id: string; input: MainsTestInput };

/**
 * Saves a test's rules. Under a lock of its row: once a student has started it, a change of its
 * paper or choice rule, or unpublishing it, is refused (409) and nothing is written.
 */
export async function updateMainsTest(db: Db, { id, input }: UpdateMainsTestInput) {
  await db.transaction(async (tx) => {
    const test = await lockTest(tx, id);
    await assertSeries(tx, input.seriesId);
    const choose = input.sectionChoose === undefined ? test.sectionChoose : input.sectionChoose;
    const paperChanges =
      input.paper !== test.paper || JSON.stringify(choose) !== JSON.stringify(test.sectionChoose);
    const started = (await attemptCount(tx, id)) > 0;
    if (started && paperChanges) throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.paperLocked);
    if (started && test.published && !input.published) {
      throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.unpublishTaken);
    }
    const sections = await sectionsOf(tx, id);
    assertPaper(sections, choose);
    if (input.published && sections.length === 0) {
      throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.publishEmpty);
    }
    await tx
      .update(mainsTests)
      .set({ ...valuesOf(input, choose), published: input.published, updatedAt: sql`now()` })
      .where(eq(mainsTests.id, id));
  });
}

async function lockTest(tx: Tx, id: string): Promise<TestRow> {
  const [test] = await tx.select().from(mainsTests).where(eq(mainsTests.id, id)).for("update");
  if (!test) throw notFound();
  return test;
}

export type SetMainsTestPublishedInput = { id: string; published: boolean };

/** Publishes a test with a paper, or takes back one no student has started. */
export async function setMainsTestPublished(db: Db, { id, published }: SetMainsTestPublishedInput) {
  await db.transaction(async (tx) => {
    const test = await lockTest(tx, id);
    if (published) {
      const sections = await sectionsOf(tx, id);
      if (sections.length === 0) {
        throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.publishEmpty);
      }
      assertPaper(sections, test.sectionChoose);
    } else if (test.published && (await attemptCount(tx, id)) > 0) {
      throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.unpublishTaken);
    }
    await tx
      .update(mainsTests)
      .set({ published, updatedAt: sql`now()` })
      .where(eq(mainsTests.id, id));
  });
}

export type SetMainsTestPaperInput = { id: string; input: MainsTestQuestionsInput };

/**
 * Replaces the test's paper: the chosen Mains questions in order (positions 1, 2, …), each with
 * its section, marks and word limit. Refused once a student has started the test (409), and for
 * a question not in the bank or sections that break the choice rule (422); nothing is written.
 */
export async function setMainsTestPaper(db: Db, { id, input }: SetMainsTestPaperInput) {
  await db.transaction(async (tx) => {
    const test = await lockTest(tx, id);
    if ((await attemptCount(tx, id)) > 0) {
      throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.paperLocked);
    }
    const ids = input.questions.map((q) => q.questionId);
    const found = ids.length
      ? await tx
          .select({ id: mainsQuestions.id })
          .from(mainsQuestions)
          .where(inArray(mainsQuestions.id, ids))
      : [];
    if (found.length !== new Set(ids).size) {
      throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.questionNotFound);
    }
    const sections = input.questions.map((q) => q.section);
    assertPaper(sections, test.sectionChoose);
    if (test.published && sections.length === 0) {
      throw new AppError("VALIDATION_FAILED", MAINS_ADMIN_MESSAGES.publishEmpty);
    }
    await tx.delete(mainsTestQuestions).where(eq(mainsTestQuestions.testId, id));
    if (input.questions.length) {
      await tx.insert(mainsTestQuestions).values(
        input.questions.map((q, i) => ({
          testId: id,
          questionId: q.questionId,
          position: i + 1,
          section: q.section,
          marks: q.marks,
          wordLimit: q.wordLimit,
        })),
      );
    }
    await tx.update(mainsTests).set({ updatedAt: sql`now()` }).where(eq(mainsTests.id, id));
  });
}

/** Deletes a test no student has started; its paper goes with it. */
export async function deleteMainsTest(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await lockTest(tx, id);
    if ((await attemptCount(tx, id)) > 0) {
      throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.deleteTaken);
    }
    await tx.delete(mainsTests).where(eq(mainsTests.id, id));
  });
}

const paperTotals = (db: DbOrTx) =>
  db
    .select({
      testId: mainsTestQuestions.testId,
      questions: sql<number>`count(*)::int`.as("questions"),
      marks: sql<number>`coalesce(sum(${mainsTestQuestions.marks}), 0)::int`.as("marks"),
    })
    .from(mainsTestQuestions)
    .groupBy(mainsTestQuestions.testId)
    .as("paper_totals");

export type ListMainsTestsForAdminInput = { query: SearchPageQuery };

/** /admin/mains-tests: every test, newest window first, with its paper's size and its takers. */
export async function listMainsTestsForAdmin(db: DbOrTx, { query }: ListMainsTestsForAdminInput) {
  const condition = query.search
    ? ilike(mainsTests.title, containsPattern(query.search))
    : undefined;
  const totals = paperTotals(db);
  const takers = db
    .select({
      testId: examAttempts.mainsTestId,
      started: sql<number>`count(*)::int`.as("started"),
    })
    .from(examAttempts)
    .where(isNotNull(examAttempts.mainsTestId))
    .groupBy(examAttempts.mainsTestId)
    .as("takers");
  const submitted = db
    .select({
      testId: mainsBooklets.testId,
      submitted: sql<number>`count(*)::int`.as("submitted"),
    })
    .from(mainsBooklets)
    .where(inArray(mainsBooklets.status, ["submitted", "evaluated"]))
    .groupBy(mainsBooklets.testId)
    .as("submitted");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mainsTests.id,
        title: mainsTests.title,
        paper: mainsTests.paper,
        opensAt: mainsTests.opensAt,
        closesAt: mainsTests.closesAt,
        isFree: mainsTests.isFree,
        published: mainsTests.published,
        resultsPublishedAt: mainsTests.resultsPublishedAt,
        seriesTitle: mainsSeries.title,
        questionCount: sql<number>`coalesce(${totals.questions}, 0)::int`,
        totalMarks: sql<number>`coalesce(${totals.marks}, 0)::int`,
        started: sql<number>`coalesce(${takers.started}, 0)::int`,
        submitted: sql<number>`coalesce(${submitted.submitted}, 0)::int`,
      })
      .from(mainsTests)
      .leftJoin(mainsSeries, eq(mainsSeries.id, mainsTests.seriesId))
      .leftJoin(totals, eq(totals.testId, mainsTests.id))
      .leftJoin(takers, eq(takers.testId, mainsTests.id))
      .leftJoin(submitted, eq(submitted.testId, mainsTests.id))
      .where(condition)
      .orderBy(desc(mainsTests.opensAt), asc(mainsTests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mainsTests).where(condition),
  ]);
  return pageOf(
    rows.map((r) => ({
      ...r,
      opensAt: r.opensAt.toISOString(),
      closesAt: r.closesAt.toISOString(),
      resultsPublishedAt: r.resultsPublishedAt?.toISOString() ?? null,
    })),
    total,
    query,
  );
}

/** One test for its editor: every rule, the paper with the questions' text, and its takers. */
export async function getMainsTestForAdmin(db: DbOrTx, id: string) {
  const [test] = await db.select().from(mainsTests).where(eq(mainsTests.id, id));
  if (!test) throw notFound();
  const [questions, started] = await Promise.all([
    db
      .select({
        id: mainsTestQuestions.id,
        questionId: mainsTestQuestions.questionId,
        position: mainsTestQuestions.position,
        section: mainsTestQuestions.section,
        marks: mainsTestQuestions.marks,
        wordLimit: mainsTestQuestions.wordLimit,
        paper: mainsQuestions.paper,
        questionText: mainsQuestions.questionText,
        questionTextHi: mainsQuestions.questionTextHi,
        directive: mainsQuestions.directive,
      })
      .from(mainsTestQuestions)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, mainsTestQuestions.questionId))
      .where(eq(mainsTestQuestions.testId, id))
      .orderBy(asc(mainsTestQuestions.position)),
    attemptCount(db, id),
  ]);
  return {
    id: test.id,
    seriesId: test.seriesId,
    title: test.title,
    titleHi: test.titleHi,
    instructions: test.instructions,
    instructionsHi: test.instructionsHi,
    paper: test.paper,
    durationMinutes: test.durationMinutes,
    uploadGraceMinutes: test.uploadGraceMinutes,
    opensAt: test.opensAt.toISOString(),
    closesAt: test.closesAt.toISOString(),
    isFree: test.isFree,
    published: test.published,
    sectionChoose: test.sectionChoose,
    evaluationMode: test.evaluationMode,
    doubleMarkPercent: test.doubleMarkPercent,
    turnaroundHours: test.turnaroundHours,
    resultsAt: test.resultsAt?.toISOString() ?? null,
    resultsPublishedAt: test.resultsPublishedAt?.toISOString() ?? null,
    questions,
    totalMarks: questions.reduce((sum, q) => sum + q.marks, 0),
    started,
  };
}

/** The published tests' paper sizes, for the student list. */
export async function paperSizes(db: DbOrTx, testIds: string[]) {
  if (testIds.length === 0) return new Map<string, { questions: number; marks: number }>();
  const rows = await db
    .select({
      testId: mainsTestQuestions.testId,
      questions: sql<number>`count(*)::int`,
      marks: sql<number>`coalesce(sum(${mainsTestQuestions.marks}), 0)::int`,
    })
    .from(mainsTestQuestions)
    .where(inArray(mainsTestQuestions.testId, testIds))
    .groupBy(mainsTestQuestions.testId);
  return new Map(rows.map((r) => [r.testId, { questions: r.questions, marks: r.marks }]));
}

/** A published test's row, or the not-found refusal (students never see an unpublished one). */
export async function findPublishedTest(db: DbOrTx, id: string) {
  const [test] = await db
    .select()
    .from(mainsTests)
    .where(and(eq(mainsTests.id, id), eq(mainsTests.published, true)));
  if (!test) throw notFound();
  return test;
}
