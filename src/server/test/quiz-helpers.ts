import type { OptionKey } from "../../shared/constants.ts";
import type { Db } from "../db/client.ts";
import { startAttempt, submitAttempt } from "../modules/attempts/attempts.service.ts";
import { saveAnswers } from "../modules/attempts/save-answers.ts";

let seq = 1;

/**
 * Takes a quiz through the engine's services at chosen instants: starts at `at`, answers the
 * first `correct` questions right and the rest wrong, submits `seconds` later. Quiz fixtures
 * cycle their keys A, B, C, D.
 */
export async function takeQuiz(
  db: Db,
  input: {
    userId: string;
    quizId: string;
    questions: { id: string; correctAnswer: OptionKey }[];
    correct: number;
    seconds: number;
    at: Date;
  },
) {
  const viewer = { userId: input.userId, role: "student" as const };
  const session = await startAttempt(db, {
    viewer,
    target: { kind: "quiz", id: input.quizId },
    now: input.at,
  });
  const answers = input.questions.map((q, i) => ({
    questionId: q.id,
    selectedAnswer: i < input.correct ? q.correctAnswer : wrongFor(q.correctAnswer),
    markedForReview: false,
    clientSeq: seq++,
  }));
  await saveAnswers(db, {
    userId: input.userId,
    attemptId: session.attempt.id,
    body: { answers },
    now: input.at,
  });
  return submitAttempt(db, {
    userId: input.userId,
    attemptId: session.attempt.id,
    now: new Date(input.at.getTime() + input.seconds * 1000),
  });
}

function wrongFor(key: OptionKey): OptionKey {
  return key === "A" ? "B" : "A";
}
