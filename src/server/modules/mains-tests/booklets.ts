import { and, asc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { wordCount } from "../../../shared/evaluation.ts";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import {
  BOOKLET_MESSAGES,
  type BookletDraftInput,
  type BookletMapInput,
  choiceProblem,
} from "../../../shared/mains-test-schemas.ts";
import type { BookletFormat } from "../../../shared/mains-tests.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import {
  mainsBookletAnswers,
  mainsBookletFiles,
  mainsBooklets,
  mainsMarks,
} from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { finalizeAttempt, isPastGrace } from "../attempts/attempt-grading.ts";
import { createMarkingRows } from "./marking-rows.ts";

/**
 * A student's booklet for a Mains test (decision 063): made on the first write of their attempt
 * (one per attempt), its files in order with their turns, where each answer starts or its typed
 * text, saved as a draft and then submitted before the deadline (which holds the upload grace)
 * plus the engine's grace. Submission writes the answers, the marking work and the promised
 * date, and completes the attempt on the engine.
 */

type Who = Pick<Viewer, "userId" | "role">;
type AttemptRow = typeof examAttempts.$inferSelect;
type BookletRow = typeof mainsBooklets.$inferSelect;
type FileRow = typeof mainsBookletFiles.$inferSelect;

const notFound = () => new AppError("NOT_FOUND", BOOKLET_MESSAGES.notFound);
const pastDeadline = () => new AppError("CONFLICT", MAINS_TEST_MESSAGES.pastDeadline);

/** The attempt, if it is the viewer's own attempt at a Mains test; anyone else's is a 404. */
async function ownAttempt(db: DbOrTx, userId: string, attemptId: string, lock = false) {
  const query = db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, userId),
        sql`${examAttempts.mainsTestId} is not null`,
      ),
    );
  const [attempt] = lock ? await query.for("update") : await query;
  if (!attempt?.mainsTestId) throw notFound();
  return attempt as AttemptRow & { mainsTestId: string };
}

export type AssertWritableInput = { userId: string; attemptId: string; now: Date };

/**
 * Without a lock: whether the viewer's attempt may still take a booklet write (an upload asks
 * before it reads the file). The write itself checks again under the lock.
 */
export async function assertWritable(db: DbOrTx, { userId, attemptId, now }: AssertWritableInput) {
  const attempt = await ownAttempt(db, userId, attemptId);
  if (attempt.completedAt || isPastGrace(attempt, now)) throw pastDeadline();
  const [booklet] = await db
    .select({ status: mainsBooklets.status })
    .from(mainsBooklets)
    .where(eq(mainsBooklets.attemptId, attemptId));
  if (booklet && booklet.status !== "writing") {
    throw new AppError("CONFLICT", BOOKLET_MESSAGES.notWriting);
  }
}

export type LockWritableInput = AssertWritableInput;

/**
 * In a write's transaction: the attempt locked (the lock the engine's submit and sweeper take),
 * then its booklet, made now if it is the first write and locked. A write after the deadline plus
 * the engine's grace, or to a booklet no longer being written, is refused and changes nothing.
 */
export async function lockWritable(tx: Tx, { userId, attemptId, now }: LockWritableInput) {
  const attempt = await ownAttempt(tx, userId, attemptId, true);
  const booklet = await lockBooklet(tx, attempt);
  if (booklet.status === "submitted" || booklet.status === "evaluated") {
    throw new AppError("CONFLICT", BOOKLET_MESSAGES.notWriting);
  }
  if (booklet.status !== "writing" || attempt.completedAt || isPastGrace(attempt, now)) {
    throw pastDeadline();
  }
  return { attempt, booklet };
}

async function lockBooklet(tx: Tx, attempt: AttemptRow & { mainsTestId: string }) {
  await tx
    .insert(mainsBooklets)
    .values({ attemptId: attempt.id, testId: attempt.mainsTestId, userId: attempt.userId })
    .onConflictDoNothing({ target: mainsBooklets.attemptId });
  const [booklet] = await tx
    .select()
    .from(mainsBooklets)
    .where(eq(mainsBooklets.attemptId, attempt.id))
    .for("update");
  if (!booklet) throw new Error(`booklet of attempt ${attempt.id} missing after insert`);
  return booklet;
}

/** A booklet's file as its reader sees it (the URL serves it after the access check). */
export function fileView(file: FileRow) {
  return {
    id: file.id,
    url: `/api/mains-tests/booklet-files/${file.id}`,
    contentType: file.contentType,
    bytes: file.bytes,
    pdfPages: file.pdfPages,
    rotation: file.rotation,
    position: file.position,
  };
}

