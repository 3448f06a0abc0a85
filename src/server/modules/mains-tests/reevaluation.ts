import { and, eq, inArray, sql } from "drizzle-orm";
import { MAINS_RESULT_MESSAGES } from "../../../shared/mains-results-schemas.ts";
import { REEVALUATION_DAYS } from "../../../shared/mains-tests.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import { enqueueMessages } from "../notifications/outbox.ts";
import { recomputeResults, resultPath } from "./results.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last moment a student may ask for re-evaluation: 7 days after their results came out,
 * that is the test's publication, or the booklet's evaluation when it joined the results later.
 */
export function reevaluationEndsAt(resultsPublishedAt: Date, evaluatedAt: Date | null): Date {
  const from = Math.max(resultsPublishedAt.getTime(), evaluatedAt?.getTime() ?? 0);
  return new Date(from + REEVALUATION_DAYS * DAY_MS);
}

export type RequestReevaluationInput = {
  userId: string;
  testId: string;
  items: { testQuestionId: string; reason: string }[];
  now: Date;
};

/**
 * A student asks for re-evaluation of answers of their booklet (decision 063): once per booklet,
 * within 7 days of their results, only for answers that have marks, each with a reason. Keeps the
 * reason and the published marks, and adds a `reeval` marking per answer (waiting); the desk
 * gives it to a mentor who marked no other round of that answer. Every refusal writes nothing.
 */
export async function requestReevaluation(db: Db, input: RequestReevaluationInput) {
  const { userId, testId, items, now } = input;
  return db.transaction(async (tx) => {
    const [booklet] = await tx
      .select({
        id: mainsBooklets.id,
        rank: mainsBooklets.rank,
        evaluatedAt: mainsBooklets.evaluatedAt,
        requestedAt: mainsBooklets.reevaluationRequestedAt,
      })
      .from(mainsBooklets)
      .where(and(eq(mainsBooklets.testId, testId), eq(mainsBooklets.userId, userId)))
      .for("update");
    if (!booklet) throw new AppError("NOT_FOUND", MAINS_RESULT_MESSAGES.noBooklet);
    const [test] = await tx
      .select({ resultsPublishedAt: mainsTests.resultsPublishedAt })
      .from(mainsTests)
      .where(eq(mainsTests.id, testId));
    if (!test?.resultsPublishedAt) {
      throw new AppError("CONFLICT", MAINS_RESULT_MESSAGES.notPublished);
    }
    if (booklet.rank === null) throw new AppError("CONFLICT", MAINS_RESULT_MESSAGES.notRanked);
    if (booklet.requestedAt) {
      throw new AppError("CONFLICT", MAINS_RESULT_MESSAGES.reevaluationTwice);
    }
    if (now > reevaluationEndsAt(test.resultsPublishedAt, booklet.evaluatedAt)) {
      throw new AppError("CONFLICT", MAINS_RESULT_MESSAGES.reevaluationClosed);
    }
    const questionIds = items.map((item) => item.testQuestionId);
    const answers = await tx
      .select({
        id: mainsBookletAnswers.id,
        testQuestionId: mainsBookletAnswers.testQuestionId,
        marks: mainsBookletAnswers.marks,
      })
      .from(mainsBookletAnswers)
      .where(
        and(
          eq(mainsBookletAnswers.bookletId, booklet.id),
          inArray(mainsBookletAnswers.testQuestionId, questionIds),
          sql`${mainsBookletAnswers.marks} is not null`,
        ),
      );
    if (answers.length !== new Set(questionIds).size) {
      throw new AppError("VALIDATION_FAILED", MAINS_RESULT_MESSAGES.reevaluationUnanswered);
    }
    const answerOf = new Map(answers.map((answer) => [answer.testQuestionId, answer]));
    for (const item of items) {
      const answer = answerOf.get(item.testQuestionId);
      if (!answer) continue;
      await tx
        .update(mainsBookletAnswers)
        .set({
          reevaluationReason: item.reason,
          marksBeforeReevaluation: answer.marks,
          reevaluationOutcome: null,
          updatedAt: now,
        })
        .where(eq(mainsBookletAnswers.id, answer.id));
    }
    await tx
      .insert(mainsMarks)
      .values(
        answers.map((answer) => ({
          answerId: answer.id,
          bookletId: booklet.id,
          testId,
          testQuestionId: answer.testQuestionId,
          round: "reeval" as const,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(mainsBooklets)
      .set({ reevaluationRequestedAt: now, updatedAt: now })
      .where(eq(mainsBooklets.id, booklet.id));
    return { requestedAt: now.toISOString(), questions: answers.length };
  });
}

export type FinishReevaluationInput = { bookletId: string; testId: string; now: Date };

/**
 * After a marking of a booklet whose results are out: once every `reeval` marking of it is
 * marked, the test's marks and ranks are written again, each re-evaluated answer gets its
 * outcome (raised, unchanged, lowered against the marks it had when asked), and the student is
 * told (`mainsReevaluated`). Runs once: answers with an outcome are not looked at again.
 */
export async function finishReevaluation(tx: DbOrTx, input: FinishReevaluationInput) {
  const { bookletId, testId, now } = input;
  const [left] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where ${mainsMarks.status} <> 'marked')::int`,
    })
    .from(mainsMarks)
    .where(and(eq(mainsMarks.bookletId, bookletId), eq(mainsMarks.round, "reeval")));
  if (!left || left.all === 0 || left.open > 0) return false;
  const awaiting = and(
    eq(mainsBookletAnswers.bookletId, bookletId),
    sql`${mainsBookletAnswers.marksBeforeReevaluation} is not null`,
    sql`${mainsBookletAnswers.reevaluationOutcome} is null`,
  );
  const [open] = await tx
    .select({ id: mainsBookletAnswers.id })
    .from(mainsBookletAnswers)
    .where(awaiting)
    .limit(1);
  if (!open) return false;
  await recomputeResults(tx, { testId, now });
  await tx
    .update(mainsBookletAnswers)
    .set({
      reevaluationOutcome: sql`case
        when ${mainsBookletAnswers.marks} > ${mainsBookletAnswers.marksBeforeReevaluation} then 'raised'
        when ${mainsBookletAnswers.marks} < ${mainsBookletAnswers.marksBeforeReevaluation} then 'lowered'
        else 'unchanged' end`,
      updatedAt: now,
    })
    .where(awaiting);
  const [who] = await tx
    .select({ userId: mainsBooklets.userId, title: mainsTests.title, titleHi: mainsTests.titleHi })
    .from(mainsBooklets)
    .innerJoin(mainsTests, eq(mainsTests.id, mainsBooklets.testId))
    .where(eq(mainsBooklets.id, bookletId));
  if (who) {
    await enqueueMessages(tx, {
      messages: [
        {
          kind: "mainsReevaluated",
          userId: who.userId,
          ref: bookletId,
          payload: {
            title: who.title,
            ...(who.titleHi ? { titleHi: who.titleHi } : {}),
            url: resultPath(testId),
          },
        },
      ],
      now,
    });
  }
  return true;
}
