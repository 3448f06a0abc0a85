import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { AttemptKind } from "../../../shared/attempt-kinds.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import type { Viewer } from "../../lib/context.ts";
import { type AccessView, describeAccess } from "../entitlements/entitlement.ts";
import { attemptsAt, gatedContentOf } from "./attempt-target.ts";
import { extraSecondsAt, loadStartable } from "./attempts.service.ts";
import { KIND_MODULES, type TargetFor } from "./kinds/index.ts";
import { setSummary } from "./kinds/sets.ts";

type OverviewInput = { viewer: Pick<Viewer, "userId" | "role">; now?: Date };

/**
 * What a start screen shows, read only, for an exam or a quiz: the rules (no questions, no answer
 * key), the number of questions, whether the viewer's plan lets them start, and their open
 * attempt with the time it has left, and their last submitted one. It never creates, resumes or grades an attempt: a visit, a
 * reload or a link prefetch leaves the clock alone; only the start POST begins one. It refuses
 * exactly what the start would refuse as missing (unknown, unpublished quiz, no questions).
 */
async function readOverview<K extends AttemptKind>(
  db: Db,
  ref: { kind: K; id: string },
  input: OverviewInput,
) {
  const now = input.now ?? new Date();
  const startable = await loadStartable(db, { ref, viewer: input.viewer, now });
  const { questionCount } = startable;
  // The target `loadStartable` loaded by `ref`: of `ref`'s kind.
  const target = startable.target as TargetFor<K>;
  const gated = gatedContentOf(target);
  const [[open], [last], access, extraSeconds] = await Promise.all([
    db
      .select({
        id: examAttempts.id,
        deadlineAt: examAttempts.deadlineAt,
        attemptNumber: examAttempts.attemptNumber,
        extraSeconds: examAttempts.extraSeconds,
      })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, input.viewer.userId),
          attemptsAt(ref),
          isNull(examAttempts.completedAt),
        ),
      ),
    // The viewer's newest submitted attempt: reopening a submitted paper says so (and links it).
    db
      .select({
        id: examAttempts.id,
        score: examAttempts.score,
        completedAt: examAttempts.completedAt,
        attemptNumber: examAttempts.attemptNumber,
      })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, input.viewer.userId),
          attemptsAt(ref),
          isNotNull(examAttempts.completedAt),
        ),
      )
      .orderBy(desc(examAttempts.completedAt))
      .limit(1),
    gated
      ? describeAccess(db, { viewer: input.viewer, kind: gated.kind, items: [gated], now })
      : new Map<string, AccessView>(),
    extraSecondsAt(db, { userId: input.viewer.userId, target }),
  ]);
  const secondsLeft = open ? Math.floor((open.deadlineAt.getTime() - now.getTime()) / 1000) : 0;
  return {
    target,
    isFree: target.isFree,
    questionCount,
    access: access.get(target.id) ?? { locked: false, reason: null, attemptsLeft: null },
    // An attempt whose time is up is not offered for resuming: Start grades it and begins anew.
    openAttempt:
      open && secondsLeft > 0
        ? {
            id: open.id,
            deadlineAt: open.deadlineAt.toISOString(),
            secondsLeft,
            attemptNumber: open.attemptNumber,
            extraSeconds: open.extraSeconds,
          }
        : null,
    /** The extra time a start now would add to the time limit (the student's accommodation). */
    extraSeconds,
    /** The score is the stored one: a percent for an exam, marks for a quiz. */
    lastCompletedAttempt: last
      ? {
          id: last.id,
          score: Number(last.score ?? 0),
          completedAt: (last.completedAt ?? now).toISOString(),
          attemptNumber: last.attemptNumber,
        }
      : null,
    serverNow: now.toISOString(),
  };
}

export type GetExamOverviewInput = OverviewInput & { examId: string };

/** `GET /api/exams/:examId/overview`: the exam's start screen. */
export async function getExamOverview(db: Db, input: GetExamOverviewInput) {
  const { target, ...rest } = await readOverview(db, { kind: "exam", id: input.examId }, input);
  return { exam: KIND_MODULES.exam.overview(target).exam, ...rest };
}
export type ExamOverview = Awaited<ReturnType<typeof getExamOverview>>;

export type GetQuizOverviewInput = OverviewInput & { quizId: string };

/** `GET /api/quizzes/:quizId/overview`: the quiz's start screen (same rules as the exam's). */
export async function getQuizOverview(db: Db, input: GetQuizOverviewInput) {
  const { target, ...rest } = await readOverview(db, { kind: "quiz", id: input.quizId }, input);
  return { quiz: KIND_MODULES.quiz.overview(target).quiz, ...rest };
}
export type QuizOverview = Awaited<ReturnType<typeof getQuizOverview>>;

export type GetSetOverviewInput = OverviewInput & { kind: "practice" | "revision"; id: string };

/**
 * `GET /api/practice/:id/overview` and `GET /api/revision/:id/overview`: a set's start screen,
 * for its owner only (anyone else: 404, as for a set that does not exist).
 */
export async function getSetOverview(db: Db, input: GetSetOverviewInput) {
  const { target, ...rest } = await readOverview(db, { kind: input.kind, id: input.id }, input);
  return { set: setSummary(target), ...rest };
}
export type SetOverview = Awaited<ReturnType<typeof getSetOverview>>;

export type GetMainsOverviewInput = OverviewInput & { testId: string };

/**
 * `GET /api/mains-tests/:id/overview`: a Mains test's start screen (decision 063): the paper's
 * size and rules (no question yet), the window, and the student's attempt if they have one.
 */
export async function getMainsOverview(db: Db, input: GetMainsOverviewInput) {
  const { target, ...rest } = await readOverview(db, { kind: "mains", id: input.testId }, input);
  return { mains: KIND_MODULES.mains.overview(target).mains, ...rest };
}
export type MainsOverview = Awaited<ReturnType<typeof getMainsOverview>>;