/** The booklet's pages: a PDF's own pages, else one a photo. */
function pagesOf(files: readonly FileRow[]) {
  const pdf = files.find((f) => f.pdfPages !== null);
  return pdf ? (pdf.pdfPages ?? 0) : files.length;
}

type Applied = {
  format: BookletFormat | null;
  pageCount: number;
  /** The files left out of the draft's order (a submit deletes them). */
  left: FileRow[];
  /** The answered questions' sections, for the choice rule. */
  answeredSections: number[];
};

/**
 * Writes a draft onto a locked, writing booklet: the files' order and turns, and the answers
 * (each answered question's start page or typed text; an answer left empty is removed). Every
 * check comes before the first write, so a refused draft changes nothing.
 */
async function applyDraft(
  tx: Tx,
  booklet: BookletRow,
  draft: BookletDraftInput,
  mode: "draft" | "submit",
): Promise<Applied> {
  const [files, paper] = await Promise.all([
    tx.select().from(mainsBookletFiles).where(eq(mainsBookletFiles.bookletId, booklet.id)),
    tx
      .select({ id: mainsTestQuestions.id, section: mainsTestQuestions.section })
      .from(mainsTestQuestions)
      .where(eq(mainsTestQuestions.testId, booklet.testId)),
  ]);
  const byId = new Map(files.map((f) => [f.id, f]));
  const chosen = draft.files.map((f) => ({ ...f, row: byId.get(f.id) }));
  if (chosen.some((f) => !f.row)) {
    throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.filesChanged);
  }
  const ordered = chosen.flatMap((f) => (f.row ? [f.row] : []));
  const pageCount = pagesOf(ordered);
  const sectionOf = new Map(paper.map((q) => [q.id, q.section]));
  const answers = draft.answers
    .map((a) => ({ ...a, typedText: a.typedText?.trim() ? a.typedText.trim() : null }))
    .filter((a) => a.startPage !== null || a.typedText !== null);
  if (answers.some((a) => !sectionOf.has(a.testQuestionId))) {
    throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.unknownQuestion);
  }
  if (ordered.length > 0 && answers.some((a) => a.typedText !== null)) {
    throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.pagesAndTyped);
  }
  if (answers.some((a) => a.startPage !== null && a.startPage > pageCount)) {
    throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.pageOutOfRange);
  }
  const answeredSections = answers.map((a) => sectionOf.get(a.testQuestionId) ?? 0);
  if (mode === "submit") {
    if (answers.length === 0) throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.empty);
    const broken = choiceProblem(answeredSections, await chooseOf(tx, booklet));
    if (broken) throw new AppError("VALIDATION_FAILED", broken);
  }

  for (const [index, file] of chosen.entries()) {
    await tx
      .update(mainsBookletFiles)
      .set({ position: index + 1, rotation: file.rotation })
      .where(eq(mainsBookletFiles.id, file.id));
  }
  const left = files.filter((f) => !draft.files.some((d) => d.id === f.id));
  if (left.length) {
    await tx
      .update(mainsBookletFiles)
      .set({ position: null })
      .where(
        inArray(
          mainsBookletFiles.id,
          left.map((f) => f.id),
        ),
      );
  }
  const kept = answers.map((a) => a.testQuestionId);
  await tx
    .delete(mainsBookletAnswers)
    .where(
      and(
        eq(mainsBookletAnswers.bookletId, booklet.id),
        kept.length ? notInArray(mainsBookletAnswers.testQuestionId, kept) : undefined,
      ),
    );
  for (const answer of answers) {
    const values = {
      startPage: answer.startPage,
      typedText: answer.typedText,
      wordCount: answer.typedText === null ? null : wordCount(answer.typedText),
      // The student's own map; a mentor's correction names the mentor.
      mappedBy: null,
    };
    await tx
      .insert(mainsBookletAnswers)
      .values({ bookletId: booklet.id, testQuestionId: answer.testQuestionId, ...values })
      .onConflictDoUpdate({
        target: [mainsBookletAnswers.bookletId, mainsBookletAnswers.testQuestionId],
        set: { ...values, updatedAt: sql`now()` },
      });
  }
  const format: BookletFormat | null =
    ordered.length > 0
      ? ordered.some((f) => f.pdfPages !== null)
        ? "pdf"
        : "images"
      : answers.length > 0
        ? "typed"
        : null;
  return { format, pageCount, left, answeredSections };
}

