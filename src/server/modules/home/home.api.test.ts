import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_DAILY_GOAL_HOURS } from "../../../shared/home.ts";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import { studyActivity } from "../../db/schema/library.ts";
import { localDate } from "../../lib/calendar.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { takeQuiz } from "../../test/quiz-helpers.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t } = setupTestApp();

describe("home lists", () => {
  it("shows the newest 6 real quizzes: published, with questions, and my attempted state", async () => {
    const made = [];
    for (let i = 0; i < 8; i += 1) {
      made.push(
        await createQuizFixture(t.db, {
          title: `Quiz ${i}`,
          questionCount: 3,
          hindi: i === 7,
          publishedOn: `2026-01-0${i + 1}`,
        }),
      );
    }
    await createQuizFixture(t.db, { title: "No questions", questionCount: 0 });
    await createQuizFixture(t.db, { title: "Tomorrow", publishedOn: "2100-01-01" });
    const list = await (await t.request("/api/home/quizzes")).json();
    expect(list.map((q: { title: string }) => q.title)).toEqual([
      "Quiz 7",
      "Quiz 6",
      "Quiz 5",
      "Quiz 4",
      "Quiz 3",
      "Quiz 2",
    ]);
    expect(list[0]).toMatchObject({
      durationMinutes: 10,
      numQuestions: 3,
      isFree: true,
      languages: ["English", "Hindi"],
      isAttempted: false,
    });
    expect(list[1].languages).toEqual(["English"]);

    const student = await t.createUser();
    const quiz6 = made[6]?.quiz.id;
    const started = await t.request(`/api/quizzes/${quiz6}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const { attempt } = await started.json();
    await t.request(`/api/attempts/${attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const mine = await (await t.request("/api/home/quizzes", { cookie: student.cookie })).json();
    expect(mine[1].latestScore).toBe(0);
    expect(mine.map((q: { isAttempted: boolean }) => q.isAttempted)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("groups previous-year papers by year with their test count, skipping empty exams", async () => {
    const a = await createExamFixture(t.db, { kind: "pyp" });
    const b = await createExamFixture(t.db, { kind: "pyp" });
    const empty = await createExamFixture(t.db, { kind: "pyp", questionCount: 0 });
    await t.db.update(exams).set({ year: 2024 }).where(eq(exams.id, a.exam.id));
    await t.db.update(exams).set({ year: 2024 }).where(eq(exams.id, b.exam.id));
    await t.db.update(exams).set({ year: 2021 }).where(eq(exams.id, empty.exam.id));
    const years = await (await t.request("/api/home/previous-year-papers")).json();
    expect(years).toEqual([{ year: 2024, numTests: 2 }]);
  });

  it("filters mock tests by section (the chips)", async () => {
    const gs = await createExamFixture(t.db, { kind: "mock" });
    const csat = await createExamFixture(t.db, { kind: "series" });
    await t.db.update(exams).set({ section: "gs" }).where(eq(exams.id, gs.exam.id));
    await t.db.update(exams).set({ section: "csat" }).where(eq(exams.id, csat.exam.id));
    const all = (await (await t.request("/api/home/mock-tests")).json()).map(
      (e: { id: string }) => e.id,
    );
    expect(all).toEqual(expect.arrayContaining([gs.exam.id, csat.exam.id]));
    const onlyCsat = await (await t.request("/api/home/mock-tests?section=csat")).json();
    expect(onlyCsat.map((e: { id: string }) => e.id)).toEqual([csat.exam.id]);
    expect(onlyCsat[0]).toMatchObject({ durationMinutes: 10, numQuestions: 4 });
    expect((await t.request("/api/home/mock-tests?section=nope")).status).toBe(422);
  });
});

/** A fixed-offset zone where it is now between 12:00 and 13:00. */
function zoneNearNoon(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // -11 .. +12
  // Etc/GMT names count the other way: Etc/GMT-5 is UTC+5.
  return offset === 0 ? "UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

describe("study streak and resume", () => {
  it("reads the streak test in a zone near local noon, whatever the hour", () => {
    for (let hour = 0; hour < 24; hour += 1) {
      const at = new Date(Date.UTC(2026, 0, 1, hour, 59));
      const local = new Intl.DateTimeFormat("en-GB", {
        timeZone: zoneNearNoon(at),
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(at);
      expect(local).toBe("12:59");
    }
  });

  it("adds today's attempts against the student's own goal and counts the run of days", async () => {
    const student = await t.createUser("student");
    const other = await t.createUser("student");
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 7200 });
    const started = await (
      await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie })
    ).json();
    // One finished attempt of 2 hours a minute ago, one yesterday and one the day before, read in
    // a zone where it is around noon now: a run just after midnight cannot push "a minute ago"
    // into yesterday.
    const [me] = await t.db
      .select({ userId: examAttempts.userId })
      .from(examAttempts)
      .where(eq(examAttempts.id, started.attempt.id));
    const userId = me!.userId;
    const base = { userId, examId: exam.id, score: "50", passed: false };
    await t.db.insert(examAttempts).values([
      {
        ...base,
        startedAt: sql`now() - interval '1 minute'`,
        deadlineAt: sql`now() + interval '1 hour'`,
        completedAt: sql`now()`,
        timeTakenSeconds: 7200,
      },
      {
        ...base,
        startedAt: sql`now() - interval '1 day'`,
        deadlineAt: sql`now() - interval '23 hours'`,
        completedAt: sql`now() - interval '23 hours'`,
        timeTakenSeconds: 600,
      },
      {
        ...base,
        startedAt: sql`now() - interval '2 days'`,
        deadlineAt: sql`now() - interval '47 hours'`,
        completedAt: sql`now() - interval '47 hours'`,
        timeTakenSeconds: 600,
      },
    ]);
    const streak = await (
      await t.request(`/api/home/study-streak?tz=${encodeURIComponent(zoneNearNoon())}`, {
        cookie: student.cookie,
      })
    ).json();
    expect(streak.goalHours).toBe(DEFAULT_DAILY_GOAL_HOURS);
    expect(streak.studiedHours).toBeGreaterThanOrEqual(2);
    expect(streak.studiedHours).toBeLessThan(2.1);
    expect(streak.streakDays).toBe(3);

    const goal = await t.request("/api/home/study-goal", {
      method: "PUT",
      cookie: student.cookie,
      body: { hours: 6 },
    });
    expect(await goal.json()).toEqual({ goalHours: 6 });
    expect(
      (
        await t.request("/api/home/study-goal", {
          method: "PUT",
          cookie: student.cookie,
          body: { hours: 30 },
        })
      ).status,
    ).toBe(422);
    const after = await (
      await t.request("/api/home/study-streak", { cookie: student.cookie })
    ).json();
    expect(after.goalHours).toBe(6);

    // Another student's numbers are their own.
    const theirs = await (
      await t.request("/api/home/study-streak", { cookie: other.cookie })
    ).json();
    expect(theirs).toMatchObject({
      studiedHours: 0,
      goalHours: DEFAULT_DAILY_GOAL_HOURS,
      streakDays: 0,
    });
    expect((await t.request("/api/home/study-streak")).status).toBe(401);
  });

  it("counts days of only note reading and video watching, added to attempts' time", async () => {
    const student = await t.createUser("student");
    const zone = zoneNearNoon();
    const day = (n: number) => localDate(new Date(Date.now() - n * 86_400_000), zone);
    // Today: 30 minutes of videos and 15 of notes; yesterday: a note only; no attempts at all.
    await t.db.insert(studyActivity).values([
      { userId: student.id, day: day(0), kind: "video", seconds: 1800 },
      { userId: student.id, day: day(0), kind: "note", seconds: 900 },
      { userId: student.id, day: day(1), kind: "note", seconds: 120 },
    ]);
    const streak = await (
      await t.request(`/api/home/study-streak?tz=${encodeURIComponent(zone)}`, {
        cookie: student.cookie,
      })
    ).json();
    expect(streak).toMatchObject({ studiedHours: 0.75, streakDays: 2 });
  });

  it("lists only my open exam and quiz attempts to resume, with progress", async () => {
    const student = await t.createUser("student");
    const other = await t.createUser("student");
    const { exam, questions } = await createExamFixture(t.db);
    const started = await (
      await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie })
    ).json();
    await t.request(`/api/attempts/${started.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          {
            questionId: questions[0]!.id,
            selectedAnswer: "A",
            markedForReview: false,
            clientSeq: 1,
          },
        ],
      },
    });
    // An open quiz attempt is listed too (started later, so first), and a completed one is not.
    const { quiz } = await createQuizFixture(t.db, { questionCount: 5, title: "Open quiz" });
    const { quiz: done, questions: doneQuestions } = await createQuizFixture(t.db, {
      questionCount: 2,
      title: "Finished quiz",
    });
    const quizStart = await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(quizStart.status).toBe(200);
    const quizAttempt = (await quizStart.json()).attempt;
    await takeQuiz(t.db, {
      userId: student.id,
      quizId: done.id,
      questions: doneQuestions,
      correct: 1,
      seconds: 20,
      at: new Date(),
    });
    const mine = await (await t.request("/api/home/resume", { cookie: student.cookie })).json();
    expect(mine).toEqual([
      expect.objectContaining({
        attemptId: quizAttempt.id,
        kind: "quiz",
        targetId: quiz.id,
        title: "Open quiz",
        attemptNumber: 1,
        answered: 0,
        numQuestions: 5,
      }),
      expect.objectContaining({
        attemptId: started.attempt.id,
        kind: "exam",
        targetId: exam.id,
        title: exam.title,
        answered: 1,
        numQuestions: 4,
      }),
    ]);
    expect(await (await t.request("/api/home/resume", { cookie: other.cookie })).json()).toEqual(
      [],
    );
  });
});
