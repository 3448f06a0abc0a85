import type { OptionKey } from "../../shared/constants.ts";
import type { Db } from "../db/client.ts";
import { examCategories, exams, questions } from "../db/schema/exams.ts";

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
