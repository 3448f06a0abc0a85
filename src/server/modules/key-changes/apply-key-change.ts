import { eq, sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import { type DropRule, KEY_CHANGE_MESSAGES } from "../../../shared/question-reports.ts";
import type { DbOrTx } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { keyChanges } from "../../db/schema/question-reports.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";

export type KeyChangeRequest =
  /** The key becomes `answers[0]`, with the others also accepted (one option, or several). */
  | { kind: "key"; answers: OptionKey[] }
  /** The question is dropped under its paper's rule (everyone gets its marks, or it leaves the total). */
  | { kind: "drop" };

export type ApplyKeyChangeInput = {
  questionId: string;
  change: KeyChangeRequest;
  reason: string;
  reasonHi?: string | null;
  actorId: string;
  now: Date;
};

export type AppliedKeyChange = {
  id: string;
  questionId: string;
  examId: string | null;
  quizId: string | null;
  kind: "key" | "drop";
  oldAnswers: OptionKey[];
  newAnswers: OptionKey[];
  dropRule: DropRule | null;
};

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * Changes a question's key or drops it (decision 064), in the caller's transaction: the question
 * row (locked first), then one `key_changes` row, which the regrade worker picks up after the
 * commit (`runKeyChangeRegrades`). A key already so, or a question already dropped, is refused
 * (409) and changes nothing. Grading from now on reads the new key at once; attempts already
 * completed are graded again by the worker.
 */
export async function applyKeyChange(
  tx: DbOrTx,
  { questionId, change, reason, reasonHi, actorId, now }: ApplyKeyChangeInput,
): Promise<AppliedKeyChange> {
  const [question] = await tx
    .select({
      id: questions.id,
      examId: questions.examId,
      quizId: questions.quizId,
      correctAnswer: questions.correctAnswer,
      alsoAccepted: questions.alsoAccepted,
      droppedAs: questions.droppedAs,
    })
    .from(questions)
    .where(eq(questions.id, questionId))
    .for("update");
  if (!question) throw new AppError("NOT_FOUND", KEY_CHANGE_MESSAGES.questionNotFound);
  if (question.droppedAs) {
    throw new AppError(
      "CONFLICT",
      change.kind === "drop" ? KEY_CHANGE_MESSAGES.alreadyDropped : KEY_CHANGE_MESSAGES.dropped,
    );
  }
  const oldAnswers = [question.correctAnswer, ...question.alsoAccepted];

  let newAnswers: OptionKey[] = oldAnswers;
  let dropRule: DropRule | null = null;
  if (change.kind === "key") {
    newAnswers = [...new Set(change.answers)];
    const [key, ...also] = newAnswers;
    if (!key || (key === question.correctAnswer && sameSet(also, question.alsoAccepted))) {
      throw new AppError("CONFLICT", KEY_CHANGE_MESSAGES.sameKey);
    }
    await tx
      .update(questions)
      .set({ correctAnswer: key, alsoAccepted: also })
      .where(eq(questions.id, questionId));
  } else {
    dropRule = await paperDropRule(tx, question);
    await tx.update(questions).set({ droppedAs: dropRule }).where(eq(questions.id, questionId));
  }

  const [row] = await tx
    .insert(keyChanges)
    .values({
      questionId,
      examId: question.examId,
      quizId: question.quizId,
      kind: change.kind,
      oldAnswers,
      newAnswers,
      dropRule,
      reason,
      reasonHi: reasonHi ?? null,
      createdBy: actorId,
      createdAt: now,
    })
    .returning({ id: keyChanges.id });
  if (!row) throw new Error("key change not recorded");
  return {
    id: row.id,
    questionId,
    examId: question.examId,
    quizId: question.quizId,
    kind: change.kind,
    oldAnswers,
    newAnswers,
    dropRule,
  };
}

/** The drop rule of the question's paper (its exam or quiz). */
async function paperDropRule(
  tx: DbOrTx,
  question: { examId: string | null; quizId: string | null },
): Promise<DropRule> {
  const [paper] = question.examId
    ? await tx.select({ rule: exams.dropRule }).from(exams).where(eq(exams.id, question.examId))
    : await tx
        .select({ rule: quizzes.dropRule })
        .from(quizzes)
        .where(sql`${quizzes.id} = ${question.quizId}`);
  if (!paper) throw new AppError("NOT_FOUND", KEY_CHANGE_MESSAGES.paperNotFound);
  return paper.rule;
}
