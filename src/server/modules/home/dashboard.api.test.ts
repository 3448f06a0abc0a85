import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts, exams, questions } from "../../db/schema/exams.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

const { t } = setupTestApp();

const dashboardOf = async (user: TestUser) => {
  const response = await t.request("/api/home/dashboard?tz=Asia/Kolkata", { cookie: user.cookie });
  expect(response.status).toBe(200);
  return response.json();
};

const post = (path: string, user: TestUser) =>
  t.request(path, { method: "POST", cookie: user.cookie });

describe("GET /api/home/dashboard", () => {
  it("answers a fresh student with nothing yet: no quiz done, zero study, no plan", async () => {
    const fresh = await t.createUser("student");
    expect(await dashboardOf(fresh)).toMatchObject({
      todaysQuiz: null,
      study: { studiedHours: 0, goalHours: 2, streakDays: 0 },
      lastResult: null,
      completedTests: 0,
      plan: null,
      inProgress: [],
    });
  });

  it("leads with the student's own numbers: today's quiz done, last test with rank, plan limits, in progress", async () => {
    const asha = await t.createUser("student");
    const ravi = await t.createUser("student");
    const { quiz, questions: quizQuestions } = await createQuizFixture(t.db, {
      title: "Today's Current Affairs",
      totalMarks: 20,
    });
    // Before Asha takes it: not done, no score.
    expect((await dashboardOf(asha)).todaysQuiz).toMatchObject({
      id: quiz.id,
      isToday: true,
      latestAttempt: null,
      maxMarks: 20,
    });
    const started = await (await post(`/api/quizzes/${quiz.id}/attempts`, asha)).json();
    await t.request(`/api/attempts/${started.attempt.id}/answers`, {
      cookie: asha.cookie,
      body: {
        answers: quizQuestions.slice(0, 2).map((q, i) => ({
          questionId: q.id,
          selectedAnswer: q.correctAnswer,
          markedForReview: false,
          clientSeq: i + 1,
        })),
      },
    });
    await post(`/api/attempts/${started.attempt.id}/submit`, asha);

    // A premium exam under a plan of 3 premium exams: one used.
    const { exam } = await createExamFixture(t.db, { passingMarks: 40 });
    await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, exam.id));
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name: "Pro Monthly", price: "299", examLimit: 3, attemptLimitPerExam: 2 })
      .returning();
    const endDate = new Date(Date.now() + 20 * 86_400_000);
    await t.db.insert(userSubscriptions).values({
      userId: asha.id,
      planId: plan?.id,
      planName: "Pro Monthly",
      status: "active",
      durationDays: 30,
      examLimit: 3,
      attemptLimitPerExam: 2,
      startDate: new Date(Date.now() - 10 * 86_400_000),
      endDate,
    });
    const open = await (await post(`/api/exams/${exam.id}/attempts`, asha)).json();

    const dashboard = await dashboardOf(asha);
    expect(dashboard.todaysQuiz).toMatchObject({
      id: quiz.id,
      latestAttempt: { score: 10, attemptNumber: 1 },
    });
    expect(dashboard.lastResult).toMatchObject({
      kind: "quiz",
      title: "Today's Current Affairs",
      marksObtained: 10,
      maxMarks: 20,
      rank: { position: 1, of: 1 },
      percentile: 100,
    });
    expect(dashboard.completedTests).toBe(1);
    expect(dashboard.study.streakDays).toBe(1);
    expect(dashboard.study.studiedHours).toBeGreaterThanOrEqual(0);
    expect(dashboard.plan).toEqual({
      planName: "Pro Monthly",
      endDate: endDate.toISOString(),
      periodStart: expect.any(String),
      examLimit: 3,
      attemptLimitPerExam: 2,
      premiumExamsUsed: 1,
      premiumExamsLeft: 2,
      premiumQuizzesUsed: 0,
      premiumQuizzesLeft: 3,
    });
    expect(dashboard.inProgress).toEqual([
      expect.objectContaining({ attemptId: open.attempt.id, kind: "exam", targetId: exam.id }),
    ]);

    // Ravi sees his own figures only.
    const his = await dashboardOf(ravi);
    expect(his).toMatchObject({ lastResult: null, completedTests: 0, plan: null, inProgress: [] });
    expect(his.todaysQuiz.latestAttempt).toBeNull();
  });

  it("is for students: a visitor gets 401, an admin 403", async () => {
    expect((await t.request("/api/home/dashboard")).status).toBe(401);
    const admin = await t.createUser("admin");
    expect((await t.request("/api/home/dashboard", { cookie: admin.cookie })).status).toBe(403);
  });
});

