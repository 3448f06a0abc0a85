import { asc, eq } from "drizzle-orm";
import { partMaximum } from "../../../shared/evaluation.ts";
import type { DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { type answerCopies, answerCopyFiles, mainsQuestions } from "../../db/schema/evaluation.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";

type CopyRow = typeof answerCopies.$inferSelect;

/** The URL a copy's file is served at, to those allowed to read it (never /storage). */
export function copyFileUrl(fileId: string) {
  return `/api/answer-copies/files/${fileId}`;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export type CopyViewInput = {
  copy: CopyRow;
  options: { audience: "student" | "mentor" | "admin"; now: Date };
};

/**
 * A copy as its student, its mentor or an admin sees it: the question, the pages in order (a
 * PDF's pages one by one), the timeline and, once evaluated (for the student) or always (for the
 * mentor and admins), the evaluation and the model answer.
 */
export async function copyView(db: DbOrTx, { copy, options }: CopyViewInput) {
  const [[question], files, [mentor]] = await Promise.all([
    db
      .select({
        id: mainsQuestions.id,
        paper: mainsQuestions.paper,
        subjectName: subjects.name,
        topicName: topics.name,
        questionText: mainsQuestions.questionText,
        questionTextHi: mainsQuestions.questionTextHi,
        directive: mainsQuestions.directive,
        wordLimit: mainsQuestions.wordLimit,
        marks: mainsQuestions.marks,
        publishDate: mainsQuestions.publishDate,
        modelAnswer: mainsQuestions.modelAnswer,
        modelAnswerHi: mainsQuestions.modelAnswerHi,
      })
      .from(mainsQuestions)
      .leftJoin(subjects, eq(subjects.id, mainsQuestions.subjectId))
      .leftJoin(topics, eq(topics.id, mainsQuestions.topicId))
      .where(eq(mainsQuestions.id, copy.questionId)),
    db
      .select()
      .from(answerCopyFiles)
      .where(eq(answerCopyFiles.copyId, copy.id))
      .orderBy(
        asc(answerCopyFiles.position),
        asc(answerCopyFiles.createdAt),
        asc(answerCopyFiles.id),
      ),
    (copy.evaluatedBy ?? copy.claimedBy)
      ? db
          .select({ name: user.name })
          .from(user)
          .where(eq(user.id, (copy.evaluatedBy ?? copy.claimedBy) as string))
      : Promise.resolve([]),
  ]);
  if (!question) throw new Error("a copy without its question");
  const evaluated = copy.status === "evaluated";
  const showEvaluation = evaluated || options.audience !== "student";
  type Page = {
    fileId: string;
    url: string;
    contentType: string;
    pdfPage: number | null;
    rotation: number;
  };
  const pages = files.flatMap((file): Page[] =>
    file.pdfPages === null
      ? [
          {
            fileId: file.id,
            url: copyFileUrl(file.id),
            contentType: file.contentType,
            pdfPage: null,
            rotation: file.rotation,
          },
        ]
      : Array.from({ length: file.pdfPages }, (_, i) => ({
          fileId: file.id,
          url: copyFileUrl(file.id),
          contentType: file.contentType,
          pdfPage: i + 1,
          rotation: file.rotation,
        })),
  );
  const { modelAnswer, modelAnswerHi, ...questionFields } = question;
  const claimHeld =
    copy.status === "claimed" && copy.claimExpiresAt !== null && copy.claimExpiresAt > options.now;
  const rubric = copy.rubric ?? [];
  return {
    id: copy.id,
    question: questionFields,
    stage: (copy.status === "claimed"
      ? claimHeld
        ? "in_evaluation"
        : "submitted"
      : copy.status) as "draft" | "submitted" | "in_evaluation" | "evaluated",
    format: copy.format,
    typedAnswer: copy.typedAnswer,
    wordCount: copy.wordCount,
    pageCount: copy.pageCount,
    files: files.map((f) => ({
      id: f.id,
      url: copyFileUrl(f.id),
      contentType: f.contentType,
      bytes: f.bytes,
      pdfPages: f.pdfPages,
      rotation: f.rotation,
    })),
    pages,
    timeline: {
      submittedAt: iso(copy.submittedAt),
      dueAt: iso(copy.dueAt),
      claimedAt: claimHeld || evaluated ? iso(copy.claimedAt) : null,
      evaluatedAt: iso(copy.evaluatedAt),
    },
    mentorName: claimHeld || evaluated ? (mentor?.name ?? null) : null,
    claim:
      options.audience === "student"
        ? null
        : { claimedBy: copy.claimedBy, expiresAt: iso(copy.claimExpiresAt), held: claimHeld },
    evaluation: showEvaluation
      ? {
          rubric: rubric.map((part, i) => ({
            name: part.name,
            weight: part.weight,
            max: partMaximum(part.weight, question.marks),
            marks: copy.partMarks?.[i] ?? null,
          })),
          marks: copy.marks === null ? null : Number(copy.marks),
          outOf: question.marks,
          comment: copy.comment ?? "",
          annotations: copy.annotations ?? [],
        }
      : null,
    modelAnswer: showEvaluation ? { text: modelAnswer, textHi: modelAnswerHi } : null,
    rating: copy.rating,
    followUp: copy.followUpQuestion
      ? {
          question: copy.followUpQuestion,
          askedAt: iso(copy.followUpAskedAt),
          answer: copy.followUpAnswer,
          answeredAt: iso(copy.followUpAnsweredAt),
        }
      : null,
  };
}
export type CopyView = Awaited<ReturnType<typeof copyView>>;
