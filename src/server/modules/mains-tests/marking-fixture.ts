import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MainsPaper } from "../../../shared/evaluation.ts";
import type { EvaluationMode } from "../../../shared/mains-tests.ts";
import { user } from "../../db/schema/auth.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import {
  mainsBookletAnswers,
  mainsBookletFiles,
  mainsBooklets,
  mainsMarks,
} from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { createMarkingRows } from "./marking-rows.ts";

/** The instant the marking tests start at; each booklet is submitted a minute after the last. */
export const MARKING_T0 = new Date("2026-12-01T10:00:00.000Z");

/**
 * The marking API tests' set-up (marking.api.test.ts): the app on a movable clock (set to
 * MARKING_T0), a student and an admin, and helpers that seed Mains tests and submitted booklets
 * straight into the tables, then create their marking rows as submission does
 * (`createMarkingRows`). Call it at the top level of the test file.
 */
export function setupMarkingTests() {
  const clock = createTestClock();
  const { t, student, admin } = setupTestApp({
    users: { student: "student", admin: "admin" },
    testClock: { clock, tick: async () => ({}) },
  });
  const setNow = (at: Date) => clock.setOffsetMs(clock.offsetTo(at));
  setNow(MARKING_T0);

  let n = 0;
  /** A test of `questions` questions of 10 marks (the last of 15), in the given mode. */
  async function createTest(
    options: { mode?: EvaluationMode; questions?: number; paper?: MainsPaper } = {},
  ) {
    n += 1;
    const paper = options.paper ?? "gs2";
    const [test] = await t.db
      .insert(mainsTests)
      .values({
        title: `GS Paper II full test ${n}`,
        paper,
        opensAt: new Date(MARKING_T0.getTime() - 86_400_000),
        closesAt: new Date(MARKING_T0.getTime() - 3600_000),
        published: true,
        evaluationMode: options.mode ?? "booklet",
        doubleMarkPercent: 50,
      })
      .returning({ id: mainsTests.id });
    if (!test) throw new Error("no test");
    const count = options.questions ?? 3;
    const questionIds: string[] = [];
    for (let position = 1; position <= count; position++) {
      const [question] = await t.db
        .insert(mainsQuestions)
        .values({
          paper,
          questionText: `Examine the role of the Finance Commission (${n}.${position}).`,
          directive: "Examine",
          wordLimit: 150,
          marks: 10,
          publishDate: "2026-01-01",
        })
        .returning({ id: mainsQuestions.id });
      const [row] = await t.db
        .insert(mainsTestQuestions)
        .values({
          testId: test.id,
          questionId: question?.id as string,
          position,
          marks: position === count ? 15 : 10,
          wordLimit: 150,
        })
        .returning({ id: mainsTestQuestions.id });
      questionIds.push(row?.id as string);
    }
    return { testId: test.id, questionIds };
  }

  let submitted = 0;
  /**
   * A submitted booklet of a new student: `pages` photos, each question starting on the page
   * given (`starts[i]` for question i + 1; null: not answered), or typed answers; `double`
   * marks every answer a second time (the sample's draw), else none.
   */
  async function submitBooklet(
    testId: string,
    options: {
      pages?: number;
      starts?: (number | null)[];
      typed?: string[];
      double?: boolean;
    } = {},
  ) {
    submitted += 1;
    const submittedAt = new Date(MARKING_T0.getTime() - 3600_000 + submitted * 60_000);
    const userId = randomUUID();
    await t.db.insert(user).values({
      id: userId,
      name: `Student ${submitted}`,
      email: `booklet${submitted}-${userId}@example.com`,
    });
    const [attempt] = await t.db
      .insert(examAttempts)
      .values({
        userId,
        mainsTestId: testId,
        startedAt: new Date(submittedAt.getTime() - 3 * 3600_000),
        deadlineAt: submittedAt,
        completedAt: submittedAt,
      })
      .returning({ id: examAttempts.id });
    const questions = await t.db
      .select({ id: mainsTestQuestions.id })
      .from(mainsTestQuestions)
      .where(eq(mainsTestQuestions.testId, testId))
      .orderBy(mainsTestQuestions.position);
    const typed = options.typed !== undefined;
    const pages = typed ? 0 : (options.pages ?? questions.length * 2);
    const [booklet] = await t.db
      .insert(mainsBooklets)
      .values({
        attemptId: attempt?.id as string,
        testId,
        userId,
        status: "submitted",
        format: typed ? "typed" : "images",
        pageCount: pages,
        submittedAt,
        dueAt: new Date(submittedAt.getTime() + 120 * 3600_000),
      })
      .returning({ id: mainsBooklets.id });
    const bookletId = booklet?.id as string;
    if (pages > 0) {
      await t.db.insert(mainsBookletFiles).values(
        Array.from({ length: pages }, (_, i) => ({
          bookletId,
          position: i + 1,
          storageKey: `fixture/${bookletId}/${i + 1}.jpg`,
          contentType: "image/jpeg",
          bytes: 1000,
        })),
      );
    }
    const starts = options.starts ?? questions.map((_, i) => 1 + i * 2);
    await t.db.insert(mainsBookletAnswers).values(
      questions.map((q, i) => ({
        bookletId,
        testQuestionId: q.id,
        startPage: typed ? null : (starts[i] ?? null),
        typedText: typed ? (options.typed?.[i] ?? null) : null,
        wordCount: typed ? (options.typed?.[i]?.split(/\s+/).length ?? null) : null,
      })),
    );
    await t.db.transaction((tx) =>
      createMarkingRows(tx, { bookletId, random: () => (options.double ? 0 : 0.999) }),
    );
    return { bookletId, userId };
  }

  /** A re-evaluation row for each answer of a booklet (as a student's request would make). */
  async function askReevaluation(bookletId: string) {
    const rows = await t.db.select().from(mainsMarks).where(eq(mainsMarks.bookletId, bookletId));
    const answers = new Map(rows.map((r) => [r.answerId, r]));
    await t.db.insert(mainsMarks).values(
      [...answers.values()].map((r) => ({
        answerId: r.answerId,
        bookletId,
        testId: r.testId,
        testQuestionId: r.testQuestionId,
        round: "reeval" as const,
      })),
    );
  }

  const marksOf = (bookletId: string) =>
    t.db.select().from(mainsMarks).where(eq(mainsMarks.bookletId, bookletId));
  const markRow = async (id: string) =>
    (await t.db.select().from(mainsMarks).where(eq(mainsMarks.id, id)))[0];
  const bookletRow = async (id: string) =>
    (await t.db.select().from(mainsBooklets).where(eq(mainsBooklets.id, id)))[0];

  return {
    t,
    student,
    admin,
    clock,
    setNow,
    createMentor: () => t.createUser("mentor"),
    createTest,
    submitBooklet,
    askReevaluation,
    marksOf,
    markRow,
    bookletRow,
  };
}
