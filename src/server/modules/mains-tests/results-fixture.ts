import { eq } from "drizzle-orm";
import type { PageAnnotations, RubricPart } from "../../../shared/evaluation.ts";
import type { BookletStatus, MarkRound } from "../../../shared/mains-tests.ts";
import type { DbOrTx } from "../../db/client.ts";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import {
  mainsBookletAnswers,
  mainsBookletFiles,
  mainsBooklets,
  mainsMarks,
} from "../../db/schema/mains-booklets.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";

/**
 * Test data for the results (decision 063), written straight to the tables the desk and the
 * booklet upload fill: a test with its paper, booklets with their answers and pages, and
 * markings by chosen mentors. Used by `results.api.test.ts`; never by the app.
 */

export type CreateResultsTestInput = {
  title?: string;
  titleHi?: string | null;
  /** Each question's marks, in paper order. */
  marks: number[];
  /** Each question's text, English and Hindi (default: a sample question). */
  texts?: { en: string; hi: string }[];
  /** Each question's section (default 1). */
  sections?: number[];
  sectionChoose?: number[] | null;
  seriesId?: string | null;
  opensAt?: Date;
  closesAt?: Date;
  resultsAt?: Date | null;
};

export async function createResultsTest(db: DbOrTx, input: CreateResultsTestInput) {
  const opensAt = input.opensAt ?? new Date("2026-10-01T04:30:00Z");
  const closesAt = input.closesAt ?? new Date(opensAt.getTime() + 8 * 3600_000);
  const [test] = await db
    .insert(mainsTests)
    .values({
      title: input.title ?? "GS II mock 1",
      titleHi: input.titleHi === undefined ? "सामान्य अध्ययन II मॉक 1" : input.titleHi,
      paper: "gs2",
      opensAt,
      closesAt,
      published: true,
      sectionChoose: input.sectionChoose ?? null,
      seriesId: input.seriesId ?? null,
      resultsAt: input.resultsAt ?? null,
    })
    .returning({ id: mainsTests.id });
  if (!test) throw new Error("no test");
  const questionIds: string[] = [];
  for (const [i, marks] of input.marks.entries()) {
    const [question] = await db
      .insert(mainsQuestions)
      .values({
        paper: "gs2",
        questionText:
          input.texts?.[i]?.en ?? `Question ${i + 1}: discuss the role of the Finance Commission.`,
        questionTextHi: input.texts?.[i]?.hi ?? `प्रश्न ${i + 1}: वित्त आयोग की भूमिका की चर्चा कीजिए।`,
        marks,
        publishDate: "2026-09-01",
      })
      .returning({ id: mainsQuestions.id });
    if (!question) throw new Error("no question");
    const [row] = await db
      .insert(mainsTestQuestions)
      .values({
        testId: test.id,
        questionId: question.id,
        position: i + 1,
        section: input.sections?.[i] ?? 1,
        marks,
      })
      .returning({ id: mainsTestQuestions.id });
    if (!row) throw new Error("no test question");
    questionIds.push(row.id);
  }
  return { testId: test.id, questionIds };
}

export type CreateResultsSeriesInput = { title: string; titleHi?: string | null };

export async function createResultsSeries(
  db: DbOrTx,
  { title, titleHi }: CreateResultsSeriesInput,
) {
  const [row] = await db
    .insert(mainsSeries)
    .values({ title, titleHi: titleHi ?? null })
    .returning({ id: mainsSeries.id });
  if (!row) throw new Error("no series");
  return row.id;
}

/** One marking to seed: by whom, the marks (null: not marked yet), and its feedback. */
export type MarkSeed = {
  mentorId: string | null;
  marks: number | null;
  comment?: string;
  rubric?: RubricPart[];
  partMarks?: (number | null)[];
  annotations?: PageAnnotations[];
};

export type SeedAnswer = {
  testQuestionId: string;
  startPage?: number | null;
  typedText?: string | null;
  first?: MarkSeed;
  second?: MarkSeed;
  reeval?: MarkSeed;
};

export type SeedBookletInput = {
  testId: string;
  userId: string;
  status: BookletStatus;
  answers?: SeedAnswer[];
  /** Photo pages of the booklet, in order (one file each). */
  photoPages?: number;
  submittedAt?: Date;
  dueAt?: Date;
  evaluatedAt?: Date | null;
  shareAnswers?: boolean;
  shareName?: boolean;
};

