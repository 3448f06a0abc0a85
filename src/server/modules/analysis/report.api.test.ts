import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AttemptReport } from "../../../shared/analysis.ts";
import type { Confidence } from "../../../shared/confidence.ts";
import type { OptionKey } from "../../../shared/constants.ts";
import { examAttempts, questions as questionsTable } from "../../db/schema/exams.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { takeTarget } from "../../test/exam-helpers.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

const at = new Date("2026-03-10T06:00:00Z");
const wrong = (key: OptionKey): OptionKey => (key === "A" ? "B" : "A");
let unique = 0;

async function report(attemptId: string, user: Pick<TestUser, "cookie"> = student) {
  const response = await t.request(`/api/attempts/${attemptId}/analysis`, { cookie: user.cookie });
  return { status: response.status, body: (await response.json()) as AttemptReport };
}

/**
 * Five questions (keys A, B, C, D, A; +2, −⅔ for a wrong one), tagged: q1, q2 Polity ›
 * Constitution, q3 Polity with no topic, q4 History › Modern India, q5 untagged.
 */
async function taggedExam() {
  unique += 1;
  const { exam, questions } = await createExamFixture(t.db, {
    questionCount: 5,
    negative: { marks: 2, fraction: 1 / 3 },
  });
  const [polity, history] = await t.db
    .insert(subjects)
    .values([
      { name: `Polity ${unique}`, sortOrder: 1 },
      { name: `History ${unique}`, sortOrder: 2 },
    ])
    .returning();
  if (!polity || !history) throw new Error("no subjects");
  const [constitution, modern] = await t.db
    .insert(topics)
    .values([
      { subjectId: polity.id, name: "Constitution" },
      { subjectId: history.id, name: "Modern India" },
    ])
    .returning();
  if (!constitution || !modern) throw new Error("no topics");
  const tag = async (index: number, subjectId: string, topicId: string | null) =>
    t.db
      .update(questionsTable)
      .set({ subjectId, topicId })
      .where(eq(questionsTable.id, questions[index]!.id));
  await tag(0, polity.id, constitution.id);
  await tag(1, polity.id, constitution.id);
  await tag(2, polity.id, null);
  await tag(3, history.id, modern.id);
  return { exam, questions, polity, history };
}

type Plan = ("right" | "wrong" | "skip")[];
function choicesFor(questions: { correctAnswer: OptionKey }[], plan: Plan) {
  return questions.map((q, i) =>
    plan[i] === "right" ? q.correctAnswer : plan[i] === "wrong" ? wrong(q.correctAnswer) : null,
  );
}

