import { eq } from "drizzle-orm";
import { DISCUSSION_MESSAGES } from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { keyHolds } from "../answer-keys/key-gate.ts";
import { type DiscussionViewer, isModerator } from "./discussion-access.ts";

export type GetDiscussionQuestionInput = {
  viewer: DiscussionViewer;
  questionId: string;
  now: Date;
};

/**
 * The question above its discussion page (/questions/:id/discussion, where a notification leads):
 * its text, options, key and explanation in each language. The answer-keys gate decides, as for
 * the discussion: a student for whom the key is held gets a 404 and nothing of the question;
 * mentors and admins, who moderate every discussion, always read it.
 */
export async function getDiscussionQuestion(
  db: DbOrTx,
  { viewer, questionId, now }: GetDiscussionQuestionInput,
) {
  const notFound = new AppError("NOT_FOUND", DISCUSSION_MESSAGES.notFound);
  if (!isModerator(viewer.role)) {
    const holds = await keyHolds(db, { viewer, questionIds: [questionId], now });
    if (holds.has(questionId)) throw notFound;
  }
  const [row] = await db
    .select({
      id: questions.id,
      questionText: questions.questionText,
      options: questions.options,
      correctAnswer: questions.correctAnswer,
      alsoAccepted: questions.alsoAccepted,
      droppedAs: questions.droppedAs,
      explanation: questions.explanation,
      translations: questions.translations,
      examTitle: exams.title,
      quizTitle: quizzes.title,
      quizTitleHi: quizzes.titleHi,
    })
    .from(questions)
    .leftJoin(exams, eq(exams.id, questions.examId))
    .leftJoin(quizzes, eq(quizzes.id, questions.quizId))
    .where(eq(questions.id, questionId));
  // keyHolds leaves unknown ids out: a question that does not exist is a 404 here.
  if (!row) throw notFound;
  const { examTitle, quizTitle, quizTitleHi, ...question } = row;
  return {
    ...question,
    source: { title: examTitle ?? quizTitle ?? null, titleHi: examTitle ? null : quizTitleHi },
  };
}
