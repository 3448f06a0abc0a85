import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MainsPaper } from "../../../shared/mains-papers.ts";
import type { MarkRound, MarkStatus } from "../../../shared/mains-tests.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { profiles } from "../../db/schema/profiles.ts";

/**
 * Rows for the calibration tests (calibration.api.test.ts), written straight to the tables: a
 * test and its questions, submitted booklets (each with its student and attempt), answers and
 * markings. The desk and the results that make these rows in the product are other modules; here
 * each test states exactly the markings and times it reasons about.
 */

const HOUR = 3600_000;
/** The instant the seeded tests close; booklets are submitted at it unless told otherwise. */
export const CLOSE = new Date("2026-03-01T12:00:00.000Z");
export const hoursAfterClose = (hours: number) => new Date(CLOSE.getTime() + hours * HOUR);

export type SeedTestInput = {
  paper?: MainsPaper;
  /** Each question's marks, in order. */
  questionMarks: number[];
  title?: string;
  turnaroundHours?: number;
  resultsPublishedAt?: Date | null;
};

export type SeedBookletInput = {
  testId: string;
  submittedAt?: Date;
  dueAt?: Date;
  status?: "submitted" | "evaluated";
  evaluatedAt?: Date | null;
};

export type SeedMarkingInput = {
  answer: SeededAnswer;
  round: MarkRound;
  mentorId: string | null;
  marks?: number | null;
  status?: MarkStatus;
  markedAt?: Date | null;
};

export type SeededAnswer = {
  answerId: string;
  bookletId: string;
  testId: string;
  testQuestionId: string;
};

/** One side of a pair: who marked, and the marks. */
export type Marking = { mentorId: string; marks: number; markedAt?: Date };

export function calibrationSeeder(db: Db) {
  let n = 0;

  /** A mentor who marks but never signs in here (the profile trigger makes them a student first). */
  async function seedMentor(name: string) {
    n += 1;
    const id = `calibration-mentor-${n}-${randomUUID()}`;
    await db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
    await db.update(profiles).set({ role: "mentor" }).where(eq(profiles.id, id));
    return id;
  }

  async function seedTest(input: SeedTestInput) {
    n += 1;
    const [test] = await db
      .insert(mainsTests)
      .values({
        title: input.title ?? `Calibration test ${n}`,
        paper: input.paper ?? "gs2",
        opensAt: new Date(CLOSE.getTime() - 24 * HOUR),
        closesAt: CLOSE,
        published: true,
        turnaroundHours: input.turnaroundHours ?? 24,
        resultsPublishedAt: input.resultsPublishedAt ?? null,
      })
      .returning({ id: mainsTests.id });
    if (!test) throw new Error("no test");
    const questionIds: string[] = [];
    for (const [i, marks] of input.questionMarks.entries()) {
      const [question] = await db
        .insert(mainsQuestions)
        .values({
          paper: input.paper ?? "gs2",
          questionText: `Examine question ${i + 1} of calibration test ${n}.`,
          marks,
          publishDate: "2026-01-01",
        })
        .returning({ id: mainsQuestions.id });
      if (!question) throw new Error("no question");
      const [row] = await db
        .insert(mainsTestQuestions)
        .values({ testId: test.id, questionId: question.id, position: i + 1, marks })
        .returning({ id: mainsTestQuestions.id });
      if (!row) throw new Error("no test question");
      questionIds.push(row.id);
    }
    return { id: test.id, questionIds };
  }

  /** A student, their attempt at the test and their submitted (or evaluated) booklet. */
  async function seedBooklet(input: SeedBookletInput) {
    n += 1;
    const userId = `calibration-student-${n}-${randomUUID()}`;
    await db.insert(user).values({
      id: userId,
      name: `Calibration Student ${n}`,
      email: `${userId}@example.com`,
      emailVerified: true,
    });
    const submittedAt = input.submittedAt ?? CLOSE;
    const [attempt] = await db
      .insert(examAttempts)
      .values({
        userId,
        mainsTestId: input.testId,
        startedAt: new Date(CLOSE.getTime() - 4 * HOUR),
        deadlineAt: new Date(CLOSE.getTime() + HOUR),
        completedAt: submittedAt,
      })
      .returning({ id: examAttempts.id });
    if (!attempt) throw new Error("no attempt");
    const [booklet] = await db
      .insert(mainsBooklets)
      .values({
        attemptId: attempt.id,
        testId: input.testId,
        userId,
        status: input.status ?? "submitted",
        format: "typed",
        submittedAt,
        dueAt: input.dueAt ?? new Date(submittedAt.getTime() + 24 * HOUR),
        evaluatedAt: input.evaluatedAt ?? null,
      })
      .returning({ id: mainsBooklets.id });
    if (!booklet) throw new Error("no booklet");
    return booklet.id;
  }

  async function seedAnswer(input: {
    bookletId: string;
    testId: string;
    testQuestionId: string;
  }): Promise<SeededAnswer> {
    const [answer] = await db
      .insert(mainsBookletAnswers)
      .values({
        bookletId: input.bookletId,
        testQuestionId: input.testQuestionId,
        typedText: "An answer.",
      })
      .returning({ id: mainsBookletAnswers.id });
    if (!answer) throw new Error("no answer");
    return { answerId: answer.id, ...input };
  }

  async function seedMarking(input: SeedMarkingInput) {
    const status = input.status ?? "marked";
    const [row] = await db
      .insert(mainsMarks)
      .values({
        answerId: input.answer.answerId,
        bookletId: input.answer.bookletId,
        testId: input.answer.testId,
        testQuestionId: input.answer.testQuestionId,
        round: input.round,
        status,
        mentorId: input.mentorId,
        marks: input.marks === undefined || input.marks === null ? null : String(input.marks),
        markedAt: status === "marked" ? (input.markedAt ?? hoursAfterClose(12)) : null,
        claimedAt: status === "waiting" ? null : hoursAfterClose(1),
      })
      .returning({ id: mainsMarks.id });
    if (!row) throw new Error("no marking");
    return row.id;
  }

  /** Pairs on one question: a booklet each, a marked `first` and a marked `second`. */
  async function seedPairs(
    testId: string,
    testQuestionId: string,
    pairs: [first: Marking, second: Marking][],
  ) {
    for (const [first, second] of pairs) {
      const bookletId = await seedBooklet({ testId });
      const answer = await seedAnswer({ bookletId, testId, testQuestionId });
      await seedMarking({ answer, round: "first", ...first });
      await seedMarking({ answer, round: "second", ...second });
    }
  }

  return { seedMentor, seedTest, seedBooklet, seedAnswer, seedMarking, seedPairs };
}