describe("the diagnostic report of an exam attempt", () => {
  it("summarises, ranks with ties, gives the NTA percentile, subjects, time and the ≥ 60% list", async () => {
    const { exam, questions, polity } = await taggedExam();
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
    const take = (userId: string, plan: Plan, took: number, seconds?: number[], offset = 0) =>
      takeTarget(t.db, {
        userId,
        target: { kind: "exam", id: exam.id },
        questions,
        choices: choicesFor(questions, plan),
        seconds,
        took,
        at: new Date(at.getTime() + offset),
      });
    // Mine: 2 right, 2 wrong, 1 skipped: 4 − 4/3 = 2.67 of 10 marks, 26.67%, in 300 s.
    const mine = await take(
      student.id,
      ["right", "wrong", "skip", "right", "wrong"],
      300,
      [10, 100, 5, 20, 15],
    );
    await take(a!.id, ["right", "right", "right", "right", "right"], 500); // 100%
    await take(b!.id, ["right", "right", "skip", "wrong", "wrong"], 300); // my score, my time
    await take(c!.id, ["right", "right", "skip", "wrong", "wrong"], 400); // my score, slower
    await take(d!.id, ["skip", "skip", "skip", "skip", "skip"], 60); // 0%

    const { status, body } = await report(mine.attempt.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      attemptId: mine.attempt.id,
      kind: "exam",
      title: exam.title,
      scoreUnit: "percent",
      maxScore: 100,
    });
    expect(body.summary).toEqual({
      score: 26.67,
      scorePercent: 26.67,
      marksObtained: 2.67,
      maxMarks: 10,
      marksGained: 4,
      marksLost: 1.33,
      total: 5,
      attempted: 4,
      correct: 2,
      wrong: 2,
      skipped: 1,
      accuracy: 50,
      totalTimeSeconds: 300,
    });
    // b ties with me (same score and time) and shares rank 2; c is slower; 4 of 5 score ≤ mine.
    expect(body.standing).toEqual({
      position: 2,
      of: 5,
      percentile: 80,
      score: 26.67,
      averageScore: 36,
      topTenAverageScore: 100,
      isThisAttempt: true,
    });
    const bReport = await takeReportOf(b!, exam.id);
    expect(bReport.standing).toMatchObject({ position: 2, of: 5, percentile: 80 });

    expect(body.subjects.map((s) => [s.name, s.questions, s.attempted, s.correct])).toEqual([
      [polity.name, 3, 2, 1],
      [expect.stringMatching(/^History/), 1, 1, 1],
      ["Untagged", 1, 1, 0],
    ]);
    const [politySubject] = body.subjects;
    expect(politySubject).toMatchObject({
      subjectId: polity.id,
      accuracy: 50,
      marks: 1.33,
      timeSeconds: 115,
      wrong: 1,
      skipped: 1,
    });
    expect(politySubject?.topics).toEqual([
      expect.objectContaining({ name: "Constitution", questions: 2, correct: 1, accuracy: 50 }),
      expect.objectContaining({ topicId: null, name: "No topic", skipped: 1, accuracy: null }),
    ]);
    expect(body.subjects[2]).toMatchObject({ subjectId: null, marks: -0.67 });
    // The weakest first: Polity's untopical question (0 of 1), then Constitution (1 of 2); a
    // topic with every answer right and the untagged questions are not listed.
    expect(body.weakestTopics).toEqual([
      expect.objectContaining({
        topicName: "No topic",
        scorePercent: 0,
        practiceUrl: `/student/practice?subjectId=${polity.id}`,
      }),
      expect.objectContaining({ topicName: "Constitution", scorePercent: 50 }),
    ]);

    // 150 s over 5 questions: 30 s on average; q2's 100 s is more than twice that.
    expect(body.timePerQuestion.averageSeconds).toBe(30);
    expect(
      body.timePerQuestion.questions.map((q) => [q.number, q.outcome, q.seconds, q.isSlow]),
    ).toEqual([
      [1, "correct", 10, false],
      [2, "wrong", 100, true],
      [3, "skipped", 5, false],
      [4, "correct", 20, false],
      [5, "wrong", 15, false],
    ]);
    expect(body.timePerQuestion.questions.map((q) => q.shareCorrect)).toEqual([80, 60, 20, 40, 20]);
    // Only q2 is one I missed that at least 60% got right (exactly 60%: a, b, c of 5).
    expect(body.mostGotRight).toEqual([
      {
        number: 2,
        questionId: questions[1]!.id,
        questionText: questions[1]!.questionText,
        outcome: "wrong",
        shareCorrect: 60,
        subjectName: polity.name,
        topicName: "Constitution",
      },
    ]);

    // Only aggregates of the others: none of their ids, answers or times.
    const text = JSON.stringify(body);
    for (const user of [a, b, c, d]) expect(text).not.toContain(user!.id);
    const others = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    for (const row of others.filter((r) => r.userId !== student.id)) {
      expect(text).not.toContain(row.id);
    }
  });

  it("keeps the first attempt's standing on a later try, and the admin may read it", async () => {
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 4 });
    const all = questions.map((q) => q.correctAnswer);
    const take = (choices: (OptionKey | null)[], offset: number) =>
      takeTarget(t.db, {
        userId: student.id,
        target: { kind: "exam", id: exam.id },
        questions,
        choices,
        took: 100,
        at: new Date(at.getTime() + offset),
      });
    const first = await take([all[0]!, null, null, null], 0);
    const second = await take(all, 3_600_000);
    const { body } = await report(second.attempt.id);
    expect(body.summary).toMatchObject({ score: 100, correct: 4, accuracy: 100 });
    expect(body.standing).toMatchObject({
      position: 1,
      of: 1,
      percentile: 100,
      score: 25,
      isThisAttempt: false,
    });
    // Untagged questions only: one row, no weakest topic to link, and nothing crashes.
    expect(body.subjects.map((s) => s.name)).toEqual(["Untagged"]);
    expect(body.weakestTopics).toEqual([]);
    const byAdmin = await report(first.attempt.id, admin);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.standing).toMatchObject({ isThisAttempt: true, position: 1 });
  });
});

