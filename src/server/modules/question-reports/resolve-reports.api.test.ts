import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import type { ResolveInput } from "../../../shared/question-report-schemas.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { keyChanges, questionReports } from "../../db/schema/question-reports.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { takeTarget } from "../../test/exam-helpers.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { errorOf, setupTestApp, type TestUser } from "../../test/test-app.ts";

/**
 * The admins' queue and answers (decision 064): open reports grouped by question with the
 * answer distribution, the item analysis and the SLA clock at a fixed instant; an answer
 * resolves every open report of the question in one transaction (the question, the key change,
 * the reports, one message per reporter), and a refused answer changes nothing.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 6, 30, 0));
const HOUR = 3_600_000;
const clock = createTestClock(() => NOW.getTime());

const { t, admin, s1, s2, s3 } = setupTestApp({
  users: { admin: "admin", s1: "student", s2: "student", s3: "student" },
  testClock: { clock, tick: async () => ({}) },
});

let paper: Awaited<ReturnType<typeof createExamFixture>>;
const q = (n: number) => {
  const question = paper.questions[n];
  if (!question) throw new Error(`no question ${n}`);
  return question;
};

/** Each student's choices for the paper's 5 questions (keys A, B, C, D, A). */
const CHOICES: Record<string, (OptionKey | null)[]> = {
  s1: ["A", "B", "C", "D", "A"],
  s2: ["B", "B", "C", "A", "A"],
  s3: ["B", null, "D", "D", "B"],
};

async function report(user: TestUser, questionId: string, createdAt: Date, reason = "wrong_key") {
  const response = await t.client(user)["question-reports"].$post({
    json: { questionId, reason: reason as "wrong_key", note: `Note of ${user.email}` },
  });
  expect(response.status).toBe(201);
  const { id } = await response.json();
  await t.db.update(questionReports).set({ createdAt }).where(eq(questionReports.id, id));
  return id;
}

const resolve = (questionId: string, json: ResolveInput) =>
  t.client(admin).admin["question-reports"].questions[":questionId"].resolve.$post({
    param: { questionId },
    json,
  });

const queue = async (query: Record<string, string> = {}) => {
  const response = await t.client(admin).admin["question-reports"].$get({ query });
  expect(response.status).toBe(200);
  return response.json();
};

/** Everything an answer may change: the question, key changes, reports, messages. */
async function snapshot(questionId: string) {
  return {
    question: await t.db.select().from(questions).where(eq(questions.id, questionId)),
    keyChanges: await t.db.select().from(keyChanges).orderBy(keyChanges.id),
    reports: await t.db.select().from(questionReports).orderBy(questionReports.id),
    outbox: await t.db.select().from(outbox).where(eq(outbox.kind, "reportAnswered")),
  };
}

beforeAll(async () => {
  paper = await createExamFixture(t.db, { questionCount: 5 });
  await t.db.update(exams).set({ dropRule: "exclude" }).where(eq(exams.id, paper.exam.id));
  await t.db
    .update(questions)
    .set({
      translations: {
        hi: {
          questionText: "प्रश्न?",
          options: { A: "क", B: "ख", C: "ग", D: "घ" },
          explanation: null,
        },
      },
    })
    .where(eq(questions.id, paper.questions[2]?.id ?? ""));
  const users = { s1, s2, s3 };
  for (const [name, user] of Object.entries(users)) {
    await takeTarget(t.db, {
      userId: user.id,
      target: { kind: "exam", id: paper.exam.id },
      questions: paper.questions,
      choices: CHOICES[name] ?? [],
      took: 600,
      at: new Date(NOW.getTime() - 72 * HOUR),
    });
  }
  // Question 1 (key A): two reports, the oldest 50 hours ago. Question 2: one, 10 hours ago.
  await report(s2, q(0).id, new Date(NOW.getTime() - 50 * HOUR));
  await report(s3, q(0).id, new Date(NOW.getTime() - 20 * HOUR), "unclear");
  await report(s1, q(1).id, new Date(NOW.getTime() - 10 * HOUR), "typo");
});

