import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import {
  exams,
  liveTests,
  questionSetItems,
  questionSets,
  questions,
} from "../../db/schema/exams.ts";
import { pyqAnswers } from "../../db/schema/pyq.ts";
import { keyChanges } from "../../db/schema/question-reports.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { keyHolds } from "./key-gate.ts";

/**
 * The answer-keys gate, asked through every route of the app (decision 060). The student here
 * has every key of theirs held: one exam they completed and retake now (its questions also in a
 * finished practice test, their revision notebook and the previous-year explorer), a quiz they
 * completed and retake now, and a previous-year paper scheduled as an All-India live test 30
 * minutes from now. Every GET route in the route table (read from the app, not listed here) is
 * asked with every id the student has; no answer may carry a key, an explanation or a verdict.
 */

const { t, student, admin } = setupTestApp({ users: { student: "student", admin: "admin" } });

const MARK = "KEYGATE-SECRET";
const NOW = new Date();
const ids = new Set<string>();
let retakeId = "";
let liveQuestionIds: string[] = [];
let examQuestionIds: string[] = [];
let quizQuestionIds: string[] = [];
/** Questions the student has not met: nothing holds them from a practice test or the explorer. */
let freeQuestionIds: string[] = [];

/** The wrong choice for a question of the fixtures (keys cycle A, B, C, D). */
const wrong = (key: OptionKey): OptionKey => (key === "A" ? "B" : "A");

async function api<T = unknown>(path: string, body?: unknown) {
  const response = await t.request(path, { cookie: student.cookie, body });
  const text = await response.text();
  let json: T | null = null;
  try {
    json = JSON.parse(text) as T;
  } catch {}
  return { status: response.status, text, json };
}

/** Takes a target through the HTTP routes: start, answer every question wrongly, submit. */
async function takeWrongly(startPath: string, keys: Map<string, OptionKey>) {
  const started = await api<{ attempt: { id: string }; questions: { id: string }[] }>(
    startPath,
    {},
  );
  expect(started.status).toBe(200);
  const session = started.json as { attempt: { id: string }; questions: { id: string }[] };
  const answers = session.questions.map((q, i) => ({
    questionId: q.id,
    selectedAnswer: wrong(keys.get(q.id) ?? "A"),
    markedForReview: false,
    confidence: null,
    clientSeq: i + 1,
  }));
  expect((await api(`/api/attempts/${session.attempt.id}/answers`, { answers })).status).toBe(200);
  expect((await api(`/api/attempts/${session.attempt.id}/submit`, {})).status).toBe(200);
  return session.attempt.id;
}