async function chooseOf(tx: DbOrTx, booklet: BookletRow) {
  const [test] = await tx
    .select({ choose: mainsTests.sectionChoose })
    .from(mainsTests)
    .where(eq(mainsTests.id, booklet.testId));
  return test?.choose ?? null;
}

export type SaveBookletDraftInput = {
  viewer: Who;
  attemptId: string;
  draft: BookletDraftInput;
  now: Date;
};

/** PUT …/booklet: the student's draft (order, turns, page map, typed answers), saved as sent. */
export async function saveBookletDraft(db: Db, input: SaveBookletDraftInput) {
  const { viewer, attemptId, draft, now } = input;
  await db.transaction(async (tx) => {
    const { booklet } = await lockWritable(tx, { userId: viewer.userId, attemptId, now });
    const applied = await applyDraft(tx, booklet, draft, "draft");
    await tx
      .update(mainsBooklets)
      .set({ format: applied.format, pageCount: applied.pageCount, updatedAt: sql`now()` })
      .where(eq(mainsBooklets.id, booklet.id));
  });
  return getOwnBooklet(db, { viewer, attemptId, now });
}

export type SubmitBookletInput = SaveBookletDraftInput & {
  storage: FileStorage;
  /** Draws for the double-marking sample (createMarkingRows); tests fix it. */
  random?: () => number;
};

/**
 * POST …/booklet/submit: under the attempt's lock, within the deadline plus the engine's grace,
 * the booklet as sent becomes the submitted one (files left out are deleted; the choice rule
 * holds; at least one answer), its marking rows are written, the results date is promised (the
 * later of now and the close, plus the turnaround) and the attempt completes on the engine (its
 * after-grading leaves a submitted booklet as it is). A second submit answers with the stored
 * booklet; a late one is refused (409) and changes nothing.
 */
export async function submitBooklet(db: Db, input: SubmitBookletInput) {
  const { viewer, attemptId, draft, now } = input;
  const removedKeys: string[] = [];
  await db.transaction(async (tx) => {
    const attempt = await ownAttempt(tx, viewer.userId, attemptId, true);
    const [existing] = await tx
      .select({ status: mainsBooklets.status })
      .from(mainsBooklets)
      .where(eq(mainsBooklets.attemptId, attemptId));
    if (existing?.status === "submitted" || existing?.status === "evaluated") return;
    const { booklet } = await lockWritable(tx, { userId: viewer.userId, attemptId, now });
    const applied = await applyDraft(tx, booklet, draft, "submit");
    if (applied.left.length) {
      await tx.delete(mainsBookletFiles).where(
        inArray(
          mainsBookletFiles.id,
          applied.left.map((f) => f.id),
        ),
      );
      removedKeys.push(...applied.left.map((f) => f.storageKey));
    }
    const [test] = await tx
      .select({ closesAt: mainsTests.closesAt, turnaroundHours: mainsTests.turnaroundHours })
      .from(mainsTests)
      .where(eq(mainsTests.id, booklet.testId));
    if (!test) throw new Error(`test ${booklet.testId} missing`);
    const from = Math.max(now.getTime(), test.closesAt.getTime());
    await tx
      .update(mainsBooklets)
      .set({
        status: "submitted",
        format: applied.format,
        pageCount: applied.pageCount,
        submittedAt: now,
        dueAt: new Date(from + test.turnaroundHours * 3_600_000),
        updatedAt: sql`now()`,
      })
      .where(eq(mainsBooklets.id, booklet.id));
    await createMarkingRows(tx, { bookletId: booklet.id, random: input.random });
    await finalizeAttempt(tx, { attempt, now });
  });
  for (const key of removedKeys) {
    await input.storage.delete("answer_copies", key).catch(() => undefined);
  }
  return getOwnBooklet(db, { viewer, attemptId, now });
}

export type GetOwnBookletInput = { viewer: Who; attemptId: string; now: Date };

/**
 * GET …/booklet: the student's own booklet as it stands (before the first write: an empty one
 * being written), with the attempt's deadline and the server's clock for the countdown.
 */