describe("the queue", () => {
  it("groups open reports by question, oldest first, with counts, distribution, analysis and the SLA clock", async () => {
    const page = await queue();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20, slaHours: 48 });
    const [first, second] = page.items;
    expect(first).toMatchObject({
      id: q(0).id,
      count: 2,
      reasons: { wrong_key: 1, unclear: 1 },
      question: {
        id: q(0).id,
        number: 1,
        correctAnswer: "A",
        alsoAccepted: [],
        droppedAs: null,
        paper: { id: paper.exam.id, title: paper.exam.title, dropRule: "exclude" },
      },
      oldestAt: new Date(NOW.getTime() - 50 * HOUR).toISOString(),
      // Due 48 hours after the oldest report: two hours ago.
      sla: {
        dueAt: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
        overdue: true,
        minutes: 120,
      },
      // Everyone who took it: A once, B twice.
      analysis: {
        attempts: 3,
        facility: 33.3,
        options: { A: 1, B: 2, C: 0, D: 0, skipped: 0 },
      },
      resolution: null,
    });
    expect(first?.reports.map((r) => r.reason)).toEqual(["wrong_key", "unclear"]);
    expect(first?.reports[0]?.reporter).toMatch(/^Student \d+$/);
    expect(second).toMatchObject({
      id: q(1).id,
      count: 1,
      question: { number: 2 },
      sla: { overdue: false, minutes: 38 * 60 },
      analysis: { attempts: 3, options: { A: 0, B: 2, C: 0, D: 0, skipped: 1 } },
    });
    // The discrimination is the item analysis page's figure for the same question.
    const analysis = await (
      await t.client(admin).admin.exams[":examId"].analysis.$get({
        param: { examId: paper.exam.id },
      })
    ).json();
    expect(first?.analysis?.discrimination).toBe(analysis.questions[0]?.discrimination);
  });

  it("moves the clock with the SLA setting, pages and searches", async () => {
    await t.db
      .update(siteSettings)
      .set({ reportSlaHours: 60 })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID));
    const page = await queue({ pageSize: "1" });
    expect(page).toMatchObject({ total: 2, pageSize: 1, slaHours: 60 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]?.sla).toMatchObject({ overdue: false, minutes: 10 * 60 });
    const next = await queue({ pageSize: "1", page: "2" });
    expect(next.items.map((g) => g.id)).toEqual([q(1).id]);
    const found = await queue({ search: "Question 2 of" });
    expect(found.items.map((g) => g.id)).toEqual([q(1).id]);
    expect((await queue({ search: paper.exam.title })).total).toBe(2);
    expect((await queue({ search: "nothing like it" })).total).toBe(0);
    const tooBig = await t.client(admin).admin["question-reports"].$get({
      query: { pageSize: "101" },
    });
    expect(tooBig.status).toBe(422);
    await t.db
      .update(siteSettings)
      .set({ reportSlaHours: 48 })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  });
});

