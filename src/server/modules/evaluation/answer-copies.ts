import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, ne, sql } from "drizzle-orm";
import {
  COPY_MAX_PAGES,
  type CopyFormat,
  EVALUATION_MESSAGES,
  wordCount,
} from "../../../shared/evaluation.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/home.ts";
import type { MarkedText } from "../../../shared/i18n/msg.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { answerCopies, answerCopyFiles, mainsQuestions } from "../../db/schema/evaluation.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { readAnswerFile } from "../../storage/answer-page-upload.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";
import { copyView } from "./copy-view.ts";
import { getEvaluationSettings } from "./evaluation-settings.ts";
import { findPublishedQuestion } from "./mains-questions.ts";

type Who = Pick<Viewer, "userId" | "role">;

const PLANS_PATH = "/student/subscriptions";

/** The first moment of the current calendar month in India (the free tier's period). */
function monthStart(now: Date) {
  return sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${DEFAULT_TIME_ZONE}) at time zone ${DEFAULT_TIME_ZONE})`;
}

export type EvaluationAllowanceInput = {
  viewer: Who;
  now: Date;
};

/**
 * The student's evaluations in this period and how many they may have (null: unlimited): a
 * plan's `evaluation_limit` per plan period (since it started), or without a plan the free
 * tier's number per calendar month (set by admins).
 */
export async function evaluationAllowance(db: DbOrTx, { viewer, now }: EvaluationAllowanceInput) {
  if (viewer.role === "admin") return { used: 0, limit: null, hasPlan: true };
  const subscription = await findActiveSubscription(db, { userId: viewer.userId, now });
  const since = subscription
    ? sql`${subscription.since.toISOString()}::timestamptz`
    : monthStart(now);
  const [[used], settings] = await Promise.all([
    db
      .select({ n: count() })
      .from(answerCopies)
      .where(
        and(
          eq(answerCopies.userId, viewer.userId),
          isNotNull(answerCopies.submittedAt),
          gte(answerCopies.submittedAt, since),
        ),
      ),
    subscription ? null : getEvaluationSettings(db),
  ]);
  return {
    used: used?.n ?? 0,
    limit: subscription ? subscription.evaluationLimit : (settings?.freeEvaluationsPerMonth ?? 0),
    hasPlan: subscription !== null,
  };
}
export type EvaluationAllowance = Awaited<ReturnType<typeof evaluationAllowance>>;

async function ownCopy(db: DbOrTx, userId: string, copyId: string) {
  const [copy] = await db
    .select()
    .from(answerCopies)
    .where(and(eq(answerCopies.id, copyId), eq(answerCopies.userId, userId)));
  if (!copy) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  return copy;
}

/** The student's draft for a question, made on the first upload. */
async function draftFor(db: DbOrTx, userId: string, questionId: string) {
  await db
    .insert(answerCopies)
    .values({ userId, questionId })
    .onConflictDoNothing({ target: [answerCopies.userId, answerCopies.questionId] });
  const [copy] = await db
    .select()
    .from(answerCopies)
    .where(and(eq(answerCopies.userId, userId), eq(answerCopies.questionId, questionId)));
  if (!copy) throw new Error("draft missing after insert");
  if (copy.status !== "draft") throw new AppError("CONFLICT", EVALUATION_MESSAGES.notDraft);
  return copy;
}

function fileJson(file: typeof answerCopyFiles.$inferSelect) {
  return {
    id: file.id,
    contentType: file.contentType,
    bytes: file.bytes,
    pdfPages: file.pdfPages,
    rotation: file.rotation,
  };
}

/**
 * One uploaded page (a photo) or the one PDF of a draft: checked by its content, stored in the
 * private bucket, at most 12 pages in all, never a PDF beside photos.
 */
export async function addCopyFile(input: {
  db: Db;
  storage: FileStorage;
  viewer: Who;
  questionId: string;
  file: unknown;
  now: Date;
}) {
  const { db, storage, viewer } = input;
  await findPublishedQuestion(db, {
    userId: viewer.userId,
    questionId: input.questionId,
    now: input.now,
  });
  const checked = await readAnswerFile(input.file);
  const id = randomUUID();
  const extension =
    checked.contentType.split("/")[1] === "jpeg" ? "jpg" : checked.contentType.split("/")[1];
  return db.transaction(async (tx) => {
    const copy = await draftFor(tx, viewer.userId, input.questionId);
    // Held until the transaction ends: two uploads to one draft are counted one after the other.
    await tx
      .select({ id: answerCopies.id })
      .from(answerCopies)
      .where(eq(answerCopies.id, copy.id))
      .for("update");
    const files = await tx
      .select()
      .from(answerCopyFiles)
      .where(eq(answerCopyFiles.copyId, copy.id));
    const hasPdf = files.some((f) => f.pdfPages !== null);
    if ((checked.kind === "pdf" && files.length > 0) || (checked.kind === "image" && hasPdf)) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.pdfAndPhotos);
    }
    if (files.length >= COPY_MAX_PAGES) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.tooManyPages);
    }
    const key = `${copy.id}/${id}.${extension}`;
    await storage.put("answer_copies", key, checked.bytes, checked.contentType);
    const [row] = await tx
      .insert(answerCopyFiles)
      .values({
        id,
        copyId: copy.id,
        storageKey: key,
        contentType: checked.contentType,
        bytes: checked.bytes.length,
        pdfPages: checked.kind === "pdf" ? checked.pages : null,
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    return { copyId: copy.id, file: fileJson(row) };
  });
}

/** Removes a page from the student's own draft. */
export async function removeCopyFile(input: {
  db: Db;
  storage: FileStorage;
  viewer: Who;
  fileId: string;
}) {
  const { db, viewer } = input;
  const [found] = await db
    .select({ file: answerCopyFiles, status: answerCopies.status })
    .from(answerCopyFiles)
    .innerJoin(answerCopies, eq(answerCopies.id, answerCopyFiles.copyId))
    .where(and(eq(answerCopyFiles.id, input.fileId), eq(answerCopies.userId, viewer.userId)));
  if (!found) throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  if (found.status !== "draft") throw new AppError("CONFLICT", EVALUATION_MESSAGES.notDraft);
  await db.delete(answerCopyFiles).where(eq(answerCopyFiles.id, input.fileId));
  await input.storage.delete("answer_copies", found.file.storageKey).catch(() => undefined);
  return { removed: input.fileId };
}

/**
 * Submits the draft: the pages in the student's order and rotation (files left out are deleted),
 * or the typed answer. The allowance is checked under a lock on the student's profile row, so two
 * submissions at once are counted one after the other; the turnaround promised now is the due
 * time shown to the student and the mentors.
 */
export async function submitCopy(input: {
  db: Db;
  storage: FileStorage;
  viewer: Who;
  questionId: string;
  pages: { id: string; rotation: 0 | 90 | 180 | 270 }[];
  typedAnswer: string;
  now: Date;
}) {
  const { db, viewer, now } = input;
  await findPublishedQuestion(db, { userId: viewer.userId, questionId: input.questionId, now });
  const settings = await getEvaluationSettings(db);
  const removedKeys: string[] = [];
  const copyId = await db.transaction(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, viewer.userId))
      .for("update");
    const [existing] = await tx
      .select()
      .from(answerCopies)
      .where(
        and(eq(answerCopies.userId, viewer.userId), eq(answerCopies.questionId, input.questionId)),
      );
    if (existing && existing.status !== "draft") {
      throw new AppError("CONFLICT", EVALUATION_MESSAGES.alreadySubmitted);
    }
    const files = existing
      ? await tx.select().from(answerCopyFiles).where(eq(answerCopyFiles.copyId, existing.id))
      : [];
    const byId = new Map(files.map((f) => [f.id, f]));
    const chosen = input.pages.map((p) => ({ ...p, file: byId.get(p.id) }));
    if (
      chosen.some((p) => !p.file) ||
      new Set(input.pages.map((p) => p.id)).size !== input.pages.length
    ) {
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.copyNotFound);
    }
    const typed = input.typedAnswer.trim();
    if (!chosen.length && !typed)
      throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.emptyCopy);
    const allowance = await evaluationAllowance(tx, { viewer, now });
    if (allowance.limit !== null && allowance.used >= allowance.limit) {
      const text: MarkedText = { key: EVALUATION_MESSAGES.limitReached, values: {} };
      throw new AppError("FORBIDDEN", text, {
        reason: "EVALUATION_LIMIT_REACHED",
        plansUrl: PLANS_PATH,
      });
    }
    const pdf = chosen.find((p) => p.file?.pdfPages !== null);
    const format: CopyFormat = chosen.length ? (pdf ? "pdf" : "images") : "typed";
    const pageCount = pdf ? (pdf.file?.pdfPages ?? 0) : chosen.length;
    const copy =
      existing ??
      (
        await tx
          .insert(answerCopies)
          .values({ userId: viewer.userId, questionId: input.questionId })
          .returning()
      )[0];
    if (!copy) throw new Error("insert returned nothing");
    for (const [position, page] of chosen.entries()) {
      await tx
        .update(answerCopyFiles)
        .set({ position, rotation: page.rotation })
        .where(eq(answerCopyFiles.id, page.id));
    }
    const left = files.filter((f) => !input.pages.some((p) => p.id === f.id));
    if (left.length) {
      await tx.delete(answerCopyFiles).where(
        inArray(
          answerCopyFiles.id,
          left.map((f) => f.id),
        ),
      );
      removedKeys.push(...left.map((f) => f.storageKey));
    }
    await tx
      .update(answerCopies)
      .set({
        status: "submitted",
        format,
        pageCount,
        typedAnswer: format === "typed" ? typed : null,
        wordCount: format === "typed" ? wordCount(typed) : null,
        submittedAt: now,
        dueAt: new Date(now.getTime() + settings.turnaroundHours * 3600_000),
        updatedAt: now,
      })
      .where(eq(answerCopies.id, copy.id));
    return copy.id;
  });
  for (const key of removedKeys)
    await input.storage.delete("answer_copies", key).catch(() => undefined);
  return getOwnCopy(db, { viewer, copyId, now });
}

export type GetOwnCopyInput = {
  viewer: Who;
  copyId: string;
  now: Date;
};

/** The student's own copy, with the evaluation and the model answer once it is evaluated. */
export async function getOwnCopy(db: DbOrTx, { viewer, copyId, now }: GetOwnCopyInput) {
  const copy = await ownCopy(db, viewer.userId, copyId);
  return copyView(db, { copy, options: { audience: "student", now } });
}

export type GetAnswerPageInput = {
  viewer: Who;
  questionId: string;
  now: Date;
};

/** The answer page: the question, the student's copy (draft or submitted) and the allowance. */
export async function getAnswerPage(db: DbOrTx, { viewer, questionId, now }: GetAnswerPageInput) {
  const question = await findPublishedQuestion(db, { userId: viewer.userId, questionId, now });
  const [[copy], allowance] = await Promise.all([
    db
      .select()
      .from(answerCopies)
      .where(and(eq(answerCopies.userId, viewer.userId), eq(answerCopies.questionId, questionId))),
    evaluationAllowance(db, { viewer, now }),
  ]);
  return {
    question,
    copy: copy ? await copyView(db, { copy, options: { audience: "student", now } }) : null,
    allowance,
  };
}

export type ListMyCopiesInput = {
  userId: string;
  query: { page: number; pageSize: number };
  now: Date;
};

/** "My evaluations": the student's submitted copies, newest first. */
export async function listMyCopies(db: DbOrTx, { userId, query, now }: ListMyCopiesInput) {
  const mine = and(eq(answerCopies.userId, userId), ne(answerCopies.status, "draft"));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: answerCopies.id,
        questionId: answerCopies.questionId,
        questionText: mainsQuestions.questionText,
        questionTextHi: mainsQuestions.questionTextHi,
        paper: mainsQuestions.paper,
        outOf: mainsQuestions.marks,
        status: answerCopies.status,
        claimExpiresAt: answerCopies.claimExpiresAt,
        submittedAt: answerCopies.submittedAt,
        claimedAt: answerCopies.claimedAt,
        evaluatedAt: answerCopies.evaluatedAt,
        dueAt: answerCopies.dueAt,
        marks: answerCopies.marks,
      })
      .from(answerCopies)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
      .where(mine)
      .orderBy(desc(answerCopies.submittedAt), asc(answerCopies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(answerCopies).where(mine),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      questionId: r.questionId,
      questionText: r.questionText,
      questionTextHi: r.questionTextHi,
      paper: r.paper,
      outOf: r.outOf,
      stage: stageOf(r, now),
      submittedAt: r.submittedAt?.toISOString() ?? null,
      claimedAt: r.claimedAt?.toISOString() ?? null,
      evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
      dueAt: r.dueAt?.toISOString() ?? null,
      marks: r.marks === null ? null : Number(r.marks),
    })),
    total,
    query,
  );
}

/** Where a copy stands for the student: a claim that has lapsed is back in the queue. */
export function stageOf(
  copy: { status: string; claimExpiresAt: Date | null },
  now: Date,
): "draft" | "submitted" | "in_evaluation" | "evaluated" {
  if (copy.status === "claimed") {
    return copy.claimExpiresAt && copy.claimExpiresAt > now ? "in_evaluation" : "submitted";
  }
  return copy.status as "draft" | "submitted" | "evaluated";
}

export type RateCopyInput = {
  viewer: Who;
  copyId: string;
  rating: number;
  now: Date;
};

/** The student rates the feedback once, 1 to 5. */
export async function rateCopy(db: Db, { viewer, copyId, rating, now }: RateCopyInput) {
  const copy = await ownCopy(db, viewer.userId, copyId);
  if (copy.status !== "evaluated") throw new AppError("CONFLICT", EVALUATION_MESSAGES.notEvaluated);
  const [row] = await db
    .update(answerCopies)
    .set({ rating, ratedAt: now, updatedAt: now })
    .where(and(eq(answerCopies.id, copyId), sql`${answerCopies.rating} is null`))
    .returning({ id: answerCopies.id });
  if (!row) throw new AppError("CONFLICT", EVALUATION_MESSAGES.alreadyRated);
  return getOwnCopy(db, { viewer, copyId, now });
}

export type AskFollowUpInput = {
  viewer: Who;
  copyId: string;
  question: string;
  now: Date;
};

/** One follow-up question on an evaluated copy, answered by its mentor on the same copy. */
export async function askFollowUp(db: Db, { viewer, copyId, question, now }: AskFollowUpInput) {
  const copy = await ownCopy(db, viewer.userId, copyId);
  if (copy.status !== "evaluated") throw new AppError("CONFLICT", EVALUATION_MESSAGES.notEvaluated);
  const [row] = await db
    .update(answerCopies)
    .set({ followUpQuestion: question, followUpAskedAt: now, updatedAt: now })
    .where(and(eq(answerCopies.id, copyId), sql`${answerCopies.followUpQuestion} is null`))
    .returning({ id: answerCopies.id });
  if (!row) throw new AppError("CONFLICT", EVALUATION_MESSAGES.followUpAsked);
  return getOwnCopy(db, { viewer, copyId, now });
}
