import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  examAttempts,
  exams,
  questionScoreStats,
  questionSetItems,
  questionSets,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

let n = 0;
/** A subject with two topics, and an exam whose questions are tagged with them. */
async function taggedBank(options: { premium?: boolean; pyqYear?: number | null } = {}) {
  n += 1;
  const [subject] = await t.db
    .insert(subjects)
    .values({ name: `Subject ${n} ${Math.random().toString(36).slice(2, 6)}` })
    .returning();
  if (!subject) throw new Error("no subject");
  const [first, second] = await t.db
    .insert(topics)
    .values([
      { subjectId: subject.id, name: "First" },
      { subjectId: subject.id, name: "Second" },
    ])
    .returning();
  if (!first || !second) throw new Error("no topics");
  const fixture = await createExamFixture(t.db, { questionCount: 8 });
  if (options.premium)
    await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, fixture.exam.id));
  for (const [i, q] of fixture.questions.entries()) {
    await t.db
      .update(questions)
      .set({
        subjectId: subject.id,
        topicId: i < 5 ? first.id : second.id,
        difficulty: i % 2 === 0 ? "easy" : "hard",
        pyqYear: options.pyqYear === undefined ? null : options.pyqYear,
      })
      .where(eq(questions.id, q.id));
  }
  return { subject, first, second, ...fixture };
}

const build = (body: unknown, user: TestUser = student) =>
  t.request("/api/practice", { cookie: user.cookie, body });

async function setsOf(userId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(questionSets)
    .where(eq(questionSets.userId, userId));
  return row?.n ?? 0;
}

async function itemsOf(setId: string) {
  return t.db
    .select({ questionId: questionSetItems.questionId })
    .from(questionSetItems)
    .where(eq(questionSetItems.setId, setId));
}

