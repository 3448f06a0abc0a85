import { and, eq } from "drizzle-orm";
import { QUIZ_MESSAGES } from "../../../shared/quiz-constants.ts";
import { QUIZ_PDF_MESSAGES } from "../../../shared/quizzes.ts";
import type { Db } from "../../db/client.ts";
import { questions } from "../../db/schema/exams.ts";
import { userSavedQuizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { anyKeyHeld } from "../answer-keys/key-gate.ts";
import { assertCanStart } from "../entitlements/entitlement.ts";
import { findVisibleQuiz } from "./quiz-list.service.ts";
import { mayOpenQuizPdf } from "./quiz-visibility.ts";

const notFound = () => new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);

export type SetBookmarkInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  quizId: string;
  saved: boolean;
};

/**
 * Saves or unsaves a quiz for the viewer (idempotent both ways). Bookmarks are the viewer's own
 * rows, keyed by their user id from the session: no request can touch another student's.
 */
export async function setBookmark(db: Db, input: SetBookmarkInput) {
  const quiz = await findVisibleQuiz(db, { viewer: input.viewer, quizId: input.quizId });
  if (!quiz) throw notFound();
  if (input.saved) {
    await db
      .insert(userSavedQuizzes)
      .values({ userId: input.viewer.userId, quizId: quiz.id })
      .onConflictDoNothing();
  } else {
    await db
      .delete(userSavedQuizzes)
      .where(
        and(eq(userSavedQuizzes.userId, input.viewer.userId), eq(userSavedQuizzes.quizId, quiz.id)),
      );
  }
  return { quizId: quiz.id, isSaved: input.saved };
}

export type GetQuizPdfInput = {
  storage: FileStorage;
  viewer: Pick<Viewer, "userId" | "role">;
  quizId: string;
};

/**
 * The quiz's PDF for a viewer who may see the quiz; a premium quiz's PDF needs the same
 * entitlement as starting it (the one entitlement function). Unless the admin marked it as holding
 * no answers, a PDF is treated like the answer key: a student gets it only after completing an
 * attempt on the quiz (decision 030).
 */
export async function getQuizPdf(db: Db, { storage, ...input }: GetQuizPdfInput) {
  const quiz = await findVisibleQuiz(db, { viewer: input.viewer, quizId: input.quizId });
  if (!quiz?.pdfKey) throw new AppError("NOT_FOUND", "This quiz has no PDF.");
  await assertCanStart(db, {
    viewer: input.viewer,
    content: { kind: "quiz", id: quiz.id, isFree: quiz.isFree },
  });
  if (!(await canOpenQuizPdf(db, input.viewer, quiz))) {
    throw new AppError("FORBIDDEN", QUIZ_PDF_MESSAGES.afterAttemptRefused);
  }
  const file = await storage.get("quiz_pdfs", quiz.pdfKey);
  if (!file) throw new AppError("NOT_FOUND", "This quiz has no PDF.");
  return { file, fileName: `${quiz.title.replace(/[^A-Za-z0-9 _-]/g, "").trim() || "quiz"}.pdf` };
}

/**
 * Admins always; a student when the PDF holds no answers, or when the answer-keys gate lets them
 * see every key of the quiz (decision 060): after a completed attempt, and not while a retake or
 * another open attempt holds one of its questions.
 */
async function canOpenQuizPdf(
  db: Db,
  viewer: Pick<Viewer, "userId" | "role">,
  quiz: { id: string; pdfHasNoAnswers: boolean },
) {
  if (mayOpenQuizPdf(viewer.role, quiz, false)) return true;
  const ids = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.quizId, quiz.id));
  const held = await anyKeyHeld(db, { viewer, questionIds: ids.map((q) => q.id), now: new Date() });
  return ids.length > 0 && held === null;
}
