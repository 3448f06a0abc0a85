import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts, studentAnswers } from "../../db/schema/exams.ts";
import { quizAttempts } from "../../db/schema/quizzes.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import { takeQuiz } from "../../test/quiz-helpers.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { getStudyStreak } from "../home/home.service.ts";

const { t, student, other } = setupTestApp({ users: { student: "student", other: "student" } });

const KEY_PATTERN = /correctAnswer|correct_answer|explanation|isCorrect|is_correct|Because|क्योंकि/;

async function start(quizId: string, cookie = student.cookie) {
  const response = await t.request(`/api/quizzes/${quizId}/attempts`, { method: "POST", cookie });
  return { response, body: await response.json() };
}

let seq = 1;
const answer = (questionId: string, selectedAnswer: string | null) => ({
  questionId,
  selectedAnswer,
  markedForReview: false,
  clientSeq: seq++,
});

describe("a quiz attempt on the exam engine", () => {
  it("never sends the key before completion, in either language, and sends it after", async () => {
    const { quiz, questions } = await createQuizFixture(t.db, { hindi: true });
    const { response, body } = await start(quiz.id);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: "in_progress", kind: "quiz", quiz: { id: quiz.id } });
    expect(body.attempt.attemptNumber).toBe(1);
    expect(body.questions[0].translations.hi.questionText).toBe("प्रश्न 1?");
    const attemptId = body.attempt.id;
    const responses = [JSON.stringify(body)];
    const switched = await t.request("/api/account/question-language", {
      method: "PUT",
      cookie: student.cookie,
      body: { language: "hi" },
    });
    expect(await switched.json()).toEqual({ questionLanguage: "hi" });
    const me = await (await t.request("/api/account/me", { cookie: student.cookie })).json();
    expect(me.profile.questionLanguage).toBe("hi");
    const saved = await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "A")] },
    });
    responses.push(await saved.text());
    responses.push(
      await (await t.request(`/api/attempts/${attemptId}`, { cookie: student.cookie })).text(),
    );
    responses.push(JSON.stringify((await start(quiz.id)).body));
    responses.push(await (await t.request("/api/quizzes", { cookie: student.cookie })).text());
    responses.push(await (await t.request("/api/home/quizzes", { cookie: student.cookie })).text());
    for (const text of responses) expect(text).not.toMatch(KEY_PATTERN);

    const submitted = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const review = await submitted.json();
    expect(review.status).toBe("completed");
    expect(review.answers[0].question.translations.hi.explanation).toBe("क्योंकि A.");
    expect(review.answers[0].question.correctAnswer).toBe("A");
    expect(review.rank).toEqual({ position: 1, of: 1 });
  });

  it("scores correct ÷ questions × total marks, or × 100 without total marks", async () => {
    const marked = await createQuizFixture(t.db, { questionCount: 4, totalMarks: 10 });
    const plain = await createQuizFixture(t.db, { questionCount: 8, totalMarks: null });
    const at = new Date();
    const a = await takeQuiz(t.db, {
      userId: student.id,
      quizId: marked.quiz.id,
      questions: marked.questions,
      correct: 3,
      seconds: 30,
      at,
    });
    const b = await takeQuiz(t.db, {
      userId: student.id,
      quizId: plain.quiz.id,
      questions: plain.questions,
      correct: 5,
      seconds: 30,
      at,
    });
    expect(a.attempt.score).toBe(7.5);
    expect(a.tally).toMatchObject({ correct: 3, wrong: 1, marksObtained: 7.5, maxMarks: 10 });
    expect(b.attempt.score).toBe(62.5);
    expect(b.tally).toMatchObject({ marksObtained: 62.5, maxMarks: 100 });
    expect(a.attempt.passed).toBeNull();
  });

  it("numbers attempts 1, 2, ... with no duplicate under concurrent starts", async () => {
    const { quiz } = await createQuizFixture(t.db);
    for (let round = 1; round <= 3; round += 1) {
      const starts = await Promise.all(Array.from({ length: 5 }, () => start(quiz.id)));
      for (const s of starts) expect(s.response.status).toBe(200);
      const ids = new Set(starts.map((s) => s.body.attempt.id));
      expect(ids.size).toBe(1);
      expect(starts[0]?.body.attempt.attemptNumber).toBe(round);
      await t.request(`/api/attempts/${starts[0]?.body.attempt.id}/submit`, {
        method: "POST",
        cookie: student.cookie,
      });
    }
    // Another student starting at the same moment has their own numbering.
    const [mine, theirs] = await Promise.all([start(quiz.id), start(quiz.id, other.cookie)]);
    expect(mine.body.attempt.attemptNumber).toBe(4);
    expect(theirs.body.attempt.attemptNumber).toBe(1);
    const rows = await t.db
      .select({ n: quizAttempts.attemptNumber, status: quizAttempts.status })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, student.id)))
      .orderBy(quizAttempts.attemptNumber);
    expect(rows).toEqual([
      { n: 1, status: "completed" },
      { n: 2, status: "completed" },
      { n: 3, status: "completed" },
      { n: 4, status: "in_progress" },
    ]);
  });

  it("refuses another student's attempt on every route and changes nothing", async () => {
    const { quiz, questions } = await createQuizFixture(t.db);
    const { body } = await start(quiz.id);
    const attemptId = body.attempt.id;
    await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "A")] },
    });
    const view = await t.request(`/api/attempts/${attemptId}`, { cookie: other.cookie });
    const save = await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: other.cookie,
      body: { answers: [answer(questions[0]!.id, "D")] },
    });
    const submit = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect([view.status, save.status, submit.status]).toEqual([404, 404, 404]);
    const stored = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, attemptId));
    expect(stored.map((a) => a.selectedAnswer)).toEqual(["A"]);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(row?.completedAt).toBeNull();
    // The completed attempt (view mode) stays private too.
    await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const past = await t.request(`/api/attempts/${attemptId}`, { cookie: other.cookie });
    expect(past.status).toBe(404);
    const own = await t.request(`/api/attempts/${attemptId}`, { cookie: student.cookie });
    expect((await own.json()).status).toBe("completed");
  });

  it("hides unpublished and empty quizzes from students and gates premium starts", async () => {
    const future = await createQuizFixture(t.db, { publishedOn: "2100-01-01" });
    const empty = await createQuizFixture(t.db, { questionCount: 0 });
    const premium = await createQuizFixture(t.db, { isFree: false });
    const a = await start(future.quiz.id);
    const b = await start(empty.quiz.id);
    const c = await start(premium.quiz.id);
    expect([a.response.status, b.response.status, c.response.status]).toEqual([404, 404, 403]);
    expect(b.body.error.message).toBe("No questions found for this quiz.");
    expect(c.body.error.details.reason).toBe("PREMIUM_REQUIRED");
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.userId, student.id));
    const quizIds = new Set(rows.map((r) => r.quizId));
    expect(quizIds.has(future.quiz.id) || quizIds.has(premium.quiz.id)).toBe(false);
  });

  it("counts quiz time in the study streak", async () => {
    const someone = await t.createUser("student");
    const { quiz, questions } = await createQuizFixture(t.db, { publishedOn: "2026-01-01" });
    const at = new Date("2026-03-10T06:00:00Z");
    await takeQuiz(t.db, {
      userId: someone.id,
      quizId: quiz.id,
      questions,
      correct: 2,
      seconds: 360,
      at,
    });
    const streak = await getStudyStreak(t.db, {
      userId: someone.id,
      timeZone: "Asia/Kolkata",
      now: new Date(at.getTime() + 400_000),
    });
    expect(streak.studiedHours).toBe(0.1);
    expect(streak.streakDays).toBe(1);
  });
});