describe("building a practice test", () => {
  it("draws only the chosen topic's questions and runs them on the engine with no key before submit", async () => {
    const bank = await taggedBank();
    const response = await build({
      subjectIds: [bank.subject.id],
      topicIds: [bank.first.id],
      questionCount: 5,
      negativeMarking: true,
    });
    expect(response.status).toBe(201);
    const built = await response.json();
    expect(built).toMatchObject({ questionCount: 5, asked: 5, leftOutPremium: 0 });
    const drawn = (await itemsOf(built.id)).map((i) => i.questionId).sort();
    expect(drawn).toEqual(
      bank.questions
        .slice(0, 5)
        .map((q) => q.id)
        .sort(),
    );

    const overview = await t.request(`/api/practice/${built.id}/overview`, {
      cookie: student.cookie,
    });
    expect(overview.status).toBe(200);
    const screen = await overview.json();
    expect(screen.set).toMatchObject({
      timed: true,
      questionCount: 5,
      marksPerQuestion: 2,
      timeLimitSeconds: 360,
    });
    expect(screen.questionCount).toBe(5);

    const started = await t.request(`/api/practice/${built.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(started.status).toBe(200);
    const session = await started.json();
    expect(session.kind).toBe("practice");
    expect(session.questions).toHaveLength(5);
    const text = JSON.stringify(session);
    expect(text).not.toMatch(/correctAnswer|explanation|isCorrect/);

    // Two right (2 marks each), one wrong (−2/3), two skipped: 3.33 of 10 marks.
    const byId = new Map(bank.questions.map((q) => [q.id, q]));
    const answers = session.questions.slice(0, 3).map((q: { id: string }, i: number) => {
      const key = byId.get(q.id)?.correctAnswer ?? "A";
      const wrong = key === "A" ? "B" : "A";
      return {
        questionId: q.id,
        selectedAnswer: i < 2 ? key : wrong,
        markedForReview: false,
        clientSeq: i + 1,
      };
    });
    const saved = await t.request(`/api/attempts/${session.attempt.id}/answers`, {
      cookie: student.cookie,
      body: { answers },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const submitted = await t.request(`/api/attempts/${session.attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const review = await submitted.json();
    expect(review.status).toBe("completed");
    expect(review.tally).toMatchObject({ correct: 2, wrong: 1, unanswered: 2 });
    expect(review.tally.marksObtained).toBeCloseTo(3.33, 2);
    expect(review.attempt.score).toBeCloseTo(33.33, 2);
    expect(review.attempt.isRanked).toBe(false);
    expect(review.answers[0].question.correctAnswer).toMatch(/[ABCD]/);

    // A practice attempt is the student's own: it adds nothing to the item analysis.
    const [stats] = await t.db
      .select({ n: count() })
      .from(questionScoreStats)
      .where(
        inArray(
          questionScoreStats.questionId,
          bank.questions.map((q) => q.id),
        ),
      );
    expect(stats?.n).toBe(0);

    // My Results lists it as a practice attempt, beside exams and quizzes.
    const results = await (
      await t.request("/api/results?kind=practice", { cookie: student.cookie })
    ).json();
    expect(results.items[0]).toMatchObject({
      id: session.attempt.id,
      kind: "practice",
      targetId: built.id,
      cutOff: null,
    });
    const mine = await (await t.request("/api/practice", { cookie: student.cookie })).json();
    expect(mine.items[0]).toMatchObject({ id: built.id, status: "submitted" });
  });

  it("filters by source, years and difficulty, and says when fewer matched than asked", async () => {
    const old = await taggedBank({ pyqYear: 2015 });
    const recent = await taggedBank({ pyqYear: 2022 });
    const quiz = await createQuizFixture(t.db, { questionCount: 6 });
    await t.db
      .update(questions)
      .set({ subjectId: recent.subject.id })
      .where(eq(questions.quizId, quiz.quiz.id));

    const pyq = await build({
      subjectIds: [old.subject.id, recent.subject.id],
      sources: ["pyq"],
      fromYear: 2020,
      toYear: 2024,
      difficulties: ["easy"],
      questionCount: 20,
    });
    expect(pyq.status).toBe(201);
    const body = await pyq.json();
    // Only 2022's easy questions: 4 of its 8.
    expect(body).toMatchObject({ questionCount: 4, asked: 20 });
    const ids = (await itemsOf(body.id)).map((i) => i.questionId);
    const easy2022 = recent.questions.filter((_, i) => i % 2 === 0).map((q) => q.id);
    expect(ids.sort()).toEqual(easy2022.sort());

    const quizzes = await build({
      subjectIds: [recent.subject.id],
      sources: ["quiz"],
      questionCount: 10,
    });
    const quizSet = await quizzes.json();
    expect(quizSet.questionCount).toBe(6);
    const quizIds = (await itemsOf(quizSet.id)).map((i) => i.questionId).sort();
    expect(quizIds).toEqual(quiz.questions.map((q) => q.id).sort());
  });

  it("leaves premium questions out for a student without a plan, and says how many", async () => {
    const free = await taggedBank();
    const premium = await taggedBank({ premium: true });
    const body = {
      subjectIds: [free.subject.id, premium.subject.id],
      questionCount: 50,
    };
    const response = await build(body, other);
    expect(response.status).toBe(201);
    const built = await response.json();
    expect(built).toMatchObject({ questionCount: 8, leftOutPremium: 8 });
    const ids = new Set((await itemsOf(built.id)).map((i) => i.questionId));
    expect(premium.questions.some((q) => ids.has(q.id))).toBe(false);
    const screen = await (
      await t.request(`/api/practice/${built.id}/overview`, { cookie: other.cookie })
    ).json();
    expect(screen.set.leftOutPremium).toBe(8);

    // Only premium questions match: refused, nothing written.
    const before = await setsOf(other.id);
    const onlyPremium = await build({ subjectIds: [premium.subject.id] }, other);
    expect(onlyPremium.status).toBe(422);
    expect((await onlyPremium.json()).error.details).toEqual({ leftOutPremium: 8 });
    expect(await setsOf(other.id)).toBe(before);

    // An admin (and a subscriber) gets them.
    const forAdmin = await (await build(body, admin)).json();
    expect(forAdmin).toMatchObject({ questionCount: 16, leftOutPremium: 0 });
  });

  it("draws only questions the student got wrong, or has not seen", async () => {
    const bank = await taggedBank();
    const user = await t.createUser("student");
    const start = await t.request(`/api/exams/${bank.exam.id}/attempts`, {
      method: "POST",
      cookie: user.cookie,
    });
    const session = await start.json();
    // Answers the first two: one right, one wrong; the rest are skipped (seen, not wrong).
    const [q1, q2] = bank.questions;
    if (!q1 || !q2) throw new Error("no questions");
    await t.request(`/api/attempts/${session.attempt.id}/answers`, {
      cookie: user.cookie,
      body: {
        answers: [
          {
            questionId: q1.id,
            selectedAnswer: q1.correctAnswer,
            markedForReview: false,
            clientSeq: 1,
          },
          {
            questionId: q2.id,
            selectedAnswer: q2.correctAnswer === "A" ? "B" : "A",
            markedForReview: false,
            clientSeq: 2,
          },
        ],
      },
    });
    await t.request(`/api/attempts/${session.attempt.id}/submit`, {
      method: "POST",
      cookie: user.cookie,
    });
    const wrong = await (
      await build({ subjectIds: [bank.subject.id], scope: "wrong", questionCount: 5 }, user)
    ).json();
    expect((await itemsOf(wrong.id)).map((i) => i.questionId)).toEqual([q2.id]);
    const unseen = await build(
      { subjectIds: [bank.subject.id], scope: "unseen", questionCount: 5 },
      user,
    );
    // Every question of that exam was seen (graded, skipped ones included).
    expect(unseen.status).toBe(422);
  });
});

describe("practice rules", () => {
  it("refuses a build past the month's allowance and writes nothing", async () => {
    const bank = await taggedBank();
    const user = await t.createUser("student");
    // A plan allowing 2 a month.
    await t.db.insert(userSubscriptions).values({
      userId: user.id,
      status: "active",
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
      planName: "Monthly",
      practiceLimit: 2,
    });
    const request = { subjectIds: [bank.subject.id], questionCount: 5 };
    expect((await build(request, user)).status).toBe(201);
    expect((await build(request, user)).status).toBe(201);
    const refused = await build(request, user);
    expect(refused.status).toBe(403);
    const body = await refused.json();
    expect(body.error.message).toBe(
      "You have built all 2 practice tests your plan allows this month. They start again on the 1st.",
    );
    expect(body.error.details).toMatchObject({ reason: "PRACTICE_LIMIT_REACHED" });
    expect(await setsOf(user.id)).toBe(2);
    const options = await (
      await t.request("/api/practice/options", { cookie: user.cookie })
    ).json();
    expect(options.allowance).toEqual({ used: 2, limit: 2, hasPlan: true });
  });

  it("copies the plan's practice limit when a student activates it", async () => {
    const created = await t.request("/api/admin/subscription-plans", {
      cookie: admin.cookie,
      body: {
        name: `Free practice ${n++}`,
        description: null,
        price: 0,
        currency: "INR",
        durationDays: 30,
        examLimit: 1,
        attemptLimitPerExam: 1,
        practiceLimit: 1,
        features: [],
        isActive: true,
      },
    });
    expect(created.status).toBe(201);
    const plan = await created.json();
    expect(plan.practiceLimit).toBe(1);
    const user = await t.createUser("student");
    const activated = await t.request("/api/subscriptions/free", {
      cookie: user.cookie,
      body: { planId: plan.id },
    });
    expect(activated.status).toBe(200);
    const options = await (
      await t.request("/api/practice/options", { cookie: user.cookie })
    ).json();
    expect(options.allowance).toEqual({ used: 0, limit: 1, hasPlan: true });
  });

  it("gives a student without a plan the free allowance", async () => {
    const user = await t.createUser("student");
    const options = await (
      await t.request("/api/practice/options", { cookie: user.cookie })
    ).json();
    expect(options.allowance).toEqual({ used: 0, limit: 10, hasPlan: false });
    expect(Array.isArray(options.subjects)).toBe(true);
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const before = await setsOf(student.id);
    for (const body of [
      { questionCount: 4 },
      { questionCount: 101 },
      { sources: [] },
      { sources: ["books"] },
      { fromYear: 2020, toYear: 2010 },
      { subjectIds: ["not-a-uuid"] },
      { difficulties: ["impossible"] },
      { surprise: true },
    ]) {
      const response = await build(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(await setsOf(student.id)).toBe(before);
  });

  it("keeps a student's practice test to them: another student and admins get 404 and start nothing", async () => {
    const bank = await taggedBank();
    const built = await (await build({ subjectIds: [bank.subject.id], questionCount: 5 })).json();
    for (const user of [other, admin]) {
      const overview = await t.request(`/api/practice/${built.id}/overview`, {
        cookie: user.cookie,
      });
      expect(overview.status).toBe(404);
      const start = await t.request(`/api/practice/${built.id}/attempts`, {
        method: "POST",
        cookie: user.cookie,
      });
      expect(start.status).toBe(404);
    }
    const [attempts] = await t.db
      .select({ n: count() })
      .from(examAttempts)
      .where(eq(examAttempts.practiceId, built.id));
    expect(attempts?.n).toBe(0);
    // The set is not a revision session either.
    expect(
      (
        await t.request(`/api/revision/${built.id}/overview`, {
          cookie: student.cookie,
        })
      ).status,
    ).toBe(404);
    // Nor does another student's list show it.
    const list = await (await t.request("/api/practice", { cookie: other.cookie })).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(built.id);
  });

  it("lets another student's answers alone: no practice attempt reads or changes them", async () => {
    const bank = await taggedBank();
    const built = await (await build({ subjectIds: [bank.subject.id], questionCount: 5 })).json();
    const session = await (
      await t.request(`/api/practice/${built.id}/attempts`, {
        method: "POST",
        cookie: student.cookie,
      })
    ).json();
    const q = session.questions[0].id;
    const refused = await t.request(`/api/attempts/${session.attempt.id}/answers`, {
      cookie: other.cookie,
      body: {
        answers: [{ questionId: q, selectedAnswer: "A", markedForReview: false, clientSeq: 1 }],
      },
    });
    expect(refused.status).toBe(404);
    const [rows] = await t.db
      .select({ n: count() })
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, session.attempt.id));
    expect(rows?.n).toBe(0);
    expect(
      (await t.request(`/api/attempts/${session.attempt.id}`, { cookie: other.cookie })).status,
    ).toBe(404);
  });
});
