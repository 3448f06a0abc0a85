import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import { closesAt, entryAt, LIVE_MESSAGES } from "../../../shared/live-tests.ts";
import {
  examAttempts,
  liveTests,
  questionSetItems,
  questionSets,
  questions,
} from "../../db/schema/exams.ts";
import { liveTestResults } from "../../db/schema/live-tests.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import type { TestUser } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { publishDueLiveTests } from "../attempts/live-results.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { setupLiveTestTests } from "./live-tests-fixture.ts";

const { t, student, other, MINUTE, liveTest, registerRow, adminCount, publishedAt, asStudent } =
  setupLiveTestTests();

describe("results", () => {
  /** Registers `users`, starts each at its entry time, answers `choices[i]`, and submits or leaves open. */
  async function sitting(
    users: TestUser[],
    choices: OptionKey[][],
    options: { leaveOpen?: number[]; anonymous?: number[] } = {},
  ) {
    const opensAt = new Date(Date.UTC(2030, 1, 1, 4, 30));
    const test = await liveTest({ opensAt, entryMinutes: 3, durationMinutes: 30 });
    const attempts: string[] = [];
    for (const [i, user] of users.entries()) {
      await registerRow(user.id, test.exam.id, `Name ${i}`, options.anonymous?.includes(i));
      const at = entryAt(test.schedule, test.exam.id, user.id);
      const session = await startAttempt(t.db, {
        viewer: asStudent(user.id),
        target: { kind: "live", id: test.exam.id },
        now: at,
      });
      attempts.push(session.attempt.id);
      await saveAnswers(t.db, {
        userId: user.id,
        attemptId: session.attempt.id,
        body: {
          answers: (choices[i] ?? []).map((choice, q) => ({
            questionId: test.questions[q]?.id ?? "",
            selectedAnswer: choice,
            markedForReview: false,
            clientSeq: q + 1,
          })),
        },
        now: at,
      });
      if (!options.leaveOpen?.includes(i))
        // Everyone takes exactly 10 minutes, so equal scores tie.
        await submitAttempt(t.db, {
          userId: user.id,
          attemptId: session.attempt.id,
          now: new Date(at.getTime() + 10 * MINUTE),
        });
    }
    return { ...test, attempts };
  }

  it("keeps the result sealed until publication, then ranks everyone with ties and NTA percentiles", async () => {
    const users = [
      student,
      other,
      await t.createUser(),
      await t.createUser(),
      await t.createUser(),
    ];
    // Keys cycle A, B, C, D: scores 4, 3, 3, 1 (negative marking) and one left open with 2 right.
    const run = await sitting(
      users,
      [
        ["A", "B", "C", "D"],
        ["A", "B", "C", "A"],
        ["A", "B", "C", "A"],
        ["A", "A", "A", "A"],
        ["A", "B"],
      ],
      { leaveOpen: [4], anonymous: [1] },
    );
    const examId = run.exam.id;
    const sealed = await t.request(`/api/attempts/${run.attempts[0]}`, { cookie: student.cookie });
    const view = (await sealed.json()) as {
      sealedUntil: string | null;
      answers: unknown[];
      attempt: { score: number | null };
    };
    expect(view.sealedUntil).toBe(closesAt(run.schedule).toISOString());
    expect(view.answers).toEqual([]);
    expect(view.attempt.score).toBeNull();
    expect(JSON.stringify(view)).not.toContain("correctAnswer");
    const analysis = await t.request(`/api/attempts/${run.attempts[0]}/analysis`, {
      cookie: student.cookie,
    });
    expect(analysis.status).toBe(409);
    const results = await t.request("/api/results", { cookie: student.cookie });
    const mine = (await results.json()) as { items: { targetId: string }[] };
    expect(mine.items.some((i) => i.targetId === examId)).toBe(false);

    // Not due before the close (plus the grace); then the sweeper grades the open one and publishes.
    const close = closesAt(run.schedule);
    await publishDueLiveTests(t.db, new Date(close.getTime() - 1000));
    expect(await publishedAt(examId)).toBeNull();
    const after = new Date(close.getTime() + 20_000);
    await publishDueLiveTests(t.db, after);
    expect(await publishedAt(examId)).toBeNull(); // one attempt still open
    await finalizeExpiredAttempts(t.db, { now: after });
    await publishDueLiveTests(t.db, after);
    expect(await publishedAt(examId)).toEqual(after);
    await publishDueLiveTests(t.db, new Date(after.getTime() + 60_000));
    expect(await publishedAt(examId)).toEqual(after); // once
    // The count is frozen by the publication.
    const [frozen] = await t.db.select().from(liveTests).where(eq(liveTests.examId, examId));
    expect(frozen?.registeredCount).toBe(users.length);
    expect(await adminCount(examId)).toBe(users.length);

    const rows = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, examId));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(users.map((u) => byUser.get(u.id)?.rank)).toEqual([1, 2, 2, 5, 4]);
    // NTA: 100 × students at or below ÷ 5.
    expect(users.map((u) => Number(byUser.get(u.id)?.percentile))).toEqual([100, 80, 80, 20, 40]);
    expect(rows.every((r) => !r.late)).toBe(true);

    const room = await t.request(`/api/live-tests/${examId}`, { cookie: other.cookie });
    expect(room.status).toBe(200);
    // The cache shows publication within its lifetime; read the service's answer through a new instance.
    const fresh = await t.request(`/api/live-tests/${examId}`, {
      cookie: other.cookie,
      app: t.createInstance(),
    });
    const body = (await fresh.json()) as {
      live: { phase: string };
      me: { result: { rank: number; of: number; percentile: number; late: boolean } };
    };
    expect(body.live.phase).toBe("published");
    expect(body.me.result).toMatchObject({ rank: 2, of: 5, percentile: 80, late: false });

    const board = await t.request(`/api/live-tests/${examId}/leaderboard`, {
      cookie: student.cookie,
      app: t.createInstance(),
    });
    const leaders = (await board.json()) as { items: { rank: number; name: string | null }[] };
    expect(leaders.items.map((i) => i.rank)).toEqual([1, 2, 2, 4, 5]);
    expect(leaders.items[0]?.name).toBe("Name 0");
    // The student who opted out shows as Anonymous (null).
    expect(leaders.items.filter((i) => i.name === null)).toHaveLength(1);
    expect(JSON.stringify(leaders)).not.toContain(other.email);

    const open = await t.request(`/api/attempts/${run.attempts[0]}`, { cookie: student.cookie });
    const review = (await open.json()) as { sealedUntil: null; answers: unknown[] };
    expect(review.sealedUntil).toBeNull();
    expect(review.answers).toHaveLength(4);
  });

  it("ranks an attempt graded after publication against the published distribution, marked late, and changes nobody else's", async () => {
    const users = [student, other, await t.createUser()];
    const opensAt = new Date(Date.UTC(2030, 2, 1, 4, 30));
    const test = await liveTest({
      opensAt,
      entryMinutes: 3,
      durationMinutes: 30,
      resultsAt: new Date(opensAt.getTime() + 40 * MINUTE),
    });
    const ids: string[] = [];
    for (const user of users) {
      await registerRow(user.id, test.exam.id);
      const at = entryAt(test.schedule, test.exam.id, user.id);
      const s = await startAttempt(t.db, {
        viewer: asStudent(user.id),
        target: { kind: "live", id: test.exam.id },
        now: at,
      });
      ids.push(s.attempt.id);
    }
    const choose = async (i: number, choices: OptionKey[]) =>
      saveAnswers(t.db, {
        userId: users[i]?.id ?? "",
        attemptId: ids[i] ?? "",
        body: {
          answers: choices.map((c, q) => ({
            questionId: test.questions[q]?.id ?? "",
            selectedAnswer: c,
            markedForReview: false,
            clientSeq: q + 1,
          })),
        },
        now: opensAt,
      });
    await choose(0, ["A", "B", "C", "D"]);
    await choose(1, ["A", "A", "A", "A"]);
    await choose(2, ["A", "B", "C", "A"]);
    for (const i of [0, 1])
      await submitAttempt(t.db, {
        userId: users[i]?.id ?? "",
        attemptId: ids[i] ?? "",
        now: new Date(opensAt.getTime() + 10 * MINUTE),
      });
    // The third student's attempt runs past the results time (as extra time would).
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(opensAt.getTime() + 50 * MINUTE) })
      .where(eq(examAttempts.id, ids[2] ?? ""));
    const published = new Date(opensAt.getTime() + 41 * MINUTE);
    await publishDueLiveTests(t.db, published);
    expect(await publishedAt(test.exam.id)).toEqual(published);
    const before = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, test.exam.id));
    expect(before).toHaveLength(2);

    await submitAttempt(t.db, {
      userId: users[2]?.id ?? "",
      attemptId: ids[2] ?? "",
      now: new Date(opensAt.getTime() + 45 * MINUTE),
    });
    const after = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, test.exam.id));
    const late = after.find((r) => r.attemptId === ids[2]);
    // Score 3 of 4 sits between the published 4 and 1: rank 2, 50% at or below.
    expect(late).toMatchObject({ late: true, rank: 2 });
    expect(Number(late?.percentile)).toBe(50);
    for (const row of before) expect(after.find((r) => r.attemptId === row.attemptId)).toEqual(row);
    const [live] = await t.db.select().from(liveTests).where(eq(liveTests.examId, test.exam.id));
    expect(live?.publishedCount).toBe(2);
  });

  it("keeps the exam's key sealed before publication: no ordinary attempt, no practice questions", async () => {
    const { exam, questions: examQuestions } = await liveTest({
      opensAt: new Date(Date.now() + 60 * MINUTE),
      questionCount: 5,
    });
    const [subject] = await t.db
      .insert(subjects)
      .values({ name: `Sealed ${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    await t.db
      .update(questions)
      .set({ subjectId: subject?.id })
      .where(eq(questions.examId, exam.id));
    const ordinaryAttempts = () =>
      t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    const setsOfStudent = () =>
      t.db.select().from(questionSets).where(eq(questionSets.userId, student.id));
    const practice = { subjectIds: [subject?.id], sources: ["mock"], questionCount: 5 };
    const setsBefore = await setsOfStudent();

    // The exam's own start screen is the waiting room; its ordinary start is refused.
    const ordinary = await t.request(`/api/exams/${exam.id}/attempts`, {
      cookie: student.cookie,
      method: "POST",
    });
    expect(ordinary.status).toBe(409);
    expect((await ordinary.json()).error.message).toBe(LIVE_MESSAGES.takeLive);
    expect(await ordinaryAttempts()).toEqual([]);
    // Its questions are not drawn into a practice test (whose review would show the key).
    const drawn = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(drawn.status).toBe(422);
    expect(await setsOfStudent()).toEqual(setsBefore);

    // Once the results are out, it is an exam like any other.
    await t.db
      .update(liveTests)
      .set({ publishedAt: new Date() })
      .where(eq(liveTests.examId, exam.id));
    const built = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(built.status).toBe(201);
    const items = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, (await built.json()).id));
    expect(items.map((i) => i.questionId).sort()).toEqual(examQuestions.map((q) => q.id).sort());
    const opened = await t.request(`/api/exams/${exam.id}/attempts`, {
      cookie: student.cookie,
      method: "POST",
    });
    expect(opened.status).toBe(200);
    // With that attempt open, the answer-keys gate holds its questions from a new practice test.
    const whileOpen = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(whileOpen.status).toBe(422);
  });

  it("answers 404 for another student's live attempt and its analysis", async () => {
    const run = await sitting([student], [["A"]]);
    for (const path of [
      `/api/attempts/${run.attempts[0]}`,
      `/api/attempts/${run.attempts[0]}/analysis`,
    ]) {
      const response = await t.request(path, { cookie: other.cookie });
      expect(response.status).toBe(404);
    }
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.liveTestId, run.exam.id), eq(examAttempts.userId, student.id)));
    expect(row?.completedAt).not.toBeNull();
  });
});
