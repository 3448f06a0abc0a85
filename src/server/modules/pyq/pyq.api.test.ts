import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import {
  PYQ_TEXT,
  type PyqAnswerResult,
  type PyqFilters,
  type PyqQuestionPage,
  type PyqTrend,
} from "../../../shared/pyq.ts";
import { examCategories, exams, questions } from "../../db/schema/exams.ts";
import { pyqAnswers } from "../../db/schema/pyq.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

const { t, student, other, subscriber, admin } = setupTestApp({
  users: { student: "student", other: "student", subscriber: "student", admin: "admin" },
});

/** The questions of this file by name (q1 ... q8), and the taxonomy's ids. */
const id: Record<string, string> = {};

const OPTIONS = { A: "Option A", B: "Option B", C: "Option C", D: "Option D" };
const HINDI_EXPLANATION = "हिंदी व्याख्या: अनुच्छेद 110";

beforeAll(async () => {
  const [polity, history] = await t.db
    .insert(subjects)
    .values([
      { name: "PYQ Polity", sortOrder: 1 },
      { name: "PYQ History", sortOrder: 2 },
    ])
    .returning();
  if (!polity || !history) throw new Error("no subjects");
  const [parliament, judiciary, modern] = await t.db
    .insert(topics)
    .values([
      { subjectId: polity.id, name: "Parliament" },
      { subjectId: polity.id, name: "Judiciary" },
      { subjectId: history.id, name: "Modern India" },
    ])
    .returning();
  if (!parliament || !judiciary || !modern) throw new Error("no topics");
  Object.assign(id, {
    polity: polity.id,
    history: history.id,
    parliament: parliament.id,
    judiciary: judiciary.id,
    modern: modern.id,
  });
  const [category] = await t.db.insert(examCategories).values({ name: "PYQ papers" }).returning();
  if (!category) throw new Error("no category");
  const [paper2023, mock, premium] = await t.db
    .insert(exams)
    .values([
      { title: "Prelims 2023", categoryId: category.id, kind: "pyp", year: 2023 },
      { title: "Free mock", categoryId: category.id, kind: "mock" },
      { title: "Premium series", categoryId: category.id, kind: "series", isFree: false },
    ])
    .returning();
  const [premiumQuiz] = await t.db
    .insert(quizzes)
    .values({ title: "Premium quiz", isFree: false })
    .returning();
  if (!paper2023 || !mock || !premium || !premiumQuiz) throw new Error("no papers");
  const question = (
    name: string,
    owner: { examId: string } | { quizId: string },
    tags: { subjectId: string; topicId?: string; pyqYear?: number },
    correctAnswer: OptionKey,
    second: number,
    hindi = false,
  ) => ({
    id: crypto.randomUUID(),
    name,
    row: {
      ...owner,
      questionText: `Question ${name}?`,
      options: OPTIONS,
      correctAnswer,
      explanation: `Explanation of ${name}.`,
      subjectId: tags.subjectId,
      topicId: tags.topicId ?? null,
      pyqYear: tags.pyqYear ?? null,
      translations: hindi
        ? {
            hi: {
              questionText: `प्रश्न ${name}?`,
              options: { A: "क", B: "ख", C: "ग", D: "घ" },
              explanation: HINDI_EXPLANATION,
            },
          }
        : {},
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, second)),
    },
  });
  const paper = { examId: paper2023.id };
  const rows = [
    // The 2023 paper's questions carry no year of their own: they take the paper's.
    question("q1", paper, { subjectId: polity.id, topicId: parliament.id }, "A", 1, true),
    question("q2", paper, { subjectId: polity.id, topicId: parliament.id }, "B", 2),
    question("q3", paper, { subjectId: history.id, topicId: modern.id }, "C", 3),
    // A question's own year wins over its paper's; this one has no topic.
    question("q8", paper, { subjectId: history.id, pyqYear: 2020 }, "D", 8),
    question(
      "q4",
      { examId: mock.id },
      { subjectId: polity.id, topicId: judiciary.id, pyqYear: 2024 },
      "D",
      4,
    ),
    // A mock's question without a year is no PYQ.
    question("q5", { examId: mock.id }, { subjectId: polity.id, topicId: judiciary.id }, "A", 5),
    question(
      "q6",
      { examId: premium.id },
      { subjectId: polity.id, topicId: judiciary.id, pyqYear: 2024 },
      "A",
      6,
    ),
    question(
      "q7",
      { quizId: premiumQuiz.id },
      { subjectId: history.id, topicId: modern.id, pyqYear: 2022 },
      "B",
      7,
    ),
  ];
  await t.db.insert(questions).values(rows.map((r) => ({ id: r.id, ...r.row })));
  for (const r of rows) id[r.name] = r.id;

  // The subscriber holds an active lifetime plan (no end date: no clock involved).
  const [plan] = await t.db.insert(subscriptionPlans).values({ name: "PYQ plan" }).returning();
  if (!plan) throw new Error("no plan");
  await t.db.insert(userSubscriptions).values({
    userId: subscriber.id,
    planId: plan.id,
    status: "active",
    startDate: new Date("2020-01-01T00:00:00Z"),
    endDate: null,
    planName: "PYQ plan",
  });
});