export async function getOwnBooklet(db: DbOrTx, { viewer, attemptId, now }: GetOwnBookletInput) {
  const attempt = await ownAttempt(db, viewer.userId, attemptId);
  const [booklet] = await db
    .select()
    .from(mainsBooklets)
    .where(eq(mainsBooklets.attemptId, attemptId));
  const [files, answers] = booklet
    ? await Promise.all([
        db
          .select()
          .from(mainsBookletFiles)
          .where(eq(mainsBookletFiles.bookletId, booklet.id))
          .orderBy(
            sql`${mainsBookletFiles.position} asc nulls last`,
            asc(mainsBookletFiles.createdAt),
          ),
        db
          .select({
            testQuestionId: mainsBookletAnswers.testQuestionId,
            startPage: mainsBookletAnswers.startPage,
            typedText: mainsBookletAnswers.typedText,
            wordCount: mainsBookletAnswers.wordCount,
          })
          .from(mainsBookletAnswers)
          .where(eq(mainsBookletAnswers.bookletId, booklet.id)),
      ])
    : [[], []];
  const status =
    booklet?.status ??
    (attempt.completedAt || isPastGrace(attempt, now) ? ("absent" as const) : ("writing" as const));
  return {
    attemptId: attempt.id,
    testId: attempt.mainsTestId,
    bookletId: booklet?.id ?? null,
    status,
    format: booklet?.format ?? null,
    pageCount: booklet?.pageCount ?? 0,
    submittedAt: booklet?.submittedAt?.toISOString() ?? null,
    dueAt: booklet?.dueAt?.toISOString() ?? null,
    files: files.map(fileView),
    answers,
    deadlineAt: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
  };
}

export type HoldsBookletClaimInput = { bookletId: string; mentorId: string; now: Date };

/**
 * Whether a mentor holds a live claim on the booklet: the whole booklet (booklet mode), or any of
 * its markings (claimed by them, the claim not lapsed).
 */
export async function holdsBookletClaim(
  db: DbOrTx,
  { bookletId, mentorId, now }: HoldsBookletClaimInput,
) {
  const [[booklet], [mark]] = await Promise.all([
    db
      .select({ id: mainsBooklets.id })
      .from(mainsBooklets)
      .where(
        and(
          eq(mainsBooklets.id, bookletId),
          eq(mainsBooklets.claimedBy, mentorId),
          gt(mainsBooklets.claimExpiresAt, now),
        ),
      ),
    db
      .select({ id: mainsMarks.id })
      .from(mainsMarks)
      .where(
        and(
          eq(mainsMarks.bookletId, bookletId),
          eq(mainsMarks.mentorId, mentorId),
          eq(mainsMarks.status, "claimed"),
          gt(mainsMarks.claimExpiresAt, now),
        ),
      )
      .limit(1),
  ]);
  return Boolean(booklet || mark);
}

export type CorrectBookletMapInput = {
  viewer: Who;
  bookletId: string;
  map: BookletMapInput;
  now: Date;
};

/**
 * PUT /api/mentor/mains/booklets/:bookletId/map: a mentor holding a live claim on the booklet
 * corrects where its answers start (and is recorded as having mapped them). Anyone else: 404.
 * A page the booklet does not have, or a question it has no answer to, is refused (422).
 */
export async function correctBookletMap(db: Db, input: CorrectBookletMapInput) {
  const { viewer, bookletId, map, now } = input;
  return db.transaction(async (tx) => {
    const [booklet] = await tx
      .select()
      .from(mainsBooklets)
      .where(eq(mainsBooklets.id, bookletId))
      .for("update");
    const allowed =
      booklet && (await holdsBookletClaim(tx, { bookletId, mentorId: viewer.userId, now }));
    if (!booklet || !allowed) throw notFound();
    const answers = await tx
      .select({ testQuestionId: mainsBookletAnswers.testQuestionId })
      .from(mainsBookletAnswers)
      .where(eq(mainsBookletAnswers.bookletId, bookletId));
    const known = new Set(answers.map((a) => a.testQuestionId));
    if (map.answers.some((a) => !known.has(a.testQuestionId))) {
      throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.unknownQuestion);
    }
    if (booklet.format === "typed" || map.answers.some((a) => a.startPage > booklet.pageCount)) {
      throw new AppError("VALIDATION_FAILED", BOOKLET_MESSAGES.pageOutOfRange);
    }
    for (const answer of map.answers) {
      await tx
        .update(mainsBookletAnswers)
        .set({ startPage: answer.startPage, mappedBy: viewer.userId, updatedAt: sql`now()` })
        .where(
          and(
            eq(mainsBookletAnswers.bookletId, bookletId),
            eq(mainsBookletAnswers.testQuestionId, answer.testQuestionId),
          ),
        );
    }
    return tx
      .select({
        testQuestionId: mainsBookletAnswers.testQuestionId,
        startPage: mainsBookletAnswers.startPage,
        mappedBy: mainsBookletAnswers.mappedBy,
      })
      .from(mainsBookletAnswers)
      .where(eq(mainsBookletAnswers.bookletId, bookletId));
  });
}
