import { and, count, eq, isNull } from "drizzle-orm";
import { EXAM_MESSAGES } from "../../../shared/exams.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, questions } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { describeAccess } from "../entitlements/entitlement.ts";
import { loadTarget, questionsOf, summaryOf, type TargetRef } from "./attempt-target.ts";

/**
 * What the exam's start screen shows, read only: the rules (no questions, no answer key), the
 * number of questions, whether the viewer's plan lets them start, and their open attempt with the
 * time it has left. It never creates, resumes or grades an attempt: a visit, a reload or a link
 * prefetch leaves the clock alone; only `POST /api/exams/:examId/attempts` starts one.
 */
export async function getExamOverview(
  db: Db,
  input: { viewer: Pick<Viewer, "userId" | "role">; examId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const ref: TargetRef = { kind: "exam", id: input.examId };
  const target = await loadTarget(db, ref);
  const [questionTotal] = target
    ? await db.select({ n: count() }).from(questions).where(questionsOf(ref))
    : [];
  if (target?.kind !== "exam" || !questionTotal?.n) {
    throw new AppError("NOT_FOUND", EXAM_MESSAGES.examLoadFailed);
  }
  const [[open], access] = await Promise.all([
    db
      .select({ id: examAttempts.id, deadlineAt: examAttempts.deadlineAt })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, input.viewer.userId),
          eq(examAttempts.examId, ref.id),
          isNull(examAttempts.completedAt),
        ),
      ),
    describeAccess(db, input.viewer, "exam", [{ id: target.id, isFree: target.isFree }], now),
  ]);
  const secondsLeft = open ? Math.floor((open.deadlineAt.getTime() - now.getTime()) / 1000) : 0;
  const summary = summaryOf(target);
  if (summary.kind !== "exam") throw new AppError("NOT_FOUND", EXAM_MESSAGES.examLoadFailed);
  return {
    exam: summary.exam,
    isFree: target.isFree,
    questionCount: questionTotal.n,
    access: access.get(target.id) ?? { locked: false, reason: null, attemptsLeft: null },
    // An attempt whose time is up is not offered for resuming: Start grades it and begins anew.
    openAttempt:
      open && secondsLeft > 0
        ? { id: open.id, deadlineAt: open.deadlineAt.toISOString(), secondsLeft }
        : null,
    serverNow: now.toISOString(),
  };
}
export type ExamOverview = Awaited<ReturnType<typeof getExamOverview>>;
