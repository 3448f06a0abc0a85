import { and, eq } from "drizzle-orm";
import type { Confidence } from "../../shared/confidence.ts";
import type { OptionKey } from "../../shared/constants.ts";
import type { Db } from "../db/client.ts";
import { studentAnswers } from "../db/schema/exams.ts";
import { startAttempt, submitAttempt } from "../modules/attempts/attempts.service.ts";
import { saveAnswers } from "../modules/attempts/save-answers.ts";

let seq = 1;

/**
 * Takes an exam (or quiz) through the engine's services at chosen instants: starts at `at`,
 * saves `choices` (one per question, null to leave it blank; undefined sends nothing), sets the
 * seconds spent per question as the client's running total would have, and submits `took`
 * seconds later. Returns the review the submit answers.
 */
export async function takeTarget(
  db: Db,
  input: {
    userId: string;
    target: { kind: "exam" | "quiz"; id: string };
    questions: { id: string }[];
    choices: (OptionKey | null | undefined)[];
    seconds?: number[];
    /** A confidence tag per question, saved with its choice. */
    confidence?: (Confidence | null)[];
    took: number;
    at: Date;
  },
) {
  const session = await startAttempt(db, {
    viewer: { userId: input.userId, role: "student" },
    target: input.target,
    now: input.at,
  });
  const attemptId = session.attempt.id;
  const answers = input.questions.flatMap((q, i) => {
    const choice = input.choices[i];
    return choice === undefined && !input.seconds?.[i]
      ? []
      : [
          {
            questionId: q.id,
            selectedAnswer: choice ?? null,
            markedForReview: false,
            confidence: input.confidence?.[i] ?? null,
            clientSeq: seq++,
          },
        ];
  });
  if (answers.length > 0) {
    await saveAnswers(db, { userId: input.userId, attemptId, body: { answers }, now: input.at });
  }
  for (const [i, q] of input.questions.entries()) {
    const seconds = input.seconds?.[i];
    if (!seconds) continue;
    await db
      .update(studentAnswers)
      .set({ timeSpentSeconds: seconds })
      .where(and(eq(studentAnswers.attemptId, attemptId), eq(studentAnswers.questionId, q.id)));
  }
  return submitAttempt(db, {
    userId: input.userId,
    attemptId,
    now: new Date(input.at.getTime() + input.took * 1000),
  });
}
