import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth.ts";
import { examAttempts, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import { takeQuiz } from "../../test/quiz-helpers.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";
import { startAttempt } from "../attempts/attempts.service.ts";

const { t } = setupTestApp();

const at = new Date("2026-03-10T06:00:00Z");
const DAY = 86_400_000;

type Counters = {
  questionCount: number;
  hindiQuestionCount: number;
  completedAttempts: number;
  rankedAttempts: number;
  days: Record<string, number>;
};

/** What the triggers keep, next to the same figures counted from the rows themselves. */
async function countersOf(quizId: string): Promise<{ kept: Counters; counted: Counters }> {
  const [kept] = await t.db
    .select({
      questionCount: quizzes.questionCount,
      hindiQuestionCount: quizzes.hindiQuestionCount,
      completedAttempts: quizzes.completedAttempts,
      rankedAttempts: quizzes.rankedAttempts,
    })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [keptDays, countedDays, [counted]] = await Promise.all([
    t.db
      .execute(sql`select day::text as day, completed from quiz_attempt_days
        where quiz_id = ${quizId} and completed <> 0`)
      .then((r) => rows<{ day: string; completed: number }>(r)),
    t.db
      .execute(sql`select (completed_at at time zone 'Asia/Kolkata')::date::text as day,
          count(*)::int as completed from exam_attempts
        where quiz_id = ${quizId} and completed_at is not null group by 1`)
      .then((r) => rows<{ day: string; completed: number }>(r)),
    t.db
      .execute(sql`select
          (select count(*)::int from questions where quiz_id = ${quizId}) as "questionCount",
          (select count(*)::int from questions where quiz_id = ${quizId} and translations ? 'hi')
            as "hindiQuestionCount",
          (select count(*)::int from exam_attempts where quiz_id = ${quizId}
            and completed_at is not null) as "completedAttempts",
          (select count(*)::int from exam_attempts where quiz_id = ${quizId} and is_ranked)
            as "rankedAttempts"`)
      .then((r) => rows<Omit<Counters, "days">>(r)),
  ]);
  const byDay = (list: { day: string; completed: number }[]) =>
    Object.fromEntries(list.map((d) => [d.day, Number(d.completed)]));
  if (!kept || !counted) throw new Error("quiz missing");
  return {
    kept: { ...kept, days: byDay(keptDays) },
    counted: { ...counted, days: byDay(countedDays) },
  };
}

async function expectExact(quizId: string, expected: Partial<Counters>) {
  const { kept, counted } = await countersOf(quizId);
  expect(kept).toEqual(counted);
  expect(kept).toMatchObject(expected);
}

describe("the quiz counters kept by triggers", () => {
  it("follow questions added one by one and in bulk, moved, translated and deleted", async () => {
    const { quiz, questions: made } = await createQuizFixture(t.db, {
      questionCount: 3,
      publishedOn: "2026-03-01",
    });
    const { quiz: other } = await createQuizFixture(t.db, { questionCount: 0, hindi: true });
    await expectExact(quiz.id, { questionCount: 3, hindiQuestionCount: 0 });
    await expectExact(other.id, { questionCount: 0 });

    const hindi = {
      hi: {
        questionText: "प्रश्न?",
        options: { A: "क", B: "ख", C: "ग", D: "घ" },
        explanation: null,
      },
    };
    const [first, second, third] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    // One statement changing several rows: two translated, one moved to the other quiz.
    await t.db.execute(sql`update questions
       set translations = case when id = ${third.id} then translations else ${JSON.stringify(hindi)}::jsonb end,
           quiz_id = case when id = ${third.id} then ${other.id}::uuid else quiz_id end
     where id in (${first.id}, ${second.id}, ${third.id})`);
    await expectExact(quiz.id, { questionCount: 2, hindiQuestionCount: 2 });
    await expectExact(other.id, { questionCount: 1, hindiQuestionCount: 0 });

    await t.db.delete(questions).where(eq(questions.id, first.id));
    await expectExact(quiz.id, { questionCount: 1, hindiQuestionCount: 1 });
  });

  it("follow attempts completed by submit and by the sweeper, removed users and their days", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, {
      questionCount: 2,
      publishedOn: "2026-03-01",
    });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => t.createUser("student")));
    if (!a || !b || !c) throw new Error("users");
    const take = (userId: string, daysAgo: number) =>
      takeQuiz(t.db, {
        userId,
        quizId: quiz.id,
        questions: qs,
        correct: 1,
        seconds: 30,
        at: new Date(at.getTime() - daysAgo * DAY),
      });
    await take(a.id, 0);
    await take(a.id, 0); // a second try: completed, not ranked
    await take(b.id, 3);
    // An open attempt counts nowhere until the sweeper completes it.
    await startAttempt(t.db, {
      viewer: { userId: c.id, role: "student" },
      target: { kind: "quiz", id: quiz.id },
      now: new Date(at.getTime() - 9 * DAY),
    });
    await expectExact(quiz.id, { completedAttempts: 3, rankedAttempts: 2 });
    expect(await finalizeExpiredAttempts(t.db, { now: at })).toBeGreaterThanOrEqual(1);
    await expectExact(quiz.id, { completedAttempts: 4, rankedAttempts: 3 });
    const { kept } = await countersOf(quiz.id);
    expect(Object.values(kept.days).sort()).toEqual([1, 1, 2]);

    // Removing a student removes their attempts (cascade) and their part of every counter.
    await t.db.delete(user).where(eq(user.id, a.id));
    await expectExact(quiz.id, { completedAttempts: 2, rankedAttempts: 2 });
    expect(await t.db.$count(examAttempts, eq(examAttempts.quizId, quiz.id))).toBe(2);
  });

  it("stay exact when many students submit the same quiz at once", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, {
      questionCount: 2,
      publishedOn: "2026-03-01",
    });
    const students = await Promise.all(Array.from({ length: 8 }, () => t.createUser("student")));
    await Promise.all(
      students.map((s, i) =>
        takeQuiz(t.db, {
          userId: s.id,
          quizId: quiz.id,
          questions: qs,
          correct: i % 3,
          seconds: 20 + i,
          at,
        }),
      ),
    );
    await expectExact(quiz.id, { completedAttempts: 8, rankedAttempts: 8 });
  });

  it("go with a deleted quiz, its attempts and their days", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, {
      questionCount: 2,
      publishedOn: "2026-03-01",
    });
    const student = await t.createUser("student");
    await takeQuiz(t.db, {
      userId: student.id,
      quizId: quiz.id,
      questions: qs,
      correct: 2,
      seconds: 30,
      at,
    });
    await expectExact(quiz.id, { completedAttempts: 1 });
    await t.db.delete(quizzes).where(eq(quizzes.id, quiz.id));
    const left = await t.db.execute(
      sql`select count(*)::int as n from quiz_attempt_days where quiz_id = ${quiz.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
