import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { EXAM_MESSAGES } from "../../../shared/exams.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questions } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { assertCanStart } from "../entitlements/entitlement.ts";
import { finalizeAttempt, isPastGrace } from "./attempt-grading.ts";
import { buildReviewView, buildSessionView } from "./attempt-views.ts";

const notFound = () => new AppError("NOT_FOUND", "Attempt not found.");

/**
 * Opens the exam for a student: resumes their open attempt (same id, saved answers, remaining
 * time) or creates one. One open attempt per student and exam is guaranteed by a partial unique
 * index, so two tabs opening at once still share one attempt. An open attempt already past its
 * deadline is finalised first and a new one begins.
 */
export async function startAttempt(
  db: Db,
  input: { viewer: Pick<Viewer, "userId" | "role">; examId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const userId = input.viewer.userId;
  const [exam] = await db.select().from(exams).where(eq(exams.id, input.examId));
  const [questionTotal] = exam
    ? await db.select({ n: count() }).from(questions).where(eq(questions.examId, input.examId))
    : [];
  if (!exam || !questionTotal?.n) throw new AppError("NOT_FOUND", EXAM_MESSAGES.examLoadFailed);

  let finalizedAttemptId: string | null = null;
  const attempt = await db.transaction(async (tx) => {
    const openFilter = and(
      eq(examAttempts.userId, userId),
      eq(examAttempts.examId, input.examId),
      isNull(examAttempts.completedAt),
    );
    const [open] = await tx.select().from(examAttempts).where(openFilter).for("update");
    if (open && !isPastGrace(open, now)) return open;
    if (open) {
      await finalizeAttempt(tx, open, now);
      finalizedAttemptId = open.id;
    }
    // Only a new attempt is gated: one already under way is resumed whatever happened since.
    await assertCanStart(
      tx as unknown as Db,
      input.viewer,
      {
        kind: "exam",
        id: exam.id,
        isFree: exam.isFree,
      },
      now,
    );
    const [created] = await tx
      .insert(examAttempts)
      .values({
        userId,
        examId: input.examId,
        startedAt: now,
        deadlineAt: new Date(now.getTime() + exam.timeLimitSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [raced] = await tx.select().from(examAttempts).where(openFilter);
    if (!raced) throw new AppError("CONFLICT", "Could not record exam start.");
    return raced;
  });
  return { ...(await buildSessionView(db, attempt)), finalizedAttemptId };
}

/** Loads an attempt the viewer may see: their own, or any for an admin. Others get 404. */
async function findVisibleAttempt(db: Db, viewer: Viewer, attemptId: string) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) throw notFound();
  if (attempt.userId !== viewer.userId && viewer.role !== "admin") throw notFound();
  return attempt;
}

/** An open attempt of the viewer's own shows as a session; anything else as a review. */
export async function getAttempt(db: Db, viewer: Viewer, attemptId: string, now = new Date()) {
  let attempt = await findVisibleAttempt(db, viewer, attemptId);
  if (!attempt.completedAt && isPastGrace(attempt, now)) {
    attempt = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(examAttempts)
        .where(eq(examAttempts.id, attemptId))
        .for("update");
      if (!locked) throw notFound();
      return locked.completedAt ? locked : finalizeAttempt(tx, locked, now);
    });
  }
  if (!attempt.completedAt && attempt.userId === viewer.userId)
    return buildSessionView(db, attempt);
  return buildReviewView(db, attempt);
}

/** Grades and completes the attempt; a second call returns the same result (idempotent). */
export async function submitAttempt(
  db: Db,
  input: { userId: string; attemptId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const attempt = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, input.attemptId))
      .for("update");
    if (!locked || locked.userId !== input.userId) throw notFound();
    return locked.completedAt ? locked : finalizeAttempt(tx, locked, now);
  });
  return buildReviewView(db, attempt);
}

/** The student's completed attempts, newest first. */
export async function listMyResults(db: Db, userId: string) {
  const rows = await db
    .select({
      id: examAttempts.id,
      score: examAttempts.score,
      passed: examAttempts.passed,
      completedAt: examAttempts.completedAt,
      timeTakenSeconds: examAttempts.timeTakenSeconds,
      exam: { id: exams.id, title: exams.title },
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.userId, userId), isNotNull(examAttempts.completedAt)))
    .orderBy(desc(examAttempts.completedAt));
  return rows.map((r) => ({
    ...r,
    score: r.score === null ? null : Number(r.score),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