async function get<T>(path: string, user: TestUser = student) {
  const response = await t.request(path, { cookie: user.cookie });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as T };
}

async function answer(user: TestUser, body: unknown) {
  const response = await t.request("/api/pyq/answers", {
    method: "POST",
    body,
    cookie: user.cookie,
  });
  return { status: response.status, body: (await response.json()) as PyqAnswerResult };
}

const storedAnswers = () =>
  t.db.select().from(pyqAnswers).orderBy(asc(pyqAnswers.userId), asc(pyqAnswers.questionId));

describe("PYQ explorer: browse and trend", () => {
  it("lists the subjects, topics and years that have PYQs, with counts (premium ones included)", async () => {
    const { status, body } = await get<PyqFilters>("/api/pyq/filters");
    expect(status).toBe(200);
    expect(body.total).toBe(7);
    expect(body.years).toEqual([2024, 2023, 2022, 2020]);
    expect(body.subjects).toEqual([
      {
        id: id.polity,
        name: "PYQ Polity",
        questions: 4,
        topics: [
          { id: id.judiciary, name: "Judiciary", questions: 2 },
          { id: id.parliament, name: "Parliament", questions: 2 },
        ],
      },
      {
        id: id.history,
        name: "PYQ History",
        questions: 3,
        topics: [{ id: id.modern, name: "Modern India", questions: 2 }],
      },
    ]);
  });

  it("counts each subject's questions per year, and each topic's for a chosen subject", async () => {
    const all = await get<PyqTrend>("/api/pyq/trend");
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      by: "subject",
      years: [2020, 2022, 2023, 2024],
      rows: [
        { id: id.polity, name: "PYQ Polity", subjectName: null, counts: [0, 0, 2, 2], total: 4 },
        { id: id.history, name: "PYQ History", subjectName: null, counts: [1, 1, 1, 0], total: 3 },
      ],
    });

    const polity = await get<PyqTrend>(`/api/pyq/trend?subjectId=${id.polity}`);
    expect(polity.body).toEqual({
      by: "topic",
      years: [2020, 2022, 2023, 2024],
      rows: [
        {
          id: id.judiciary,
          name: "Judiciary",
          subjectName: "PYQ Polity",
          counts: [0, 0, 0, 2],
          total: 2,
        },
        {
          id: id.parliament,
          name: "Parliament",
          subjectName: "PYQ Polity",
          counts: [0, 0, 2, 0],
          total: 2,
        },
      ],
    });

    // History's question without a topic is its own row; the range keeps its years only.
    const history = await get<PyqTrend>(
      `/api/pyq/trend?subjectId=${id.history}&fromYear=2020&toYear=2022`,
    );
    expect(history.body).toEqual({
      by: "topic",
      years: [2020, 2022],
      rows: [
        {
          id: id.modern,
          name: "Modern India",
          subjectName: "PYQ History",
          counts: [0, 1],
          total: 1,
        },
        { id: null, name: null, subjectName: "PYQ History", counts: [1, 0], total: 1 },
      ],
    });
  });
});

