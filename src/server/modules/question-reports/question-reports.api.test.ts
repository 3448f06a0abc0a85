import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
import { liveTests } from "../../db/schema/exams.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { questionReports } from "../../db/schema/question-reports.ts";
import { takeTarget } from "../../test/exam-helpers.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { errorOf, setupTestApp } from "../../test/test-app.ts";

/**
 * A student's "Report an error" (decision 064): one open report per student per question, only
 * where the answer-keys gate opens the question, a student's own reports only, and the SLA
 * setting of the admins' queue.
 */

const { t, student, other, admin, mentor } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin", mentor: "mentor" },
});

const TAKEN_AT = new Date(Date.UTC(2026, 9, 1, 6, 0, 0));
let taken: Awaited<ReturnType<typeof createExamFixture>>;
let untaken: Awaited<ReturnType<typeof createExamFixture>>;
let live: Awaited<ReturnType<typeof createExamFixture>>;

const reportsOf = (userId: string) =>
  t.db
    .select()
    .from(questionReports)
    .where(eq(questionReports.userId, userId))
    .orderBy(questionReports.createdAt, questionReports.id);
const allReports = () => t.db.select().from(questionReports).orderBy(questionReports.id);

const report = (user: { cookie: string }, questionId: string, extra: object = {}) =>
  t.client(user)["question-reports"].$post({
    json: { questionId, reason: "wrong_key", note: "The answer should be B.", ...extra },
  });

beforeAll(async () => {
  taken = await createExamFixture(t.db, { questionCount: 4 });
  untaken = await createExamFixture(t.db, { questionCount: 2 });
  live = await createExamFixture(t.db, { questionCount: 2 });
  for (const user of [student, other]) {
    await takeTarget(t.db, {
      userId: user.id,
      target: { kind: "exam", id: taken.exam.id },
      questions: taken.questions,
      choices: ["B", "B", "C", null],
      took: 300,
      at: TAKEN_AT,
    });
  }
  // A live test whose results are not out: its questions are held from every student.
  await t.db.insert(liveTests).values({
    examId: live.exam.id,
    opensAt: new Date(Date.now() + 3_600_000),
    entryMinutes: 15,
    durationMinutes: 60,
  });
});

const q = (n: number) => {
  const question = taken.questions[n];
  if (!question) throw new Error(`no question ${n}`);
  return question;
};

