import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts } from "../../db/schema/exams.ts";
import { userSavedQuizzes } from "../../db/schema/quizzes.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import { takeQuiz } from "../../test/quiz-helpers.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { listQuizzesForStudent } from "./quiz-list.service.ts";

const { t } = setupTestApp();

const at = new Date("2026-03-10T06:00:00Z");
const DAY = 86_400_000;

type Card = Awaited<ReturnType<typeof listQuizzesForStudent>>["items"][number];
async function cardFor(userId: string, quizId: string, now = at): Promise<Card> {
  const page = await listQuizzesForStudent(t.db, { userId, filter: "all", page: 1, now });
  const card = page.items.find((c) => c.id === quizId);
  if (!card) throw new Error("quiz not listed");
  return card;
}

describe("rank", () => {
  it("ranks each student's first completed attempt by score, then time; ties share a rank", async () => {
    const { quiz, questions } = await createQuizFixture(t.db, {
      questionCount: 4,
      publishedOn: "2026-03-01",
    });
    const users = await Promise.all(Array.from({ length: 5 }, () => t.createUser("student")));
    const [a, b, c, d, e] = users.map((u) => u.id) as [string, string, string, string, string];
    const take = (userId: string, correct: number, seconds: number, offset = 0) =>
      takeQuiz(t.db, {
        userId,
        quizId: quiz.id,
        questions,
        correct,
        seconds,
        at: new Date(at.getTime() + offset),
      });
    await take(a, 4, 100);
    await take(b, 3, 50);
    await take(c, 3, 50);
    await take(d, 2, 10);
    await take(e, 1, 20);
    // Later attempts never move a rank: e's perfect second try and a's poor one do not count.
    await take(e, 4, 5, 600_000);
    await take(a, 0, 5, 600_000);
    const ranks = await Promise.all(users.map((u) => cardFor(u.id, quiz.id)));
    expect(ranks.map((r) => r.rank)).toEqual([
      { position: 1, of: 5 },
      { position: 2, of: 5 },
      { position: 2, of: 5 },
      { position: 4, of: 5 },
      { position: 5, of: 5 },
    ]);
    // The card shows the newest attempt's score, with the rank of the first.
    const eCard = ranks[4];
    expect(eCard?.latestAttempt).toMatchObject({ attemptNumber: 2, score: 10 });
    const newcomer = await t.createUser("student");
    expect((await cardFor(newcomer.id, quiz.id)).rank).toBeNull();
  });
});

describe("the quiz list", () => {
  it("counts completed attempts from the database, all time and in the last 7 days", async () => {
    const { quiz, questions } = await createQuizFixture(t.db, { publishedOn: "2026-01-02" });
    const users = await Promise.all(Array.from({ length: 3 }, () => t.createUser("student")));
    for (const [i, u] of users.entries()) {
      await takeQuiz(t.db, {
        userId: u.id,
        quizId: quiz.id,
        questions,
        correct: 1,
        seconds: 60,
        at: new Date(at.getTime() - i * 5 * DAY),
      });
    }
    // An attempt still open counts nowhere.
    const viewer = users[0]!;
    await t.request(`/api/quizzes/${quiz.id}/attempts`, { method: "POST", cookie: viewer.cookie });
    const card = await cardFor(viewer.id, quiz.id);
    expect(card.attempts).toEqual({ total: 3, last7Days: 2 });
    expect(card.numQuestions).toBe(4);
    expect(card.languages).toEqual(["English"]);
    expect(card.maxMarks).toBe(10);
  });

  it("pages newest first and filters saved and not attempted", async () => {
    const me = await t.createUser("student");
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(
        await createQuizFixture(t.db, { title: `Filter ${i}`, publishedOn: `2026-02-0${i + 1}` }),
      );
    }
    const [q0, q1, q2] = made.map((m) => m.quiz.id) as [string, string, string];
    await t.request(`/api/quizzes/${q1}/bookmark`, { method: "PUT", cookie: me.cookie });
    await takeQuiz(t.db, {
      userId: me.id,
      quizId: q2,
      questions: made[2]!.questions,
      correct: 1,
      seconds: 9,
      at,
    });
    const titles = async (filter: string) => {
      const response = await t.request(`/api/quizzes?filter=${filter}`, { cookie: me.cookie });
      const body = await response.json();
      return body.items
        .map((c: Card) => c.title)
        .filter((title: string) => title.startsWith("Filter"));
    };
    expect(await titles("all")).toEqual(["Filter 2", "Filter 1", "Filter 0"]);
    expect(await titles("saved")).toEqual(["Filter 1"]);
    expect(await titles("not-attempted")).toEqual(["Filter 1", "Filter 0"]);
    const bad = await t.request("/api/quizzes?filter=everything", { cookie: me.cookie });
    expect(bad.status).toBe(422);
    expect(q0).toBeTruthy();
    const visitor = await t.request("/api/quizzes");
    expect(visitor.status).toBe(401);
  });
});