describe("GET /api/home/sample-questions", () => {
  it("shows a visitor the first question of free papers, never a key or an explanation", async () => {
    const free = await createExamFixture(t.db, { kind: "pyp" });
    const premium = await createExamFixture(t.db, { kind: "mock" });
    await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, premium.exam.id));
    const first = free.questions[0];
    if (!first) throw new Error("no question");
    await t.db
      .update(questions)
      .set({
        translations: {
          hi: {
            questionText: "प्रश्न?",
            options: { A: "क", B: "ख", C: "ग", D: "घ" },
            explanation: "उत्तर क है",
          },
        },
      })
      .where(eq(questions.id, first.id));
    const response = await t.request("/api/home/sample-questions");
    expect(response.status).toBe(200);
    const body = await response.json();
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/correctAnswer|explanation|Because|उत्तर/);
    const examIds = body.map((q: { examId: string }) => q.examId);
    expect(examIds).toContain(free.exam.id);
    expect(examIds).not.toContain(premium.exam.id);
    expect(body.find((q: { examId: string }) => q.examId === free.exam.id)).toEqual({
      id: first.id,
      examId: free.exam.id,
      examTitle: free.exam.title,
      questionText: first.questionText,
      options: first.options,
      hindi: { questionText: "प्रश्न?", options: { A: "क", B: "ख", C: "ग", D: "घ" } },
    });
    expect(body.length).toBeLessThanOrEqual(3);
  });
});

describe("the exams list and the start screen remember a submitted paper", () => {
  it("carries my last score beside the exam, and only mine", async () => {
    const asha = await t.createUser("student");
    const ravi = await t.createUser("student");
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    const started = await (await post(`/api/exams/${exam.id}/attempts`, asha)).json();
    const first = qs[0];
    if (!first) throw new Error("no question");
    await t.request(`/api/attempts/${started.attempt.id}/answers`, {
      cookie: asha.cookie,
      body: {
        answers: [
          {
            questionId: first.id,
            selectedAnswer: first.correctAnswer,
            markedForReview: false,
            clientSeq: 1,
          },
        ],
      },
    });
    await post(`/api/attempts/${started.attempt.id}/submit`, asha);

    const listOf = async (user: TestUser) =>
      (await (await t.request("/api/exams", { cookie: user.cookie })).json()).find(
        (e: { id: string }) => e.id === exam.id,
      );
    expect((await listOf(asha)).lastAttempt).toMatchObject({
      id: started.attempt.id,
      score: 25,
      passed: false,
    });
    expect((await listOf(ravi)).lastAttempt).toBeNull();

    const overviewOf = async (user: TestUser) =>
      (await t.request(`/api/exams/${exam.id}/overview`, { cookie: user.cookie })).json();
    expect((await overviewOf(asha)).lastCompletedAttempt).toMatchObject({
      id: started.attempt.id,
      score: 25,
    });
    expect((await overviewOf(ravi)).lastCompletedAttempt).toBeNull();
    const stored = await t.db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(eq(examAttempts.examId, exam.id));
    expect(stored).toHaveLength(1);
  });
});

describe("GET /api/subscriptions/plans", () => {
  it("is public: a visitor's home page shows the active plans", async () => {
    await t.db.insert(subscriptionPlans).values({ name: "Visible Plan", price: "99" });
    await t.db
      .insert(subscriptionPlans)
      .values({ name: "Retired Plan", price: "99", isActive: false });
    const response = await t.request("/api/subscriptions/plans");
    expect(response.status).toBe(200);
    const names = (await response.json()).map((p: { name: string }) => p.name);
    expect(names).toContain("Visible Plan");
    expect(names).not.toContain("Retired Plan");
  });
});