describe("PYQ explorer: questions without their keys", () => {
  it("pages the PYQs newest year first, with no key or explanation, and counts the premium ones left out", async () => {
    const { status, text, body } = await get<PyqQuestionPage>("/api/pyq/questions?pageSize=10");
    expect(status).toBe(200);
    expect(body.items.map((q) => [q.id, q.year])).toEqual([
      [id.q4, 2024],
      [id.q1, 2023],
      [id.q2, 2023],
      [id.q3, 2023],
      [id.q8, 2020],
    ]);
    expect(body).toMatchObject({ total: 5, page: 1, pageSize: 10, premiumHidden: 2 });
    // Nothing of the key anywhere in the answer, in any language.
    expect(text).not.toMatch(/correctAnswer|explanation|isCorrect|Explanation of/);
    expect(text).not.toContain(HINDI_EXPLANATION);
    const q1 = body.items.find((q) => q.id === id.q1);
    expect(q1).toEqual({
      id: id.q1,
      year: 2023,
      subject: { id: id.polity, name: "PYQ Polity" },
      topic: { id: id.parliament, name: "Parliament" },
      source: { kind: "exam", title: "Prelims 2023", isFree: true },
      questionText: "Question q1?",
      options: OPTIONS,
      translations: {
        hi: { questionText: "प्रश्न q1?", options: { A: "क", B: "ख", C: "ग", D: "घ" } },
      },
      answer: null,
      keyHold: null,
    });
  });

  it("filters by subject, topic and years, and pages", async () => {
    const parliament = await get<PyqQuestionPage>(
      `/api/pyq/questions?subjectId=${id.polity}&topicId=${id.parliament}`,
    );
    expect(parliament.body.items.map((q) => q.id)).toEqual([id.q1, id.q2]);
    expect(parliament.body.premiumHidden).toBe(0);

    const judiciary = await get<PyqQuestionPage>(`/api/pyq/questions?topicId=${id.judiciary}`);
    expect(judiciary.body.items.map((q) => q.id)).toEqual([id.q4]);
    expect(judiciary.body).toMatchObject({ total: 1, premiumHidden: 1 });

    const twoSubjects = await get<PyqQuestionPage>(
      `/api/pyq/questions?subjectId=${id.polity}&subjectId=${id.history}&fromYear=2023&toYear=2023`,
    );
    expect(twoSubjects.body.items.map((q) => q.id)).toEqual([id.q1, id.q2, id.q3]);

    const second = await get<PyqQuestionPage>("/api/pyq/questions?page=2&pageSize=2");
    expect(second.body.items.map((q) => q.id)).toEqual([id.q2, id.q3]);
    expect(second.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
  });

  it("shows premium papers' questions to a subscriber and an admin", async () => {
    for (const user of [subscriber, admin]) {
      const { body } = await get<PyqQuestionPage>("/api/pyq/questions?pageSize=10", user);
      expect(body.items.map((q) => q.id)).toEqual([
        id.q4,
        id.q6,
        id.q1,
        id.q2,
        id.q3,
        id.q7,
        id.q8,
      ]);
      expect(body).toMatchObject({ total: 7, premiumHidden: 0 });
      expect(body.items.find((q) => q.id === id.q7)?.source).toEqual({
        kind: "quiz",
        title: "Premium quiz",
        isFree: false,
      });
    }
  });

  it("needs a signed-in student or admin", async () => {
    const response = await t.request("/api/pyq/questions");
    expect(response.status).toBe(401);
  });
});

describe("PYQ explorer: answering", () => {
  it("grades an answer and only then reveals the key and explanation; a second answer keeps the first", async () => {
    const first = await answer(student, { questionId: id.q1, selectedAnswer: "B" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      questionId: id.q1,
      firstAnswer: true,
      answer: {
        selectedAnswer: "B",
        isCorrect: false,
        correctAnswer: "A",
        explanation: "Explanation of q1.",
        explanationHi: HINDI_EXPLANATION,
        answeredAt: expect.any(String),
      },
    });

    const again = await answer(student, { questionId: id.q1, selectedAnswer: "A" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, firstAnswer: false });
    const rows = await t.db.select().from(pyqAnswers).where(eq(pyqAnswers.userId, student.id));
    expect(rows).toEqual([
      {
        userId: student.id,
        questionId: id.q1,
        selectedAnswer: "B",
        isCorrect: false,
        answeredAt: expect.any(Date),
      },
    ]);

    // A reload shows the verdict of the answered question, and still no key for the others.
    const { text, body } = await get<PyqQuestionPage>(
      `/api/pyq/questions?subjectId=${id.polity}&topicId=${id.parliament}`,
    );
    expect(body.items[0]?.answer).toEqual(first.body.answer);
    expect(body.items[1]).toMatchObject({ id: id.q2, answer: null });
    expect(text).not.toContain("Explanation of q2.");
    expect(text.match(/correctAnswer/g)).toHaveLength(1);
  });

  it("grades a right answer as correct", async () => {
    const right = await answer(student, { questionId: id.q4, selectedAnswer: "D" });
    expect(right.status).toBe(201);
    expect(right.body.answer).toMatchObject({ isCorrect: true, correctAnswer: "D" });
    expect(right.body.answer.explanationHi).toBeNull();
  });

  it("keeps each student's answers to themselves", async () => {
    // The first student answered q1; the other sees it unanswered, without its key.
    const { text, body } = await get<PyqQuestionPage>("/api/pyq/questions", other);
    expect(body.items.find((q) => q.id === id.q1)?.answer).toBeNull();
    expect(text).not.toMatch(/correctAnswer|explanation/);

    // Their own answer is graded on its own, and does not touch the first student's.
    const mine = await answer(other, { questionId: id.q1, selectedAnswer: "A" });
    expect(mine.status).toBe(201);
    expect(mine.body.answer).toMatchObject({ selectedAnswer: "A", isCorrect: true });
    const first = await get<PyqQuestionPage>(
      `/api/pyq/questions?topicId=${id.parliament}`,
      student,
    );
    expect(first.body.items[0]?.answer).toMatchObject({ selectedAnswer: "B", isCorrect: false });
    const rows = await t.db
      .select({ selected: pyqAnswers.selectedAnswer })
      .from(pyqAnswers)
      .where(and(eq(pyqAnswers.userId, other.id), eq(pyqAnswers.questionId, String(id.q1))));
    expect(rows).toEqual([{ selected: "A" }]);
  });

  it("refuses a premium question to a student without a plan and stores nothing", async () => {
    const before = await storedAnswers();
    for (const questionId of [id.q6, id.q7]) {
      const refused = await t.request("/api/pyq/answers", {
        method: "POST",
        body: { questionId, selectedAnswer: "A" },
        cookie: student.cookie,
      });
      expect(refused.status).toBe(403);
      const error = (await refused.json()).error;
      expect(error).toMatchObject({
        code: "FORBIDDEN",
        message: PYQ_TEXT.premiumRequired,
        details: { reason: "PREMIUM_REQUIRED", plansUrl: "/student/subscriptions" },
      });
      expect(JSON.stringify(error)).not.toMatch(/correctAnswer|explanation/);
    }
    expect(await storedAnswers()).toEqual(before);

    // A subscriber answers it.
    const allowed = await answer(subscriber, { questionId: id.q6, selectedAnswer: "A" });
    expect(allowed.status).toBe(201);
    expect(allowed.body.answer).toMatchObject({ isCorrect: true, correctAnswer: "A" });
  });

  it("refuses bad input with 422, an unknown or non-PYQ question with 404, and writes nothing", async () => {
    const before = await storedAnswers();
    const bad: [unknown, number][] = [
      [{ questionId: "not-a-uuid", selectedAnswer: "A" }, 422],
      [{ questionId: id.q2, selectedAnswer: "E" }, 422],
      [{ questionId: id.q2, selectedAnswer: "a" }, 422],
      [{ questionId: id.q2, selectedAnswer: null }, 422],
      [{ questionId: id.q2 }, 422],
      [{ questionId: id.q2, selectedAnswer: "A", isCorrect: true }, 422],
      [[], 422],
      [{ questionId: crypto.randomUUID(), selectedAnswer: "A" }, 404],
      // A mock's question without a year is not a previous-year question.
      [{ questionId: id.q5, selectedAnswer: "A" }, 404],
    ];
    for (const [body, status] of bad) {
      const response = await t.request("/api/pyq/answers", {
        method: "POST",
        body,
        cookie: student.cookie,
      });
      expect(response.status, JSON.stringify(body)).toBe(status);
      const error = (await response.json()).error;
      expect(error.code).toBe(status === 422 ? "VALIDATION_FAILED" : "NOT_FOUND");
    }
    const chooseOption = await answer(student, { questionId: id.q2, selectedAnswer: "E" });
    expect((chooseOption.body as unknown as { error: { message: string } }).error.message).toBe(
      PYQ_TEXT.chooseOption,
    );
    expect(await storedAnswers()).toEqual(before);
  });

  it("refuses a bad filter with 422", async () => {
    for (const query of [
      "subjectId=not-a-uuid",
      `topicId=${id.judiciary}&topicId=nope`,
      "fromYear=2024&toYear=2020",
      "fromYear=1900",
      "fromYear=abcd",
      "pageSize=101",
      "page=0",
    ]) {
      for (const path of ["/api/pyq/questions", "/api/pyq/trend"]) {
        if (path.endsWith("trend") && query.startsWith("page")) continue;
        const response = await t.request(`${path}?${query}`, { cookie: student.cookie });
        expect(response.status, `${path}?${query}`).toBe(422);
      }
    }
  });
});