describe("bookmarks", () => {
  it("saves and unsaves only the caller's own bookmark, and only on quizzes they can see", async () => {
    const mine = await t.createUser("student");
    const theirs = await t.createUser("student");
    const { quiz } = await createQuizFixture(t.db);
    const hidden = await createQuizFixture(t.db, { publishedOn: "2100-01-01" });
    const saved = await t.request(`/api/quizzes/${quiz.id}/bookmark`, {
      method: "PUT",
      cookie: mine.cookie,
    });
    expect(await saved.json()).toEqual({ quizId: quiz.id, isSaved: true });
    // Another student's unsave removes their own (absent) bookmark, never mine.
    const removed = await t.request(`/api/quizzes/${quiz.id}/bookmark`, {
      method: "DELETE",
      cookie: theirs.cookie,
    });
    expect(removed.status).toBe(200);
    const refused = await t.request(`/api/quizzes/${hidden.quiz.id}/bookmark`, {
      method: "PUT",
      cookie: theirs.cookie,
    });
    expect(refused.status).toBe(404);
    const rows = await t.db
      .select({ userId: userSavedQuizzes.userId, quizId: userSavedQuizzes.quizId })
      .from(userSavedQuizzes)
      .where(sql`${userSavedQuizzes.userId} in (${mine.id}, ${theirs.id})`);
    expect(rows).toEqual([{ userId: mine.id, quizId: quiz.id }]);
    await t.request(`/api/quizzes/${quiz.id}/bookmark`, { method: "DELETE", cookie: mine.cookie });
    const after = await t.db
      .select()
      .from(userSavedQuizzes)
      .where(eq(userSavedQuizzes.userId, mine.id));
    expect(after).toEqual([]);
    const visitor = await t.request(`/api/quizzes/${quiz.id}/bookmark`, { method: "PUT" });
    expect(visitor.status).toBe(401);
  });
});

describe("the sweeper", () => {
  it("grades an abandoned quiz attempt and ranks it", async () => {
    const someone = await t.createUser("student");
    const { quiz } = await createQuizFixture(t.db, { durationMinutes: 1 });
    await t.request(`/api/quizzes/${quiz.id}/attempts`, { method: "POST", cookie: someone.cookie });
    const { finalizeExpiredAttempts } = await import("../attempts/attempt-grading.ts");
    await finalizeExpiredAttempts(t.db, { now: new Date(Date.now() + 10 * 60_000) });
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, someone.id), eq(examAttempts.quizId, quiz.id)));
    expect(row).toMatchObject({ score: "0.00", isRanked: true, passed: null });
    expect(row?.completedAt).not.toBeNull();
  });
});

describe("premium quizzes on the list", () => {
  it("locks a premium quiz without a plan, opens it to admins, and shows a plan's attempts left", async () => {
    const { quiz, questions } = await createQuizFixture(t.db, {
      questionCount: 2,
      isFree: false,
      publishedOn: "2026-03-01",
    });
    const student = await t.createUser("student");
    const admin = await t.createUser("admin");
    const subscriber = await t.createUser("student");
    const [plan] = await t.db.insert(subscriptionPlans).values({ name: "Quiz Plan" }).returning();
    await t.db.insert(userSubscriptions).values({
      userId: subscriber.id,
      planId: plan?.id,
      status: "active",
      startDate: new Date(at.getTime() - DAY),
      endDate: null,
      planName: "Quiz Plan",
      examLimit: null,
      attemptLimitPerExam: 2,
    });
    await takeQuiz(t.db, {
      userId: subscriber.id,
      quizId: quiz.id,
      questions,
      correct: 1,
      seconds: 30,
      at,
    });

    expect((await cardFor(student.id, quiz.id)).access).toEqual({
      locked: true,
      reason: expect.any(String),
      attemptsLeft: null,
    });
    const asAdmin = await listQuizzesForStudent(t.db, {
      userId: admin.id,
      role: "admin",
      filter: "all",
      page: 1,
      now: at,
    });
    expect(asAdmin.items.find((c) => c.id === quiz.id)?.access.locked).toBe(false);
    expect(
      (await cardFor(subscriber.id, quiz.id, new Date(at.getTime() + 3_600_000))).access,
    ).toEqual({
      locked: false,
      reason: null,
      attemptsLeft: 1,
    });
  });

  it("refuses to start a locked premium quiz over HTTP and stores no attempt", async () => {
    const { quiz } = await createQuizFixture(t.db, { questionCount: 2, isFree: false });
    const student = await t.createUser("student");
    const response = await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.details.plansUrl).toBe("/student/subscriptions");
    const rows = await t.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.quizId, quiz.id), eq(examAttempts.userId, student.id)));
    expect(rows).toHaveLength(0);
  });
});