/** Names of fields that carry a key, an explanation or a verdict, with a value. */
function leaks(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${path}.${key}`;
    const keyField = /^(correctAnswer|correct_answer|explanation|explanationHi|isCorrect)$/;
    if (keyField.test(key) && v !== null && v !== undefined) return [here];
    // A key change's traces (decision 064): the options also accepted, the old and new keys.
    if (/^(alsoAccepted|newAnswers|oldAnswers)$/.test(key) && Array.isArray(v) && v.length > 0)
      return [here];
    if (key === "outcome" && (v === "correct" || v === "wrong")) return [here];
    return leaks(v, here);
  });
}

beforeAll(async () => {
  // A previous-year paper (kind 'pyp' with a year), every explanation marked.
  const paper = await createExamFixture(t.db, { kind: "pyp", questionCount: 4 });
  await t.db.update(exams).set({ year: 2019 }).where(eq(exams.id, paper.exam.id));
  await t.db
    .update(questions)
    .set({
      explanation: sql`${MARK} || ' ' || ${questions.id}::text`,
      translations: sql`jsonb_build_object('hi', jsonb_build_object('questionText', 'प्रश्न',
        'options', ${questions.options}, 'explanation', ${`${MARK}-HI`}::text))`,
    })
    .where(eq(questions.examId, paper.exam.id));
  examQuestionIds = paper.questions.map((q) => q.id);
  const keys = new Map(paper.questions.map((q) => [q.id, q.correctAnswer]));

  // Completed once: the review, the report and the revision notebook (wrong answers) exist.
  const first = await takeWrongly(`/api/exams/${paper.exam.id}/attempts`, keys);
  // A practice test of previous-year questions, built and finished before the retake.
  const built = await api<{ id: string }>("/api/practice", {
    sources: ["pyq"],
    questionCount: 5,
    negativeMarking: false,
  });
  expect(built.status).toBeLessThan(300);
  const practiceId = (built.json as { id: string }).id;
  const practiceAttempt = await takeWrongly(`/api/practice/${practiceId}/attempts`, keys);
  // One answered in the explorer too.
  const [firstQuestion] = examQuestionIds;
  expect(
    (await api("/api/pyq/answers", { questionId: firstQuestion, selectedAnswer: "D" })).status,
  ).toBe(201);

  // A post in the discussion of a question answered, quoting its key (decision 064): held below.
  const posted = await api<{ id: string }>(`/api/questions/${firstQuestion}/discussion`, {
    body: `${MARK} the answer is A`,
  });
  expect(posted.status).toBe(201);

  // A quiz completed once, its explanations marked.
  const quiz = await createQuizFixture(t.db, { questionCount: 2, hindi: true });
  await t.db.update(questions).set({ explanation: MARK }).where(eq(questions.quizId, quiz.quiz.id));
  quizQuestionIds = quiz.questions.map((q) => q.id);
  const quizKeys = new Map(quiz.questions.map((q) => [q.id, q.correctAnswer]));
  const quizFirst = await takeWrongly(`/api/quizzes/${quiz.quiz.id}/attempts`, quizKeys);

  // Now the retakes are under way: every key above is held.
  const retake = await api<{ attempt: { id: string } }>(`/api/exams/${paper.exam.id}/attempts`, {});
  retakeId = (retake.json as { attempt: { id: string } }).attempt.id;
  const quizRetake = await api<{ attempt: { id: string } }>(
    `/api/quizzes/${quiz.quiz.id}/attempts`,
    {},
  );
  expect(quizRetake.status).toBe(200);

  // A previous-year paper scheduled as a live test, opening in 30 minutes.
  const live = await createExamFixture(t.db, { kind: "pyp", questionCount: 3 });
  await t.db.update(exams).set({ year: 2020, isFree: true }).where(eq(exams.id, live.exam.id));
  await t.db.update(questions).set({ explanation: MARK }).where(eq(questions.examId, live.exam.id));
  await t.db.insert(liveTests).values({
    examId: live.exam.id,
    opensAt: new Date(NOW.getTime() + 30 * 60_000),
    entryMinutes: 15,
    durationMinutes: 60,
  });
  liveQuestionIds = live.questions.map((q) => q.id);
  // An admin (never held) posts in the live test's discussion, quoting its key.
  const livePost = await t.request(`/api/questions/${liveQuestionIds[0]}/discussion`, {
    cookie: admin.cookie,
    body: { body: `${MARK} the answer is A` },
  });
  expect(livePost.status).toBe(201);
  expect(
    (
      await api(`/api/live-tests/${live.exam.id}/registration`, {
        displayName: "Asha",
      })
    ).status,
  ).toBeLessThan(300);

  // Questions the student has not met, in a paper and in a published quiz (tagged with a year).
  const untouched = await createExamFixture(t.db, { kind: "pyp", questionCount: 4 });
  await t.db.update(exams).set({ year: 2017 }).where(eq(exams.id, untouched.exam.id));
  const untouchedQuiz = await createQuizFixture(t.db, { questionCount: 2 });
  await t.db
    .update(questions)
    .set({ pyqYear: 2018 })
    .where(eq(questions.quizId, untouchedQuiz.quiz.id));
  freeQuestionIds = [...untouched.questions, ...untouchedQuiz.questions].map((q) => q.id);

  // A key change on a held question of each paper: the papers' key-change logs must not show it.
  for (const [questionId, owner] of [
    [examQuestionIds[1], { examId: paper.exam.id }],
    [quizQuestionIds[0], { quizId: quiz.quiz.id }],
    [liveQuestionIds[0], { examId: live.exam.id }],
  ] as const) {
    await t.db.insert(keyChanges).values({
      questionId: questionId ?? "",
      ...owner,
      kind: "key",
      oldAnswers: ["A"],
      newAnswers: ["B", "C"],
      reason: MARK,
      reasonHi: MARK,
    });
  }

  const sets = await t.db
    .select({ setId: questionSetItems.setId })
    .from(questionSetItems)
    .where(eq(questionSetItems.questionId, firstQuestion ?? ""));
  for (const id of [
    first,
    practiceAttempt,
    practiceId,
    quizFirst,
    retakeId,
    (quizRetake.json as { attempt: { id: string } }).attempt.id,
    paper.exam.id,
    paper.category.id,
    quiz.quiz.id,
    live.exam.id,
    ...examQuestionIds,
    ...quizQuestionIds,
    ...liveQuestionIds,
    ...sets.map((s) => s.setId),
    (posted.json as { id: string }).id,
    ((await livePost.json()) as { id: string }).id,
    student.id,
  ]) {
    ids.add(id);
  }
}, 60_000);

/** Every GET route of the app, each path parameter filled with each of the student's ids. */
function requestsFromRouteTable(): string[] {
  const routes = t.app.routes
    .filter((r) => r.method === "GET" && r.path.startsWith("/api/"))
    .map((r) => r.path);
  const paths = new Set<string>();
  for (const route of new Set(routes)) {
    const params = route.match(/:[A-Za-z]+(\{[^}]*\})?/g) ?? [];
    if (route.includes("*")) continue;
    if (params.length === 0) {
      paths.add(route);
      continue;
    }
    // One parameter: every id. Two or more: every id in each, the others the same id.
    for (const id of ids) {
      let filled = route;
      for (const param of params) filled = filled.replace(param, id);
      paths.add(filled);
    }
  }
  return [...paths];
}

describe("the answer-keys gate, asked through every route", () => {
  it("holds the keys the fixture should hold, by the one function", async () => {
    const viewer = { userId: student.id, role: "student" as const };
    const holds = await keyHolds(t.db, {
      viewer,
      questionIds: [...examQuestionIds, ...quizQuestionIds, ...liveQuestionIds],
      now: new Date(),
    });
    for (const id of [...examQuestionIds, ...quizQuestionIds]) {
      expect(holds.get(id)).toBe("open_attempt");
    }
    for (const id of liveQuestionIds) expect(holds.get(id)).toBe("live_unpublished");
    // An admin is never held.
    expect(
      (
        await keyHolds(t.db, {
          viewer: { userId: admin.id, role: "admin" },
          questionIds: examQuestionIds,
          now: NOW,
        })
      ).size,
    ).toBe(0);
  });

  it("gives no key, explanation or verdict on any GET route of the app", async () => {
    const paths = requestsFromRouteTable();
    // The route table is read, not listed: the explorer, reviews, reports and the notebook are in it.
    expect(paths.length).toBeGreaterThan(100);
    for (const needle of [
      "/api/pyq/questions",
      "/api/revision/cards",
      `/api/attempts/${retakeId}`,
      `/api/questions/${examQuestionIds[0]}/discussion`,
    ]) {
      expect(paths.some((p) => p.startsWith(needle))).toBe(true);
    }
    const found: string[] = [];
    let answered = 0;
    for (const path of paths) {
      const query = path.includes("?") ? "" : "?pageSize=100&language=hi";
      const response = await api(`${path}${query}`);
      if (response.status === 200) answered += 1;
      if (response.text.includes(MARK)) found.push(`${path}: explanation text`);
      for (const leak of leaks(response.json)) found.push(`${path}: ${leak}`);
    }
    expect(found).toEqual([]);
    // Most routes answered: the ids reached the routes that read them.
    expect(answered).toBeGreaterThan(40);
  }, 120_000);

  it("shows the held questions' reviews without their keys, and says why", async () => {
    const list = (
      await api<{ items: { id: string; keyHold: string | null }[] }>(
        "/api/pyq/questions?pageSize=100",
      )
    ).json as { items: { id: string; keyHold: string | null; answer: unknown }[] };
    const held = list.items.find((q) => q.id === examQuestionIds[0]);
    expect(held).toMatchObject({ keyHold: "open_attempt", answer: null });
    // What nothing holds is listed as ever: a paper's and a quiz's questions the student has not met.
    for (const id of freeQuestionIds) {
      expect(list.items.find((q) => q.id === id)).toMatchObject({ keyHold: null, answer: null });
    }
    // The live test's questions are not in the explorer before its results are out.
    expect(list.items.some((q) => liveQuestionIds.includes(q.id))).toBe(false);
    const filters = (await api<{ years: number[] }>("/api/pyq/filters")).json as {
      years: number[];
    };
    expect(filters.years).not.toContain(2020);
  });

  it("refuses a PYQ answer that would give a held key, and stores nothing", async () => {
    const stored = async () =>
      (
        await t.db.select({ n: count() }).from(pyqAnswers).where(eq(pyqAnswers.userId, student.id))
      )[0]?.n;
    const before = await stored();
    const inRetake = await api("/api/pyq/answers", {
      questionId: examQuestionIds[1],
      selectedAnswer: "A",
    });
    expect(inRetake.status).toBe(409);
    expect(inRetake.text).not.toContain(MARK);
    const inLive = await api("/api/pyq/answers", {
      questionId: liveQuestionIds[0],
      selectedAnswer: "A",
    });
    expect(inLive.status).toBe(404);
    expect(await stored()).toBe(before);
  });

  it("builds a practice test and a revision session from nothing held", async () => {
    const sets = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(questionSets)
          .where(eq(questionSets.userId, student.id))
      )[0]?.n;
    const before = await sets();
    // Only the six questions the student has not met can be drawn: asking for seven draws them.
    const tooMany = await api("/api/practice", {
      sources: ["pyq", "mock", "quiz"],
      questionCount: 7,
    });
    expect(tooMany.status).toBe(201);
    const drawn = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, (tooMany.json as { id: string }).id));
    expect(drawn.map((d) => d.questionId).sort()).toEqual([...freeQuestionIds].sort());
    const afterBuild = await sets();
    expect(afterBuild).toBe((before ?? 0) + 1);
    // The notebook's cards (the first attempt's wrong answers) are all due, and all held.
    const cards = await t.db
      .update(revisionCards)
      .set({ due: new Date(Date.now() - 86_400_000) })
      .where(eq(revisionCards.userId, student.id))
      .returning();
    expect(cards.length).toBeGreaterThan(0);
    const session = await api("/api/revision/sessions?tz=Asia/Kolkata", {});
    expect(session.status).toBe(409);
    expect(await sets()).toBe(afterBuild);
  });
});