describe("reporting an error", () => {
  it("takes one open report per student per question; a second is refused and changes nothing", async () => {
    const created = await report(student, q(0).id, { creditMe: true });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({
      questionId: q(0).id,
      reason: "wrong_key",
      note: "The answer should be B.",
      creditMe: true,
      status: "open",
      reply: null,
      keyChangesUrl: null,
      keyHold: null,
      paper: { id: taken.exam.id, title: taken.exam.title },
      questionText: q(0).questionText,
    });
    // No key, explanation or verdict in a report.
    expect(JSON.stringify(body)).not.toMatch(/correctAnswer|explanation|isCorrect/);

    const before = await allReports();
    const again = await report(student, q(0).id, { reason: "typo" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("CONFLICT");
    expect(await allReports()).toEqual(before);

    // Another student may report the same question.
    expect((await report(other, q(0).id)).status).toBe(201);
  });

  it("takes a new report once the first is answered", async () => {
    const first = await report(student, q(1).id, { reason: "typo", note: "Spelling." });
    expect(first.status).toBe(201);
    const answered = await t
      .client(admin)
      .admin["question-reports"].questions[":questionId"].resolve.$post({
        param: { questionId: q(1).id },
        json: { action: "reject", reply: "The spelling is the Gazetteer's." },
      });
    expect(answered.status).toBe(200);
    await t.settled();
    const again = await report(student, q(1).id, { reason: "factual", note: "Still wrong." });
    expect(again.status).toBe(201);
    const mine = (await reportsOf(student.id)).filter((r) => r.questionId === q(1).id);
    expect(mine.map((r) => r.status)).toEqual(["rejected", "open"]);
  });

  it("finds no question the student has not answered, none in a live test before its results, and stores nothing", async () => {
    const before = await allReports();
    const unanswered = untaken.questions[0]?.id ?? "";
    const liveQuestion = live.questions[0]?.id ?? "";
    for (const questionId of [unanswered, liveQuestion, "4f3c2a1b-0000-4000-8000-000000000000"]) {
      const refused = await report(student, questionId);
      expect(refused.status).toBe(404);
      const error = await errorOf(refused);
      expect(error.message).toBe("Question not found.");
      // Nothing of the question is in the refusal.
      expect(JSON.stringify(error)).not.toMatch(/Question \d|Option|Because/);
    }
    expect(await allReports()).toEqual(before);
  });

  it("refuses bad input with a clear 4xx and stores nothing", async () => {
    const before = await allReports();
    const api = t.client(student)["question-reports"];
    const cases = [
      // A reason that does not exist (the typed client would not send it).
      { questionId: q(2).id, reason: "boring" as "typo", note: "" },
      { questionId: q(2).id, reason: "typo" as const, note: "x".repeat(2001) },
      { questionId: "not-a-uuid", reason: "typo" as const },
      { questionId: q(2).id, reason: "typo" as const, note: "a\u0000b" },
    ];
    for (const json of cases) {
      const refused = await api.$post({ json });
      expect(refused.status).toBe(422);
    }
    const raw = await t.request("/api/question-reports", {
      method: "POST",
      cookie: student.cookie,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect(await allReports()).toEqual(before);
  });

  it("keeps each student's reports their own: another student, a mentor, an admin and a visitor are refused", async () => {
    const [mine] = await reportsOf(student.id);
    if (!mine) throw new Error("no report");
    const before = await allReports();
    const byId = (user?: { cookie: string }) =>
      t.client(user)["question-reports"][":id"].$get({ param: { id: mine.id } });
    expect((await byId(student)).status).toBe(200);
    expect((await byId(other)).status).toBe(404);
    expect((await byId(mentor)).status).toBe(403);
    expect((await byId(admin)).status).toBe(403);
    expect((await byId()).status).toBe(401);
    // The other student's list holds only their own report.
    const theirs = await (await t.client(other)["question-reports"].$get({ query: {} })).json();
    expect(theirs.items.every((r) => r.id !== mine.id)).toBe(true);
    // Only an admin answers reports: a student's, a mentor's and a visitor's answers are refused.
    for (const user of [student, other, mentor, undefined]) {
      const refused = await t
        .client(user)
        .admin["question-reports"].questions[":questionId"].resolve.$post({
          param: { questionId: q(0).id },
          json: { action: "reject", reply: "No." },
        });
      expect(refused.status).toBe(user ? 403 : 401);
    }
    // Nor may anyone else report in a student's name or read the queue.
    expect((await t.client(student).admin["question-reports"].$get({ query: {} })).status).toBe(
      403,
    );
    expect(
      (
        await t.client(admin)["question-reports"].$post({
          json: { questionId: q(0).id, reason: "typo" },
        })
      ).status,
    ).toBe(403);
    expect(await allReports()).toEqual(before);
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, "reportAnswered"))).toHaveLength(
      1,
    );
  });

  it("lists the student's reports newest first, and each reviewed question's state", async () => {
    const list = await (
      await t.client(student)["question-reports"].$get({ query: { page: "1", pageSize: "10" } })
    ).json();
    expect(list.total).toBe(3);
    expect(list.items.map((r) => [r.questionId, r.status])).toEqual([
      [q(1).id, "open"],
      [q(1).id, "rejected"],
      [q(0).id, "open"],
    ]);
    expect(list.items[1]).toMatchObject({ reply: "The spelling is the Gazetteer's." });

    const held = untaken.questions[0]?.id ?? "";
    const states = await (
      await t.client(student)["question-reports"].states.$get({
        query: { questionIds: [q(0).id, q(1).id, q(2).id, held].join(",") },
      })
    ).json();
    expect(Object.keys(states.states).sort()).toEqual([q(0).id, q(1).id, q(2).id].sort());
    expect(states.states[q(0).id]).toMatchObject({ status: "open", reason: "wrong_key" });
    // The latest report of a question reported twice: the open one.
    expect(states.states[q(1).id]).toMatchObject({ status: "open", reason: "factual" });
    expect(states.states[q(2).id]).toBeNull();
    // Too many or malformed ids: a clear 422.
    const bad = await t.client(student)["question-reports"].states.$get({
      query: { questionIds: "nope" },
    });
    expect(bad.status).toBe(422);
  });
});

describe("the SLA setting", () => {
  const settings = (reportSlaHours?: unknown) => ({
    appTitle: "UPSC Prep",
    contactEmail: "help@upscprep.example",
    maintenanceMode: false,
    examName: "UPSC CSE",
    examDate: "2027-05-23",
    ...(reportSlaHours === undefined ? {} : { reportSlaHours }),
  });
  const stored = async () =>
    (
      await t.db
        .select({ hours: siteSettings.reportSlaHours })
        .from(siteSettings)
        .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    )[0]?.hours;

  it("is 48 hours until an admin saves another, from 1 to 720", async () => {
    const current = await (await t.client(admin).settings.$get()).json();
    expect(current.reportSlaHours).toBe(48);
    const saved = await t.request("/api/settings", {
      method: "PUT",
      cookie: admin.cookie,
      body: settings(72),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).reportSlaHours).toBe(72);
    expect(await stored()).toBe(72);

    for (const hours of [0, 721, 1.5, "24", null]) {
      const refused = await t.request("/api/settings", {
        method: "PUT",
        cookie: admin.cookie,
        body: settings(hours),
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).error.message).toBe(
        "Enter a whole number of hours from 1 to 720.",
      );
    }
    expect(await stored()).toBe(72);
    // A client that does not send it leaves it as it is.
    const other = await t.request("/api/settings", {
      method: "PUT",
      cookie: admin.cookie,
      body: settings(),
    });
    expect(other.status).toBe(200);
    expect(await stored()).toBe(72);
    // Only an admin saves settings.
    const refused = await t.request("/api/settings", {
      method: "PUT",
      cookie: student.cookie,
      body: settings(1),
    });
    expect(refused.status).toBe(403);
    expect(await stored()).toBe(72);
  });
});
