import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exams, questions } from "../db/schema/exams.ts";
import { subjects, topics } from "../db/schema/taxonomy.ts";
import { setupTestApp } from "../test/test-app.ts";
import { demoId, seedDemo } from "./demo.ts";
import { DEMO_TAXONOMY } from "./demo-tags.ts";

const { t } = setupTestApp();

const SUBJECTS = [
  "Polity",
  "History",
  "Geography",
  "Economy",
  "Environment",
  "Science and Technology",
  "Current Affairs",
  "CSAT Quantitative",
  "CSAT Reasoning",
  "CSAT Comprehension",
];

describe("demo taxonomy", () => {
  it("tags every demo question, spans several subjects in the first mock, and stays idempotent", async () => {
    // An install seeded before the taxonomy: one demo question already stored without tags,
    // another tagged by an admin since.
    await seedDemo(t.db);
    const untaggedId = demoId("question:mock-1:0");
    const adminTaggedId = demoId("question:mock-1:1");
    await t.db
      .update(questions)
      .set({ subjectId: null, topicId: null, difficulty: null, pyqYear: null })
      .where(eq(questions.id, untaggedId));
    await t.db
      .update(questions)
      .set({ subjectId: null, topicId: null, difficulty: "hard" })
      .where(eq(questions.id, adminTaggedId));
    const counts = async () => ({
      subjects: (await t.db.select().from(subjects)).length,
      topics: (await t.db.select().from(topics)).length,
      questions: (await t.db.select({ id: questions.id }).from(questions)).length,
    });
    const before = await counts();
    await seedDemo(t.db);
    expect(await counts()).toEqual(before);

    const names = await t.db
      .select({ name: subjects.name })
      .from(subjects)
      .orderBy(subjects.sortOrder);
    expect(names.map((s) => s.name)).toEqual(SUBJECTS);
    expect(DEMO_TAXONOMY.map((s) => s.subject)).toEqual(SUBJECTS);
    const polityTopics = await t.db
      .select({ name: topics.name })
      .from(topics)
      .innerJoin(subjects, eq(subjects.id, topics.subjectId))
      .where(eq(subjects.name, "Polity"));
    expect(polityTopics.map((tp) => tp.name)).toEqual(
      expect.arrayContaining(["Fundamental Rights", "Parliament", "Judiciary"]),
    );

    const untagged = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(
        or(isNull(questions.subjectId), isNull(questions.topicId), isNull(questions.difficulty)),
      );
    // Only the admin's choice is kept; the question stored untagged got its tags.
    expect(untagged.map((q) => q.id)).toEqual([adminTaggedId]);

    const mock = await t.db
      .select({ subject: subjects.name })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId))
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(eq(exams.title, "UPSC Prelims Mock Test 1: GS Paper I"));
    expect(new Set(mock.map((q) => q.subject)).size).toBeGreaterThanOrEqual(4);

    // The previous-year pattern papers' questions carry the paper's year; no other question does.
    const years = await t.db
      .select({ title: exams.title, year: exams.year, pyqYear: questions.pyqYear })
      .from(questions)
      .innerJoin(exams, eq(exams.id, questions.examId));
    for (const row of years) {
      expect([row.title, row.pyqYear]).toEqual([
        row.title,
        row.title.startsWith("Prelims 20") ? row.year : null,
      ]);
    }
    const quizYears = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(isNotNull(questions.quizId), isNotNull(questions.pyqYear)));
    expect(quizYears[0]?.n).toBe(0);
  });
});
