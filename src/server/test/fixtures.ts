import type { OptionKey } from "../../shared/constants.ts";
import type { Db } from "../db/client.ts";
import { examCategories, exams, questions } from "../db/schema/exams.ts";
import { quizzes } from "../db/schema/quizzes.ts";
import { userSubscriptions } from "../db/schema/subscriptions.ts";
import { publicationDay } from "../lib/calendar.ts";

let sequence = 0;

/** A category and an exam with `count` questions whose answers cycle A, B, C, D. */
export async function createExamFixture(
  db: Db,
  options: {
    questionCount?: number;
    timeLimitSeconds?: number;
    passingMarks?: number;
    negative?: { marks: number; fraction: number };
    kind?: "mock" | "pyp" | "series" | "practice";
  } = {},
) {
  sequence += 1;
  const [category] = await db
    .insert(examCategories)
    .values({ name: `Category ${sequence} ${Math.random().toString(36).slice(2, 7)}` })
    .returning();
  if (!category) throw new Error("no category");
  const [exam] = await db
    .insert(exams)
    .values({
      title: `Exam ${sequence}`,
      categoryId: category.id,
      timeLimitSeconds: options.timeLimitSeconds ?? 600,
      passingMarks: options.passingMarks ?? 70,
      kind: options.kind ?? "mock",
      marksPerQuestion: options.negative ? String(options.negative.marks) : null,
      negativeMarkFraction: options.negative ? String(options.negative.fraction) : null,
    })
    .returning();
  if (!exam) throw new Error("no exam");
  const keys: OptionKey[] = ["A", "B", "C", "D"];
  const count = options.questionCount ?? 4;
  if (count === 0) return { category, exam, questions: [] };
  const rows = await db
    .insert(questions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        examId: exam.id,
        questionText: `Question ${i + 1} of exam ${sequence}?`,
        options: { A: "Option A", B: "Option B", C: "Option C", D: "Option D" },
        correctAnswer: keys[i % 4] as OptionKey,
        explanation: `Because ${keys[i % 4]}.`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning();
  return { category, exam, questions: rows };
}

/**
 * A quiz with `count` questions whose answers cycle A, B, C, D; with `hindi`, every question has
 * its Hindi version. Published today (India) unless told otherwise.
 */
export async function createQuizFixture(
  db: Db,
  options: {
    questionCount?: number;
    totalMarks?: number | null;
    durationMinutes?: number;
    isFree?: boolean;
    publishedOn?: string;
    hindi?: boolean;
    title?: string;
    createdAt?: Date;
  } = {},
) {
  sequence += 1;
  const [quiz] = await db
    .insert(quizzes)
    .values({
      title: options.title ?? `Quiz ${sequence}`,
      totalMarks: options.totalMarks === undefined ? 10 : options.totalMarks,
      durationMinutes: options.durationMinutes ?? 10,
      isFree: options.isFree ?? true,
      // India's day, as the student pages read "today" (lib/calendar.ts), not the database's.
      publishedOn: options.publishedOn ?? publicationDay(new Date()),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!quiz) throw new Error("no quiz");
  const keys: OptionKey[] = ["A", "B", "C", "D"];
  const count = options.questionCount ?? 4;
  if (count === 0) return { quiz, questions: [] };
  const rows = await db
    .insert(questions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        quizId: quiz.id,
        questionText: `Quiz question ${i + 1} of ${sequence}?`,
        options: { A: "Option A", B: "Option B", C: "Option C", D: "Option D" },
        correctAnswer: keys[i % 4] as OptionKey,
        explanation: `Because ${keys[i % 4]}.`,
        translations: options.hindi
          ? {
              hi: {
                questionText: `प्रश्न ${i + 1}?`,
                options: { A: "विकल्प क", B: "विकल्प ख", C: "विकल्प ग", D: "विकल्प घ" },
                explanation: `क्योंकि ${keys[i % 4]}.`,
              },
            }
          : {},
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning();
  return { quiz, questions: rows };
}

/**
 * An active 30-day subscription for `userId` (as a paid checkout leaves it), from now; of the plan
 * `planId` when given.
 */
export async function activateTestPlan(
  db: Db,
  userId: string,
  planName = "Test Plan",
  planId: string | null = null,
) {
  const [row] = await db
    .insert(userSubscriptions)
    .values({
      userId,
      status: "active",
      startDate: new Date(Date.now() - 60_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
      planName,
      planId,
      examLimit: null,
      attemptLimitPerExam: null,
    })
    .returning({ id: userSubscriptions.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}
