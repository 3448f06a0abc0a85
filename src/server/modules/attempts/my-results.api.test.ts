import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { takeQuiz } from "../../test/quiz-helpers.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { startAttempt, submitAttempt } from "./attempts.service.ts";
import { saveAnswers } from "./save-answers.ts";

const { t, ...users } = setupTestApp({
  users: { asha: "student", ravi: "student", admin: "admin" },
});

let seq = 1;
/** Takes an exam at `at`: the first `correct` questions right, the rest wrong. */
async function takeExam(
  user: TestUser,
  exam: { id: string; questions: { id: string; correctAnswer: OptionKey }[] },
  correct: number,
  at: Date,
  seconds = 60,
) {
  const viewer = { userId: user.id, role: "student" as const };
  const session = await startAttempt(t.db, {
    viewer,
    target: { kind: "exam", id: exam.id },
    now: at,
  });
  await saveAnswers(t.db, {
    userId: user.id,
    attemptId: session.attempt.id,
    body: {
      answers: exam.questions.map((q, i) => ({
        questionId: q.id,
        selectedAnswer: i < correct ? q.correctAnswer : q.correctAnswer === "A" ? "B" : "A",
        markedForReview: false,
        clientSeq: seq++,
      })),
    },
    now: at,
  });
  return submitAttempt(t.db, {
    userId: user.id,
    attemptId: session.attempt.id,
    now: new Date(at.getTime() + seconds * 1000),
  });
}

const get = async (path: string, user: TestUser) => {
  const response = await t.request(path, { cookie: user.cookie });
  return { status: response.status, body: await response.json() };
};

type Item = {
  id: string;
  kind: string;
  title: string;
  percent: number;
  marksObtained: number;
  maxMarks: number;
  cutOff: number | null;
  passed: boolean | null;
  rank: { position: number; of: number } | null;
  percentile: number | null;
};

describe("GET /api/results (My Results)", () => {
  const day = (n: number) => new Date(Date.UTC(2026, 5, n, 6));
  let examId = "";
  let quizId = "";

  beforeAll(async () => {
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: 4,
      passingMarks: 40,
      negative: { marks: 2, fraction: 0.25 },
    });
    examId = exam.id;
    const { quiz, questions: quizQuestions } = await createQuizFixture(t.db, {
      questionCount: 4,
      totalMarks: 20,
      title: "Budget Basics",
      publishedOn: "2026-01-01",
    });
    quizId = quiz.id;
    const paper = { id: exam.id, questions };
    // Ravi first: 4 of 4. Asha: 3 of 4, then a second try (not ranked), then the quiz.
    await takeExam(users.ravi, paper, 4, day(1));
    await takeExam(users.asha, paper, 3, day(2));
    await takeExam(users.asha, paper, 1, day(3));
    await takeQuiz(t.db, {
      userId: users.asha.id,
      quizId: quiz.id,
      questions: quizQuestions,
      correct: 2,
      seconds: 30,
      at: day(4),
    });
  });

  it("lists exams and quizzes together, newest first, led by score, marks, cut-off and rank", async () => {
    const { status, body } = await get("/api/results", users.asha);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    const [quiz, retry, first] = body.items as Item[];
    expect(quiz).toMatchObject({
      kind: "quiz",
      targetId: quizId,
      title: "Budget Basics",
      marksObtained: 10,
      maxMarks: 20,
      percent: 50,
      cutOff: null,
      passed: null,
      rank: { position: 1, of: 1 },
      percentile: 100,
    });
    // 3 right (+6), 1 wrong (−0.5) of 8 marks: 68.75%, above the 40% cut-off.
    expect(first).toMatchObject({
      kind: "exam",
      targetId: examId,
      marksObtained: 5.5,
      maxMarks: 8,
      percent: 68.75,
      cutOff: 40,
      passed: true,
      isRanked: true,
      rank: { position: 2, of: 2 },
      percentile: 50,
    });
    // A later try is not ranked (decision 034): no rank of its own.
    expect(retry).toMatchObject({ kind: "exam", isRanked: false, rank: null, percentile: null });
    expect(retry?.passed).toBe(false);
  });

  it("filters by kind and pages", async () => {
    const exams = await get("/api/results?kind=exam", users.asha);
    expect(exams.body.total).toBe(2);
    expect(exams.body.items.every((i: Item) => i.kind === "exam")).toBe(true);
    const quizzes = await get("/api/results?kind=quiz", users.asha);
    expect(quizzes.body.items.map((i: Item) => i.kind)).toEqual(["quiz"]);
    const second = await get("/api/results?page=2&pageSize=2", users.asha);
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].percent).toBe(68.75);
  });

  it("shows only the viewer's own attempts, and refuses bad input with 422", async () => {
    const ravi = await get("/api/results", users.ravi);
    expect(ravi.body.total).toBe(1);
    expect(ravi.body.items[0]).toMatchObject({ rank: { position: 1, of: 2 }, percentile: 100 });
    const ashaIds = (await get("/api/results", users.asha)).body.items.map((i: Item) => i.id);
    const raviAttempts = await t.db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(eq(examAttempts.userId, users.ravi.id));
    for (const { id } of raviAttempts) expect(ashaIds).not.toContain(id);

    for (const query of ["kind=revision", "page=0", "pageSize=51"]) {
      expect((await get(`/api/results?${query}`, users.asha)).status).toBe(422);
    }
    expect((await get("/api/results", users.admin)).status).toBe(403);
    expect((await t.request("/api/results")).status).toBe(401);
  });

  it("answers a fresh student with an empty page", async () => {
    const fresh = await t.createUser("student");
    expect((await get("/api/results", fresh)).body).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });
});
