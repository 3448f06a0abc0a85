import { eq, inArray, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import type { QuestionTextFixValues } from "../../../shared/question-report-schemas.ts";
import type { DropRule } from "../../../shared/question-reports.ts";
import type { QuestionTranslation } from "../../../shared/question-translations.ts";
import type { DbOrTx } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { keyHolds } from "../answer-keys/key-gate.ts";

/**
 * The one file of the module that reads a reported question's key and explanation, and the one
 * that writes its words (decision 064). Reads go through the answer-keys gate: a student never
 * gets a held question here (the reports' routes answer 404 for it), an admin gets everything.
 */

export type ReportedQuestionsInput = {
  viewer: { userId: string; role: Role };
  questionIds: readonly string[];
  now: Date;
};

/** A reported question as the queue shows it: its words, its key, its paper and the rule. */
export type ReportedQuestion = {
  id: string;
  /** Its place in its paper (1-based, in the paper's order). */
  number: number;
  questionText: string;
  options: Record<"A" | "B" | "C" | "D", string>;
  correctAnswer: "A" | "B" | "C" | "D";
  alsoAccepted: ("A" | "B" | "C" | "D")[];
  droppedAs: DropRule | null;
  explanation: string | null;
  hi: QuestionTranslation | null;
  paper: { id: string; title: string; titleHi: string | null; dropRule: DropRule };
};

/**
 * The questions (with their papers) that this viewer may reach: an unknown id, and for a
 * student a question the gate holds, is left out of the map.
 */
export async function reportedQuestions(
  db: DbOrTx,
  { viewer, questionIds, now }: ReportedQuestionsInput,
): Promise<Map<string, ReportedQuestion>> {
  const ids = [...new Set(questionIds)];
  const found = new Map<string, ReportedQuestion>();
  if (ids.length === 0) return found;
  const [rows, holds] = await Promise.all([
    db
      .select({
        id: questions.id,
        // Along questions_{exam,quiz}_id_created_at_idx: the paper's questions up to this one.
        number: sql<number>`case when ${questions.examId} is not null
          then (select count(*)::int from ${questions} q2 where q2.exam_id = ${questions.examId}
                   and (q2.created_at, q2.id) <= (${questions.createdAt}, ${questions.id}))
          else (select count(*)::int from ${questions} q2 where q2.quiz_id = ${questions.quizId}
                   and (q2.created_at, q2.id) <= (${questions.createdAt}, ${questions.id})) end`,
        questionText: questions.questionText,
        options: questions.options,
        correctAnswer: questions.correctAnswer,
        alsoAccepted: questions.alsoAccepted,
        droppedAs: questions.droppedAs,
        explanation: questions.explanation,
        translations: questions.translations,
        paperId: sql<string>`coalesce(${questions.examId}, ${questions.quizId})`,
        paperTitle: sql<string>`coalesce(${exams.title}, ${quizzes.title})`,
        paperTitleHi: quizzes.titleHi,
        dropRule: sql<DropRule>`coalesce(${exams.dropRule}, ${quizzes.dropRule})`,
      })
      .from(questions)
      .leftJoin(exams, eq(exams.id, questions.examId))
      .leftJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(inArray(questions.id, ids)),
    keyHolds(db, { viewer, questionIds: ids, now }),
  ]);
  for (const row of rows) {
    if (holds.has(row.id)) continue;
    found.set(row.id, {
      id: row.id,
      number: Number(row.number),
      questionText: row.questionText,
      options: row.options,
      correctAnswer: row.correctAnswer,
      alsoAccepted: row.alsoAccepted,
      droppedAs: row.droppedAs,
      explanation: row.explanation,
      hi: row.translations.hi ?? null,
      paper: {
        id: row.paperId,
        title: row.paperTitle,
        titleHi: row.paperTitleHi,
        dropRule: row.dropRule,
      },
    });
  }
  return found;
}

export type FixQuestionWordsInput = { questionId: string; fix: QuestionTextFixValues };

/**
 * An admin's correction of a question's words (English, and Hindi or none), in the caller's
 * transaction; the key is not touched (a key change is `applyKeyChange`).
 */
export async function fixQuestionWords(
  tx: DbOrTx,
  { questionId, fix }: FixQuestionWordsInput,
): Promise<void> {
  await tx
    .update(questions)
    .set({
      questionText: fix.questionText,
      options: fix.options,
      explanation: fix.explanation,
      translations: fix.hi ? { hi: fix.hi } : {},
    })
    .where(eq(questions.id, questionId));
}
