import { and, eq, isNull } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { extraSecondsFor } from "../accommodations/extra-time.ts";
import { assertCanStart } from "../entitlements/entitlement.ts";
import { finalizeAttempt, isPastGrace } from "./attempt-grading.ts";
import {
  type AttemptTarget,
  admitStart,
  attemptsAt,
  countQuestionsOf,
  deadlineOf,
  gatedContentOf,
  isHiddenFrom,
  isTimed,
  loadTarget,
  messagesOf,
  newAttemptOf,
  type TargetRef,
} from "./attempt-target.ts";
import { buildReviewView, buildSessionView } from "./attempt-views.ts";

const notFound = () => new AppError("NOT_FOUND", "Attempt not found.");

export type StartAttemptInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  target: TargetRef;
  now?: Date;
};

/**
 * Opens an exam or a quiz for a student: resumes their open attempt (same id, saved answers,
 * remaining time) or creates one. One open attempt per student and exam (or quiz) is guaranteed
 * by a partial unique index, so two tabs opening at once still share one attempt. An open attempt
 * already past its deadline is finalised first and a new one begins. Quiz attempts are numbered
 * 1, 2, ... per student and quiz; a unique index keeps the numbers distinct under any race.
 */
export async function startAttempt(db: Db, input: StartAttemptInput) {
  const now = input.now ?? new Date();
  const userId = input.viewer.userId;
  const ref = input.target;
  const { target } = await loadStartable(db, { ref, viewer: input.viewer, now });

  let finalizedAttemptId: string | null = null;
  let isNew = false;
  const attempt = await db.transaction(async (tx) => {
    const openFilter = and(
      eq(examAttempts.userId, userId),
      attemptsAt(ref),
      isNull(examAttempts.completedAt),
    );
    const [open] = await tx.select().from(examAttempts).where(openFilter).for("update");
    if (open && !isPastGrace(open, now)) return open;
    if (open) {
      await finalizeAttempt(tx, { attempt: open, now });
      finalizedAttemptId = open.id;
    }
    // Only a new attempt is gated: one already under way is resumed whatever happened since.
    await admitStart(tx, { target, viewer: input.viewer, now });
    const gated = gatedContentOf(target);
    if (gated) await assertCanStart(tx, { viewer: input.viewer, content: gated, now });
    const extraSeconds = await extraSecondsAt(tx, { userId, target });
    const [created] = await tx
      .insert(examAttempts)
      .values({
        userId,
        ...newAttemptOf(ref, userId),
        startedAt: now,
        deadlineAt: deadlineOf(target, now, extraSeconds),
        extraSeconds,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      isNew = true;
      return created;
    }
    const [raced] = await tx.select().from(examAttempts).where(openFilter);
    if (!raced) throw new AppError("CONFLICT", messagesOf(ref).startConflict);
    return raced;
  });
  return {
    ...(await buildSessionView(db, { attempt, known: { target, isNew, now } })),
    finalizedAttemptId,
  };
}

export type ExtraSecondsAtInput = {
  userId: string;
  target: AttemptTarget;
};

/**
 * The student's extra time on this target (decision 048): their accommodation on a timed one,
 * none on an untimed set. The start stores it on the attempt; the start screen shows it.
 */
export function extraSecondsAt(db: DbOrTx, { userId, target }: ExtraSecondsAtInput) {
  return isTimed(target)
    ? extraSecondsFor(db, { userId, timeLimitSeconds: target.timeLimitSeconds })
    : Promise.resolve(0);
}

export type LoadStartableInput = {
  ref: TargetRef;
  viewer: Pick<Viewer, "role" | "userId">;
  now: Date;
};

/**
 * The exam or quiz, if this viewer may start it and it has questions, with the number of
 * questions. Students see a quiz from its published day on; admins may open any quiz (to check
 * it before it goes out). The start and the read-only start screen both ask this.
 */
export async function loadStartable(db: Db, { ref, viewer, now }: LoadStartableInput) {
  const target = await loadTarget(db, ref);
  if (!target || isHiddenFrom(target, viewer, now)) {
    throw new AppError("NOT_FOUND", messagesOf(ref).notFound);
  }
  const questionCount = await countQuestionsOf(db, ref);
  if (!questionCount) throw new AppError("NOT_FOUND", messagesOf(ref).noQuestions);
  return { target, questionCount };
}

/** Loads an attempt the viewer may see: their own, or any for an admin. Others get 404. */
async function findVisibleAttempt(db: Db, viewer: Viewer, attemptId: string) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) throw notFound();
  if (attempt.userId !== viewer.userId && viewer.role !== "admin") throw notFound();
  return attempt;
}

export type GetAttemptInput = {
  viewer: Viewer;
  attemptId: string;
  now?: Date;
};

/** An open attempt of the viewer's own shows as a session; anything else as a review. */
export async function getAttempt(db: Db, { viewer, attemptId, now = new Date() }: GetAttemptInput) {
  let attempt = await findVisibleAttempt(db, viewer, attemptId);
  if (!attempt.completedAt && isPastGrace(attempt, now)) {
    attempt = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(examAttempts)
        .where(eq(examAttempts.id, attemptId))
        .for("update");
      if (!locked) throw notFound();
      return locked.completedAt ? locked : finalizeAttempt(tx, { attempt: locked, now });
    });
  }
  if (!attempt.completedAt && attempt.userId === viewer.userId)
    return buildSessionView(db, { attempt, known: { now } });
  return buildReviewView(db, { attempt, viewer, now });
}

export type SubmitAttemptInput = { userId: string; attemptId: string; now?: Date; role?: Role };

/** Grades and completes the attempt; a second call returns the same result (idempotent). */
export async function submitAttempt(db: Db, input: SubmitAttemptInput) {
  const now = input.now ?? new Date();
  const attempt = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, input.attemptId))
      .for("update");
    if (!locked || locked.userId !== input.userId) throw notFound();
    return locked.completedAt ? locked : finalizeAttempt(tx, { attempt: locked, now });
  });
  return buildReviewView(db, {
    attempt,
    viewer: { userId: input.userId, role: input.role ?? "student" },
    now,
  });
}