async function takeReportOf(user: TestUser, examId: string) {
  const [row] = await t.db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.userId, user.id));
  if (!row) throw new Error(`no attempt at ${examId}`);
  return (await report(row.id, user)).body;
}

describe("the report of a quiz attempt", () => {
  it("counts marks out of the quiz's total and ranks among first attempts", async () => {
    const { quiz, questions } = await createQuizFixture(t.db, {
      questionCount: 4,
      totalMarks: 10,
      publishedOn: "2026-03-01",
    });
    const [x, y] = await Promise.all([t.createUser(), t.createUser()]);
    const take = (userId: string, correct: number, took: number) =>
      takeTarget(t.db, {
        userId,
        target: { kind: "quiz", id: quiz.id },
        questions,
        choices: questions.map((q, i) => (i < correct ? q.correctAnswer : wrong(q.correctAnswer))),
        took,
        at,
      });
    const mine = await take(student.id, 3, 100);
    await take(x!.id, 4, 50);
    await take(y!.id, 3, 100);
    const { status, body } = await report(mine.attempt.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: "quiz", scoreUnit: "marks", maxScore: 10 });
    expect(body.summary).toMatchObject({
      score: 7.5,
      scorePercent: 75,
      marksGained: 7.5,
      marksLost: 0,
      correct: 3,
      wrong: 1,
      accuracy: 75,
    });
    expect(body.standing).toEqual({
      position: 2,
      of: 3,
      percentile: 66.67,
      score: 7.5,
      averageScore: 8.33,
      topTenAverageScore: 10,
      isThisAttempt: true,
    });
    // q4: only x got it right (33%), so it is not in the list.
    expect(body.timePerQuestion.questions.map((q) => q.shareCorrect)).toEqual([
      100, 100, 100, 33.33,
    ]);
    expect(body.mostGotRight).toEqual([]);
  });
});

