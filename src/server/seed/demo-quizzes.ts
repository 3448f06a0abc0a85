import { eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.ts";
import { questions } from "../db/schema/exams.ts";
import { quizzes } from "../db/schema/quizzes.ts";
import type { FileStorage } from "../storage/storage.ts";
import { BILINGUAL_QUIZZES } from "./demo-quizzes-bilingual.ts";
import { ENGLISH_QUIZZES } from "./demo-quizzes-english.ts";
import { type DemoTagger, tagUntaggedDemoQuestions } from "./demo-taxonomy.ts";
import { buildSamplePdf } from "./sample-pdf.ts";

export const DEMO_QUIZZES = [...BILINGUAL_QUIZZES, ...ENGLISH_QUIZZES];

/** Demo quizzes and their tagged questions (idempotent: stable ids, ON CONFLICT DO NOTHING). */
export async function seedDemoQuizzes(
  db: DbOrTx,
  demoId: (key: string) => string,
  tagOf: DemoTagger,
) {
  await db
    .insert(quizzes)
    .values(
      DEMO_QUIZZES.map((quiz) => ({
        id: demoId(`quiz:${quiz.key}`),
        title: quiz.title,
        titleHi: quiz.titleHi,
        isFree: quiz.isFree,
        difficulty: quiz.difficulty,
        durationMinutes: quiz.durationMinutes,
        totalMarks: quiz.totalMarks,
        // Published relative to today in India, so the demo always has today's quiz.
        publishedOn: sql`(now() at time zone 'Asia/Kolkata')::date - ${quiz.daysAgo}::int`,
      })),
    )
    .onConflictDoNothing();
  const rows = DEMO_QUIZZES.flatMap((quiz) =>
    quiz.questions.map((question, i) => ({
      id: demoId(`quiz-question:${quiz.key}:${i}`),
      quizId: demoId(`quiz:${quiz.key}`),
      questionText: question.text,
      options: {
        A: question.options[0],
        B: question.options[1],
        C: question.options[2],
        D: question.options[3],
      },
      correctAnswer: question.answer,
      explanation: question.explanation,
      translations: question.hi
        ? {
            hi: {
              questionText: question.hi.text,
              options: {
                A: question.hi.options[0],
                B: question.hi.options[1],
                C: question.hi.options[2],
                D: question.hi.options[3],
              },
              explanation: question.hi.explanation,
            },
          }
        : {},
      ...tagOf(question.text),
      // Keep the authored order: questions are served oldest first.
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })),
  );
  await db.insert(questions).values(rows).onConflictDoUpdate(tagUntaggedDemoQuestions);
  return { quizzes: DEMO_QUIZZES.length, questions: rows.length };
}

/**
 * Gives the demo quizzes marked `hasPdf` a generated sample PDF, if they have none yet. It is
 * built from the explanations, so it is not marked answer-free: students get it after finishing.
 */
export async function seedDemoQuizPdfs(
  db: Db,
  storage: FileStorage,
  demoId: (key: string) => string,
) {
  for (const quiz of DEMO_QUIZZES.filter((q) => q.hasPdf)) {
    const id = demoId(`quiz:${quiz.key}`);
    const [row] = await db
      .select({ pdfKey: quizzes.pdfKey })
      .from(quizzes)
      .where(eq(quizzes.id, id));
    if (!row || row.pdfKey) continue;
    const key = `${id}/demo-notes.pdf`;
    const pdf = buildSamplePdf([
      quiz.title,
      "Revision notes for this quiz (demo).",
      ...quiz.questions.map((q, i) => `${i + 1}. ${q.explanation}`),
    ]);
    await storage.put("quiz_pdfs", key, pdf, "application/pdf");
    await db
      .update(quizzes)
      .set({ pdfKey: key, pdfHasNoAnswers: false })
      .where(sql`${quizzes.id} = ${id} and ${isNull(quizzes.pdfKey)}`);
  }
}