describe("answering a question's reports", () => {
  it("refuses an answer it cannot give, and changes nothing", async () => {
    const before = await snapshot(q(0).id);
    const refusals: [string, ResolveInput, number][] = [
      // The key is already A.
      [q(0).id, { action: "key", key: "A", alsoAccept: [], reason: "Checked." }, 409],
      // @ts-expect-error: no option E
      [q(0).id, { action: "key", key: "E", reason: "Checked." }, 422],
      [q(0).id, { action: "key", key: "B", alsoAccept: ["B"], reason: "Checked." }, 422],
      [q(0).id, { action: "key", key: "B", reason: " " }, 422],
      [q(0).id, { action: "reject", reply: "" }, 422],
      [
        q(0).id,
        {
          action: "fix",
          reply: "Fixed.",
          text: {
            questionText: "",
            options: { A: "a", B: "b", C: "c", D: "d" },
            explanation: null,
          },
        },
        422,
      ],
      // @ts-expect-error: no such action
      [q(0).id, { action: "delete", reply: "x" }, 422],
      // Unknown question; one with no open report.
      ["4f3c2a1b-0000-4000-8000-000000000000", { action: "drop", reason: "Ambiguous." }, 404],
      [q(3).id, { action: "drop", reason: "Ambiguous." }, 409],
    ];
    for (const [questionId, json, status] of refusals) {
      const refused = await resolve(questionId, json);
      expect(refused.status, JSON.stringify(json)).toBe(status);
      expect((await errorOf(refused)).message).toBeTruthy();
    }
    const dropped = await t.request(`/api/admin/question-reports/questions/not-a-uuid/resolve`, {
      method: "POST",
      cookie: admin.cookie,
      body: { action: "reject", reply: "x" },
    });
    expect(dropped.status).toBe(404);
    await t.settled();
    expect(await snapshot(q(0).id)).toEqual(before);
  });

  it("changes the key: the question, one key change, every open report answered, one message per reporter", async () => {
    const answered = await resolve(q(0).id, {
      action: "key",
      key: "B",
      alsoAccept: ["C"],
      reason: "The 2019 notification names B; C is also defensible.",
      reasonHi: "2019 की अधिसूचना B कहती है।",
    });
    expect(answered.status).toBe(200);
    const body = await answered.json();
    expect(body).toMatchObject({ questionId: q(0).id, status: "key_changed", resolved: 2 });
    await t.settled();

    const [question] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, q(0).id));
    expect(question).toMatchObject({ correctAnswer: "B", alsoAccepted: ["C"], droppedAs: null });
    const changes = await t.db
      .select()
      .from(keyChanges)
      .where(eq(keyChanges.questionId, q(0).id));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      id: body.keyChangeId,
      kind: "key",
      examId: paper.exam.id,
      oldAnswers: ["A"],
      newAnswers: ["B", "C"],
      dropRule: null,
      reason: "The 2019 notification names B; C is also defensible.",
      reasonHi: "2019 की अधिसूचना B कहती है।",
      createdBy: admin.id,
    });
    const reports = await t.db
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, q(0).id));
    expect(reports).toHaveLength(2);
    for (const r of reports) {
      expect(r).toMatchObject({
        status: "key_changed",
        reply: "The 2019 notification names B; C is also defensible.",
        resolvedBy: admin.id,
        resolvedAt: NOW,
        keyChangeId: body.keyChangeId,
      });
    }
    const messages = await t.db.select().from(outbox).where(eq(outbox.kind, "reportAnswered"));
    expect(messages.map((m) => m.userId).sort()).toEqual([s2.id, s3.id].sort());
    for (const m of messages) expect(m.payload).toEqual({ url: "/student/question-reports" });
    // The other question's report is still open.
    const [untouched] = await t.db
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, q(1).id));
    expect(untouched?.status).toBe("open");

    // The reporter reads the answer and the link to the paper's key-change log.
    const mine = await (await t.client(s2)["question-reports"].$get({ query: {} })).json();
    expect(mine.items[0]).toMatchObject({
      status: "key_changed",
      reply: "The 2019 notification names B; C is also defensible.",
      keyChangesUrl: `/exams/${paper.exam.id}/key-changes`,
    });
    // The queue lists it as answered, with the key change.
    const done = await queue({ status: "answered" });
    expect(done.items).toHaveLength(1);
    expect(done.items[0]).toMatchObject({
      count: 2,
      sla: null,
      question: { id: q(0).id, correctAnswer: "B", alsoAccepted: ["C"] },
      resolution: {
        status: "key_changed",
        resolvedAt: NOW.toISOString(),
        keyChange: { kind: "key", oldAnswers: ["A"], newAnswers: ["B", "C"] },
      },
    });
    expect((await queue()).items.map((g) => g.id)).toEqual([q(1).id]);
  });

  it("rejects with a reply, and fixes the words (English and Hindi) without touching the key", async () => {
    await report(s2, q(2).id, new Date(NOW.getTime() - HOUR), "translation");
    const rejected = await resolve(q(1).id, {
      action: "reject",
      reply: "The spelling follows the Gazetteer.",
    });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: "rejected", resolved: 1 });
    const [r1] = await t.db
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, q(1).id));
    expect(r1).toMatchObject({
      status: "rejected",
      reply: "The spelling follows the Gazetteer.",
      keyChangeId: null,
    });

    const before = (
      await t.db
        .select()
        .from(questions)
        .where(eq(questions.id, q(2).id))
    )[0];
    const keysBefore = await t.db.select().from(keyChanges);
    const fixed = await resolve(q(2).id, {
      action: "fix",
      reply: "The Hindi option C is corrected.",
      text: {
        questionText: "Which river is longest?",
        options: { A: "Ganga", B: "Yamuna", C: "Godavari", D: "Kaveri" },
        explanation: "The Ganga.",
        hi: {
          questionText: "सबसे लंबी नदी कौन सी है?",
          options: { A: "गंगा", B: "यमुना", C: "गोदावरी", D: "कावेरी" },
          explanation: null,
        },
      },
    });
    expect(fixed.status).toBe(200);
    const [after] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, q(2).id));
    expect(after).toMatchObject({
      questionText: "Which river is longest?",
      options: { A: "Ganga", B: "Yamuna", C: "Godavari", D: "Kaveri" },
      explanation: "The Ganga.",
      translations: { hi: { options: { C: "गोदावरी" }, explanation: null } },
      correctAnswer: before?.correctAnswer,
      alsoAccepted: before?.alsoAccepted,
      droppedAs: null,
    });
    expect(await t.db.select().from(keyChanges)).toEqual(keysBefore);
    const [r2] = await t.db
      .select()
      .from(questionReports)
      .where(eq(questionReports.questionId, q(2).id));
    expect(r2).toMatchObject({ status: "fixed", reply: "The Hindi option C is corrected." });
    await t.settled();
    const messages = await t.db
      .select({ userId: outbox.userId })
      .from(outbox)
      .where(eq(outbox.kind, "reportAnswered"));
    // One more message for each answer: s1's rejection, s2's fix.
    expect(messages).toHaveLength(4);
  });

  it("drops a question under its paper's rule, and refuses a second drop changing nothing", async () => {
    await report(s1, q(4).id, new Date(NOW.getTime() - HOUR), "unclear");
    await report(s3, q(4).id, new Date(NOW.getTime() - HOUR), "unclear");
    const dropped = await resolve(q(4).id, {
      action: "drop",
      reason: "Two options are correct.",
      reply: "Dropped: everyone's total leaves it out.",
    });
    expect(dropped.status).toBe(200);
    const { keyChangeId } = await dropped.json();
    await t.settled();
    const [question] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, q(4).id));
    expect(question?.droppedAs).toBe("exclude");
    const [change] = await t.db
      .select()
      .from(keyChanges)
      .where(eq(keyChanges.id, keyChangeId ?? ""));
    expect(change).toMatchObject({ kind: "drop", dropRule: "exclude", oldAnswers: ["A"] });
    const reports = await t.db
      .select()
      .from(questionReports)
      .where(inArray(questionReports.userId, [s1.id, s3.id]));
    const onDropped = reports.filter((r) => r.questionId === q(4).id);
    expect(onDropped.map((r) => [r.status, r.reply, r.keyChangeId])).toEqual([
      ["dropped", "Dropped: everyone's total leaves it out.", keyChangeId],
      ["dropped", "Dropped: everyone's total leaves it out.", keyChangeId],
    ]);

    // A new report on the dropped question, then a second drop: refused, nothing changes.
    await report(s2, q(4).id, NOW, "factual");
    const before = await snapshot(q(4).id);
    const again = await resolve(q(4).id, { action: "drop", reason: "Again." });
    expect(again.status).toBe(409);
    const rekey = await resolve(q(4).id, { action: "key", key: "B", reason: "Again." });
    expect(rekey.status).toBe(409);
    await t.settled();
    expect(await snapshot(q(4).id)).toEqual(before);
  });
});