describe("who may read a report, and when", () => {
  it("is 404 for another student, changing nothing, and for unknown or malformed ids", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const mine = await takeTarget(t.db, {
      userId: student.id,
      target: { kind: "exam", id: exam.id },
      questions,
      choices: questions.map((q) => q.correctAnswer),
      took: 60,
      at,
    });
    const before = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    const response = await t.request(`/api/attempts/${mine.attempt.id}/analysis`, {
      cookie: other.cookie,
    });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "NOT_FOUND", message: "Attempt not found." },
    });
    expect(await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id))).toEqual(
      before,
    );
    expect((await report("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await report("not-a-uuid")).status).toBe(404);
    const anonymous = await t.request(`/api/attempts/${mine.attempt.id}/analysis`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses an attempt still in progress, with no data at all, even to its owner", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const start = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const session = await start.json();
    await t.request(`/api/attempts/${session.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          { questionId: questions[0]!.id, selectedAnswer: "A", confidence: "guess", clientSeq: 1 },
        ],
      },
    });
    const response = await t.request(`/api/attempts/${session.attempt.id}/analysis`, {
      cookie: student.cookie,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: "CONFLICT",
        message: "The analysis is ready once the attempt is submitted.",
      },
    });
    expect((await report(session.attempt.id, other)).status).toBe(404);
    expect((await report(session.attempt.id, admin)).status).toBe(409);
  });
});

describe("accuracy by confidence and what guessing cost", () => {
  const take = (
    examOrQuiz: { kind: "exam" | "quiz"; id: string },
    questions: { id: string; correctAnswer: OptionKey }[],
    plan: Plan,
    confidence: (Confidence | null)[],
  ) =>
    takeTarget(t.db, {
      userId: student.id,
      target: examOrQuiz,
      questions,
      choices: choicesFor(questions, plan),
      confidence,
      took: 120,
      at,
    });
  const row = (body: AttemptReport, tag: Confidence | null) =>
    body.confidence.rows.find((r) => r.tag === tag);

  it("counts each tag and the untagged answers with net marks under negative marking", async () => {
    // +2 for a right answer, −2/3 for a wrong one.
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: 10,
      negative: { marks: 2, fraction: 1 / 3 },
    });
    const taken = await take(
      { kind: "exam", id: exam.id },
      questions,
      ["right", "wrong", "right", "right", "wrong", "wrong", "wrong", "wrong", "right", "skip"],
      ["sure", "sure", "fifty_fifty", "guess", "guess", "guess", "guess", "guess", null, null],
    );
    const { status, body } = await report(taken.attempt.id);
    expect(status).toBe(200);
    expect(body.confidence.rows.map((r) => r.tag)).toEqual(["sure", "fifty_fifty", "guess", null]);
    // Sure: 1 right, 1 wrong: 2 − 2/3 = 1.33.
    expect(row(body, "sure")).toMatchObject({
      attempted: 2,
      correct: 1,
      wrong: 1,
      accuracy: 50,
      marks: 1.33,
    });
    expect(row(body, "fifty_fifty")).toMatchObject({
      attempted: 1,
      correct: 1,
      accuracy: 100,
      marks: 2,
    });
    // Guess: 1 right, 4 wrong: 2 − 4 × 2/3 = −0.67.
    expect(row(body, "guess")).toMatchObject({
      attempted: 5,
      correct: 1,
      wrong: 4,
      accuracy: 20,
      marks: -0.67,
    });
    // Not tagged: one right, one skipped (counted as a question, not attempted).
    expect(row(body, null)).toMatchObject({
      questions: 2,
      attempted: 1,
      correct: 1,
      skipped: 1,
      marks: 2,
    });
    expect(body.confidence.guessMarks).toBe(-0.67);
    expect(body.confidence.verdict).toBe("cost");
    // The tags' net marks add up to the attempt's: 8 − 5 × 2/3 = 4.67.
    expect(body.summary.marksObtained).toBe(4.67);
    const sum = body.confidence.rows.reduce((total, r) => total + r.marks, 0);
    expect(sum).toBeCloseTo(4.67, 1);
  });

  it("counts correct × marks without negative marking, and says when guessing paid off", async () => {
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 4 });
    const taken = await take(
      { kind: "exam", id: exam.id },
      questions,
      ["right", "wrong", "wrong", "right"],
      ["guess", "guess", "guess", "sure"],
    );
    const { body } = await report(taken.attempt.id);
    expect(row(body, "guess")).toMatchObject({ attempted: 3, correct: 1, marks: 1 });
    expect(body.confidence).toMatchObject({ guessMarks: 1, verdict: "paid" });
  });

  it("says when nothing was guessed, and when nothing was tagged at all", async () => {
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 2 });
    const sure = await take(
      { kind: "exam", id: exam.id },
      questions,
      ["right", "wrong"],
      ["sure", null],
    );
    expect((await report(sure.attempt.id)).body.confidence).toMatchObject({
      guessMarks: 0,
      verdict: "none",
    });
    const { quiz, questions: quizQuestions } = await createQuizFixture(t.db, {
      publishedOn: "2026-03-01",
    });
    const plain = await take(
      { kind: "quiz", id: quiz.id },
      quizQuestions,
      ["right", "wrong", "skip", "right"],
      [],
    );
    const { body } = await report(plain.attempt.id);
    expect(body.confidence.verdict).toBe("untagged");
    // A quiz: 10 marks over 4 questions, no negative marking.
    expect(row(body, null)).toMatchObject({ attempted: 3, correct: 2, marks: 5 });
  });
});

describe("the weakest topics' practise link", () => {
  it("lists the exams with a question of that subject", async () => {
    const { exam, polity } = await taggedExam();
    const untagged = await createExamFixture(t.db);
    const response = await t.request(`/api/exams?subject=${polity.id}`, {
      cookie: student.cookie,
    });
    expect(response.status).toBe(200);
    const ids = ((await response.json()) as { id: string }[]).map((e) => e.id);
    expect(ids).toEqual([exam.id]);
    expect(ids).not.toContain(untagged.exam.id);
    expect((await t.request("/api/exams?subject=nope", { cookie: student.cookie })).status).toBe(
      422,
    );
  });
});