/** A student's attempt, booklet, pages, answers and markings, as submission and the desk leave them. */
export async function seedBooklet(db: DbOrTx, input: SeedBookletInput) {
  const submittedAt = input.submittedAt ?? new Date("2026-10-01T08:00:00Z");
  const [attempt] = await db
    .insert(examAttempts)
    .values({
      userId: input.userId,
      mainsTestId: input.testId,
      startedAt: new Date(submittedAt.getTime() - 3 * 3600_000),
      deadlineAt: new Date(submittedAt.getTime() + 1800_000),
      completedAt: input.status === "writing" ? null : submittedAt,
      score: "0",
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error("no attempt");
  const submitted = input.status === "submitted" || input.status === "evaluated";
  const [booklet] = await db
    .insert(mainsBooklets)
    .values({
      attemptId: attempt.id,
      testId: input.testId,
      userId: input.userId,
      status: input.status,
      format: submitted ? "images" : null,
      pageCount: input.photoPages ?? 0,
      submittedAt: submitted ? submittedAt : null,
      dueAt: submitted ? (input.dueAt ?? new Date(submittedAt.getTime() + 120 * 3600_000)) : null,
      evaluatedAt:
        input.status === "evaluated" ? (input.evaluatedAt ?? new Date(submittedAt)) : null,
      shareAnswers: input.shareAnswers ?? false,
      shareName: input.shareName ?? false,
    })
    .returning({ id: mainsBooklets.id });
  if (!booklet) throw new Error("no booklet");
  const fileIds: string[] = [];
  for (let position = 1; position <= (input.photoPages ?? 0); position++) {
    const [file] = await db
      .insert(mainsBookletFiles)
      .values({
        bookletId: booklet.id,
        position,
        storageKey: `mains-booklets/${booklet.id}/${position}.jpg`,
        contentType: "image/jpeg",
        bytes: 1000,
      })
      .returning({ id: mainsBookletFiles.id });
    if (file) fileIds.push(file.id);
  }
  const answerIds = new Map<string, string>();
  for (const answer of input.answers ?? []) {
    const [row] = await db
      .insert(mainsBookletAnswers)
      .values({
        bookletId: booklet.id,
        testQuestionId: answer.testQuestionId,
        startPage: answer.startPage ?? null,
        typedText: answer.typedText ?? null,
      })
      .returning({ id: mainsBookletAnswers.id });
    if (!row) throw new Error("no answer");
    answerIds.set(answer.testQuestionId, row.id);
    for (const round of ["first", "second", "reeval"] as const) {
      const seed = answer[round];
      if (seed) {
        await seedMarking(db, {
          answerId: row.id,
          bookletId: booklet.id,
          testId: input.testId,
          testQuestionId: answer.testQuestionId,
          round,
          seed,
        });
      }
    }
  }
  return { bookletId: booklet.id, attemptId: attempt.id, answerIds, fileIds };
}

export type SeedMarkingInput = {
  answerId: string;
  bookletId: string;
  testId: string;
  testQuestionId: string;
  round: MarkRound;
  seed: MarkSeed;
};

export async function seedMarking(db: DbOrTx, input: SeedMarkingInput) {
  const { seed } = input;
  const marked = seed.marks !== null;
  await db.insert(mainsMarks).values({
    answerId: input.answerId,
    bookletId: input.bookletId,
    testId: input.testId,
    testQuestionId: input.testQuestionId,
    round: input.round,
    status: marked ? "marked" : "waiting",
    mentorId: seed.mentorId,
    markedAt: marked ? new Date("2026-10-03T10:00:00Z") : null,
    marks: seed.marks === null ? null : String(seed.marks),
    comment: seed.comment ?? null,
    rubric: seed.rubric ?? null,
    partMarks: seed.partMarks ?? null,
    annotations: seed.annotations ?? null,
  });
}

export type MarkRowInput = {
  answerId: string;
  round: MarkRound;
  mentorId: string;
  marks: number;
  markedAt: Date;
};

/** What the desk does when a mentor submits a marking (before it calls afterMarking). */
export async function markRow(db: DbOrTx, input: MarkRowInput) {
  const rows = await db
    .select({ id: mainsMarks.id, round: mainsMarks.round })
    .from(mainsMarks)
    .where(eq(mainsMarks.answerId, input.answerId));
  const row = rows.find((r) => r.round === input.round);
  if (!row) throw new Error(`no ${input.round} marking of answer ${input.answerId}`);
  await db
    .update(mainsMarks)
    .set({
      status: "marked",
      mentorId: input.mentorId,
      marks: String(input.marks),
      markedAt: input.markedAt,
    })
    .where(eq(mainsMarks.id, row.id));
}
