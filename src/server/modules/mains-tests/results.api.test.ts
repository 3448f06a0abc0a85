import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsModeration, mainsTests } from "../../db/schema/mains-tests.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { errorOf, setupTestApp, type TestUser } from "../../test/test-app.ts";
import { afterMarking } from "./after-marking.ts";
import { publishDueMainsResults, recomputeResults } from "./results.ts";
import {
  createResultsSeries,
  createResultsTest,
  markRow,
  type SeedAnswer,
  seedBooklet,
} from "./results-fixture.ts";
import { paperMaxMarks } from "./results-student.ts";

/** The app's clock is fixed here and moved by the tests (decision 049); no test waits on time. */
const NOW = new Date("2026-10-10T06:00:00Z");
const clock = createTestClock(() => NOW.getTime());
const at = (ms: number) => clock.setOffsetMs(ms);
const DAY = 24 * 3600_000;

const { t, admin, student, mentor, mentor2, mentor3 } = setupTestApp({
  users: {
    admin: "admin",
    student: "student",
    mentor: "mentor",
    mentor2: "mentor",
    mentor3: "mentor",
  },
  testClock: { clock, tick: async () => ({}) },
});

const bookletRows = (testId: string) =>
  t.db
    .select()
    .from(mainsBooklets)
    .where(eq(mainsBooklets.testId, testId))
    .orderBy(asc(mainsBooklets.id));
const answerRows = (bookletIds: string[]) =>
  t.db
    .select()
    .from(mainsBookletAnswers)
    .where(inArray(mainsBookletAnswers.bookletId, bookletIds))
    .orderBy(asc(mainsBookletAnswers.id));
const messagesOf = (kind: "mainsResults" | "mainsReevaluated", ref: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), like(outbox.dedupeKey, `${kind}:${ref}:%`)));
const testRow = async (testId: string) =>
  (await t.db.select().from(mainsTests).where(eq(mainsTests.id, testId)))[0];

/** An answer marked once by `mentorId` (or, with `second`, twice). */
const marked = (
  testQuestionId: string,
  mentorId: string,
  marks: number,
  extra: Partial<SeedAnswer> = {},
): SeedAnswer => ({ testQuestionId, startPage: 1, first: { mentorId, marks }, ...extra });

describe("final marks, ranks and publication", () => {
  it("ranks with ties, counts percentiles and a double marking's mean, and tells each ranked student", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10, 15] });
    const [q1, q2] = questionIds as [string, string];
    const [b, c, d, e, f] = (await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser()))) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    const users = { a: student, b, c, d, e, f } as Record<string, TestUser>;
    const seeded: Record<string, string> = {};
    const seed = async (name: string, answers: SeedAnswer[], status = "evaluated" as const) => {
      const user = users[name] as TestUser;
      seeded[name] = (
        await seedBooklet(t.db, { testId, userId: user.id, status, answers, photoPages: 3 })
      ).bookletId;
    };
    // Totals, by hand: A 8 + 12 = 20; B 6 + 12 = 18; C (5 and 8 → 6.5) + 11.5 = 18;
    // D 4 + 6.5 = 10.5; E 5 (the second question left blank); F absent.
    await seed("a", [
      marked(q1, mentor.id, 8, { first: { mentorId: mentor.id, marks: 8, comment: "Good." } }),
      marked(q2, mentor.id, 12, { startPage: 3 }),
    ]);
    await seed("b", [marked(q1, mentor.id, 6), marked(q2, mentor.id, 12, { startPage: 3 })]);
    await seed("c", [
      {
        testQuestionId: q1,
        startPage: 1,
        first: { mentorId: mentor.id, marks: 5, comment: "The first mentor's comment." },
        second: { mentorId: mentor2.id, marks: 8, comment: "The second mentor's comment." },
      },
      marked(q2, mentor.id, 11.5, { startPage: 2 }),
    ]);
    await seed("d", [marked(q1, mentor.id, 4), marked(q2, mentor.id, 6.5, { startPage: 2 })]);
    await seed("e", [marked(q1, mentor.id, 5), { testQuestionId: q2 }]);
    const absent = await seedBooklet(t.db, { testId, userId: f.id, status: "absent" });

    // Before publication: where the booklet stands, nothing derived.
    const before = await t.client(student)["mains-tests"][":id"].result.$get({
      param: { id: testId },
    });
    expect(before.status).toBe(200);
    const sealed = await before.json();
    expect(sealed.result).toBeNull();
    expect(sealed.booklet.status).toBe("evaluated");
    expect(sealed.booklet.dueAt).toBe("2026-10-06T08:00:00.000Z");
    expect(sealed.booklet.submittedAt).toBe("2026-10-01T08:00:00.000Z");

    at(0);
    const published = await t.client(admin).admin["mains-tests"][":id"].results.publish.$post({
      param: { id: testId },
    });
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ messages: 5, evaluated: 5, absent: 1 });

    const rows = new Map((await bookletRows(testId)).map((r) => [r.id, r]));
    const figures = (name: string) => {
      const row = rows.get(seeded[name] ?? "");
      return [Number(row?.totalMarks), row?.rank, Number(row?.percentile)];
    };
    expect(figures("a")).toEqual([20, 1, 100]);
    expect(figures("b")).toEqual([18, 2, 80]);
    expect(figures("c")).toEqual([18, 2, 80]);
    expect(figures("d")).toEqual([10.5, 4, 40]);
    expect(figures("e")).toEqual([5, 5, 20]);
    const absentRow = rows.get(absent.bookletId);
    expect([absentRow?.totalMarks, absentRow?.rank, absentRow?.percentile]).toEqual([
      null,
      null,
      null,
    ]);
    expect((await testRow(testId))?.resultsPublishedAt?.toISOString()).toBe(NOW.toISOString());

    const messages = await messagesOf("mainsResults", testId);
    expect(messages).toHaveLength(5);
    const toC = messages.find((m) => m.userId === c.id);
    expect(toC?.payload).toEqual({
      title: "GS II mock 1",
      titleHi: "सामान्य अध्ययन II मॉक 1",
      rank: 2,
      of: 5,
      url: `/student/mains-tests/${testId}/result`,
    });
    expect(messages.some((m) => m.userId === f.id)).toBe(false);

    // C's result: the mean of the two markings with the first mentor's feedback; the comparison.
    const asC = await (
      await t.client(c)["mains-tests"][":id"].result.$get({ param: { id: testId } })
    ).json();
    expect(asC.result).toMatchObject({ total: 18, maxMarks: 25, rank: 2, of: 5, percentile: 80 });
    const [cq1, cq2] = asC.result?.questions ?? [];
    expect(cq1).toMatchObject({
      marks: 6.5,
      moderated: false,
      // Q1's marks: 8, 6, 6.5, 4, 5: average 5.9; the top tenth is the best answer, 8.
      average: 5.9,
      topTenAverage: 8,
      feedback: { round: "first", doubleMarked: true, comment: "The first mentor's comment." },
    });
    // Q2's marks: 12, 12, 11.5, 6.5 (E left it blank): average 10.5, top 12.
    expect(cq2).toMatchObject({ marks: 11.5, average: 10.5, topTenAverage: 12 });
    const asE = await (
      await t.client(e)["mains-tests"][":id"].result.$get({ param: { id: testId } })
    ).json();
    expect(asE.result?.questions[1]).toMatchObject({ answered: false, marks: null, copy: null });

    // Published again: refused, nothing rewritten.
    const again = await t.client(admin).admin["mains-tests"][":id"].results.publish.$post({
      param: { id: testId },
    });
    expect(again.status).toBe(409);
    expect(await messagesOf("mainsResults", testId)).toHaveLength(5);
  });

  it("applies each mentor's moderation, clamped to the question's marks, and ranks by it", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10] });
    const q1 = questionIds[0] as string;
    const people = await Promise.all([1, 2, 3, 4].map(() => t.createUser()));
    const marks: [string, number][] = [
      [mentor.id, 7],
      [mentor2.id, 8],
      [mentor2.id, 9.5],
      [mentor3.id, 1],
    ];
    const ids: string[] = [];
    for (const [i, user] of people.entries()) {
      const [mentorId, given] = marks[i] as [string, number];
      const { bookletId } = await seedBooklet(t.db, {
        testId,
        userId: user.id,
        status: "evaluated",
        answers: [marked(q1, mentorId, given)],
      });
      ids.push(bookletId);
    }
    const figures = async () => {
      const rows = new Map((await bookletRows(testId)).map((r) => [r.id, r]));
      return ids.map((id) => {
        const row = rows.get(id);
        return [Number(row?.totalMarks), row?.rank, Number(row?.percentile)];
      });
    };
    at(0);
    const published = await t.client(admin).admin["mains-tests"][":id"].results.publish.$post({
      param: { id: testId },
    });
    expect(published.status).toBe(200);
    expect(await figures()).toEqual([
      [7, 3, 50],
      [8, 2, 75],
      [9.5, 1, 100],
      [1, 4, 25],
    ]);

    // Mentor 1 ran low (+4: 7 → 11, kept at 10); mentor 2 high (−2.5); mentor 3 −3 (1 → 0).
    await t.db.insert(mainsModeration).values([
      { testId, mentorId: mentor.id, correction: "4" },
      { testId, mentorId: mentor2.id, correction: "-2.5" },
      { testId, mentorId: mentor3.id, correction: "-3" },
    ]);
    await t.db.transaction((tx) => recomputeResults(tx, { testId, now: NOW }));
    expect(await figures()).toEqual([
      [10, 1, 100],
      [5.5, 3, 50],
      [7, 2, 75],
      [0, 4, 25],
    ]);
    const answers = await answerRows(ids);
    expect(answers.every((a) => a.moderated)).toBe(true);

    // A correction of 0 moves nothing and flags nothing.
    await t.db
      .update(mainsModeration)
      .set({ correction: "0" })
      .where(eq(mainsModeration.mentorId, mentor3.id));
    await t.db.transaction((tx) => recomputeResults(tx, { testId, now: NOW }));
    const fourth = (await answerRows([ids[3] as string]))[0];
    expect([Number(fourth?.marks), fourth?.moderated]).toEqual([1, false]);
  });

  it("refuses to publish while a booklet waits for marks (rows unchanged), then the sweeper publishes at the results time and a booklet marked later joins", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10] });
    const q1 = questionIds[0] as string;
    const [x, y, z] = await Promise.all([1, 2, 3].map(() => t.createUser()));
    const done = await seedBooklet(t.db, {
      testId,
      userId: (x as TestUser).id,
      status: "evaluated",
      answers: [marked(q1, mentor.id, 6)],
    });
    const waiting = await seedBooklet(t.db, {
      testId,
      userId: (y as TestUser).id,
      status: "submitted",
      answers: [{ testQuestionId: q1, startPage: 1, first: { mentorId: null, marks: null } }],
    });
    await seedBooklet(t.db, { testId, userId: (z as TestUser).id, status: "absent" });
    at(0);
    const booklets = await bookletRows(testId);
    const answers = await answerRows(booklets.map((b) => b.id));

    const api = t.client(admin).admin["mains-tests"][":id"];
    const refused = await api.results.publish.$post({ param: { id: testId } });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "Booklets not evaluated yet: 1. Publish when every booklet is evaluated, or set a results time.",
    );
    expect(await bookletRows(testId)).toEqual(booklets);
    expect(await answerRows(booklets.map((b) => b.id))).toEqual(answers);
    expect((await testRow(testId))?.resultsPublishedAt).toBeNull();
    expect(await messagesOf("mainsResults", testId)).toHaveLength(0);

    const desk = await (await api.results.$get({ param: { id: testId }, query: {} })).json();
    expect(desk).toMatchObject({
      counts: { submitted: 2, pending: 1, evaluated: 1, absent: 1, writing: 0 },
      publishable: false,
      total: 3,
    });

    // The results time: nothing before it, everything evaluated at it, once.
    const resultsAt = new Date(NOW.getTime() + 3600_000);
    const set = await api["results-time"].$put({
      param: { id: testId },
      json: { resultsAt: resultsAt.toISOString() },
    });
    expect(set.status).toBe(200);
    expect((await testRow(testId))?.resultsAt?.toISOString()).toBe(resultsAt.toISOString());
    expect(await publishDueMainsResults(t.db, { now: new Date(resultsAt.getTime() - 1) })).toBe(0);
    expect((await testRow(testId))?.resultsPublishedAt).toBeNull();
    expect(await publishDueMainsResults(t.db, { now: resultsAt })).toBe(1);
    expect(await publishDueMainsResults(t.db, { now: resultsAt })).toBe(0);
    expect((await testRow(testId))?.resultsPublishedAt?.toISOString()).toBe(
      resultsAt.toISOString(),
    );
    const after = new Map((await bookletRows(testId)).map((r) => [r.id, r]));
    expect(after.get(done.bookletId)?.rank).toBe(1);
    expect(after.get(waiting.bookletId)?.rank).toBeNull();
    expect((await messagesOf("mainsResults", testId)).map((m) => m.userId)).toEqual([
      (x as TestUser).id,
    ]);
    const late = await api["results-time"].$put({
      param: { id: testId },
      json: { resultsAt: null },
    });
    expect(late.status).toBe(409);
    expect((await testRow(testId))?.resultsAt?.toISOString()).toBe(resultsAt.toISOString());

    // The waiting booklet is marked after publication: it joins, and every rank is written again.
    const answerId = waiting.answerIds.get(q1) as string;
    const evaluatedAt = new Date(resultsAt.getTime() + DAY);
    const outcome = await t.db.transaction(async (tx) => {
      await markRow(tx, {
        answerId,
        round: "first",
        mentorId: mentor.id,
        marks: 8,
        markedAt: evaluatedAt,
      });
      return afterMarking(tx, { bookletId: waiting.bookletId, now: evaluatedAt });
    });
    expect(outcome).toEqual({ evaluated: true, recomputed: true });
    const joined = new Map((await bookletRows(testId)).map((r) => [r.id, r]));
    expect([
      joined.get(waiting.bookletId)?.rank,
      Number(joined.get(waiting.bookletId)?.percentile),
    ]).toEqual([1, 100]);
    expect([
      joined.get(done.bookletId)?.rank,
      Number(joined.get(done.bookletId)?.percentile),
    ]).toEqual([2, 50]);
    const told = await messagesOf("mainsResults", testId);
    expect(told).toHaveLength(2);
    expect(told.find((m) => m.userId === (y as TestUser).id)?.payload).toMatchObject({
      rank: 1,
      of: 2,
    });
  });

  it("keeps publication and the results desk to admins", async () => {
    const { testId } = await createResultsTest(t.db, { marks: [10] });
    const other = await t.createUser();
    await seedBooklet(t.db, { testId, userId: other.id, status: "evaluated" });
    const before = await testRow(testId);
    for (const user of [student, mentor, null]) {
      const api = t.client(user).admin["mains-tests"][":id"];
      const expected = user ? 403 : 401;
      expect((await api.results.publish.$post({ param: { id: testId } })).status).toBe(expected);
      expect((await api.results.$get({ param: { id: testId }, query: {} })).status).toBe(expected);
      const time = await api["results-time"].$put({
        param: { id: testId },
        json: { resultsAt: NOW.toISOString() },
      });
      expect(time.status).toBe(expected);
    }
    expect(await testRow(testId)).toEqual(before);
    const missing = await t.client(admin).admin["mains-tests"][":id"].results.publish.$post({
      param: { id: crypto.randomUUID() },
    });
    expect(missing.status).toBe(404);
  });
});

describe("the student's result", () => {
  it("is the student's own, and shows toppers' copies only with consent, named only with consent", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10, 15] });
    const [q1, q2] = questionIds as [string, string];
    const [topper, outsider] = await Promise.all([t.createUser(), t.createUser()]);
    const mine = await seedBooklet(t.db, {
      testId,
      userId: student.id,
      status: "evaluated",
      photoPages: 2,
      answers: [marked(q1, mentor.id, 4), marked(q2, mentor.id, 9, { startPage: 2 })],
    });
    const theirs = await seedBooklet(t.db, {
      testId,
      userId: topper.id,
      status: "evaluated",
      photoPages: 4,
      answers: [
        marked(q1, mentor.id, 9),
        {
          testQuestionId: q2,
          typedText: "Typed answer.",
          first: { mentorId: mentor.id, marks: 13 },
        },
      ],
    });
    at(0);
    await t
      .client(admin)
      .admin["mains-tests"][":id"].results.publish.$post({ param: { id: testId } });

    const read = (user: TestUser | null) =>
      t.client(user)["mains-tests"][":id"].result.$get({ param: { id: testId } });
    expect((await read(outsider)).status).toBe(404);
    expect((await read(mentor)).status).toBe(403);
    expect((await read(admin)).status).toBe(403);
    expect((await read(null)).status).toBe(401);

    const own = await (await read(student)).json();
    expect(own.result?.questions.map((q) => q.topper)).toEqual([null, null]);
    expect(own.result?.questions[0]?.copy?.pages.map((p) => p.fileId)).toEqual([mine.fileIds[0]]);
    expect(own.result?.questions[1]?.copy?.pages.map((p) => p.fileId)).toEqual([mine.fileIds[1]]);

    // Sharing is the student's own switch: another student's write is a 404 and changes nothing.
    const bookletsBefore = await bookletRows(testId);
    const foreign = await t.client(outsider)["mains-tests"][":id"].sharing.$put({
      param: { id: testId },
      json: { shareAnswers: true, shareName: true },
    });
    expect(foreign.status).toBe(404);
    for (const [user, status] of [
      [mentor, 403],
      [admin, 403],
      [null, 401],
    ] as const) {
      const api = t.client(user)["mains-tests"][":id"];
      const shared = await api.sharing.$put({
        param: { id: testId },
        json: { shareAnswers: true, shareName: true },
      });
      expect(shared.status).toBe(status);
      const asked = await api.reevaluation.$post({
        param: { id: testId },
        json: { items: [{ testQuestionId: q1, reason: "Please read the second page again." }] },
      });
      expect(asked.status).toBe(status);
    }
    expect(await bookletRows(testId)).toEqual(bookletsBefore);

    const share = (shareName: boolean) =>
      t.client(topper)["mains-tests"][":id"].sharing.$put({
        param: { id: testId },
        json: { shareAnswers: true, shareName },
      });
    expect(await (await share(false)).json()).toEqual({ shareAnswers: true, shareName: false });
    const anonymous = await (await read(student)).json();
    const [first, second] = anonymous.result?.questions ?? [];
    expect(first?.topper).toMatchObject({ name: null, isYou: false, marks: 9 });
    // The topper's first answer starts on page 1 and runs to the page before the next (none): all four.
    expect(first?.topper?.copy.pages.map((p) => p.fileId)).toEqual(theirs.fileIds);
    expect(second?.topper).toMatchObject({
      marks: 13,
      copy: { pages: [], typedText: "Typed answer." },
    });

    await share(true);
    const named = await (await read(student)).json();
    expect(named.result?.questions[0]?.topper?.name).toMatch(/^Student \d+$/);

    // Turning sharing off takes the name with it.
    const off = await t.client(topper)["mains-tests"][":id"].sharing.$put({
      param: { id: testId },
      json: { shareAnswers: false, shareName: true },
    });
    expect(await off.json()).toEqual({ shareAnswers: false, shareName: false });
    const hidden = await (await read(student)).json();
    expect(hidden.result?.questions.map((q) => q.topper)).toEqual([null, null]);
  });

  it("gives the max marks of a paper with a choice in its sections", () => {
    const essay = [
      { section: 1, marks: 125 },
      { section: 1, marks: 125 },
      { section: 2, marks: 125 },
      { section: 2, marks: 120 },
    ];
    expect(paperMaxMarks(essay, [1, 1])).toBe(250);
    expect(paperMaxMarks(essay, null)).toBe(495);
  });
});

describe("re-evaluation", () => {
  it("is asked once, within 7 days, for answered questions; a mentor's re-marking sets the outcome and the ranks", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10, 15] });
    const [q1, q2] = questionIds as [string, string];
    const [rival, outsider] = await Promise.all([t.createUser(), t.createUser()]);
    const mine = await seedBooklet(t.db, {
      testId,
      userId: student.id,
      status: "evaluated",
      answers: [marked(q1, mentor.id, 5), { testQuestionId: q2 }],
    });
    const theirs = await seedBooklet(t.db, {
      testId,
      userId: rival.id,
      status: "evaluated",
      answers: [marked(q1, mentor.id, 7)],
    });
    at(0);
    await t
      .client(admin)
      .admin["mains-tests"][":id"].results.publish.$post({ param: { id: testId } });
    const ask = (
      user: TestUser,
      testQuestionId: string,
      reason = "The second part was not read.",
    ) =>
      t.client(user)["mains-tests"][":id"].reevaluation.$post({
        param: { id: testId },
        json: { items: [{ testQuestionId, reason }] },
      });
    const state = async () => ({
      booklets: await bookletRows(testId),
      answers: await answerRows([mine.bookletId, theirs.bookletId]),
      marks: await t.db.select().from(mainsMarks).where(eq(mainsMarks.testId, testId)),
    });
    const untouched = await state();

    // Refusals: an unanswered question, a short reason, someone who did not take it, too late.
    const unanswered = await ask(student, q2);
    expect(unanswered.status).toBe(422);
    expect((await errorOf(unanswered)).message).toBe(
      "Re-evaluation can be asked only for questions you answered.",
    );
    expect((await ask(student, q1, "Too short")).status).toBe(422);
    expect((await ask(outsider, q1)).status).toBe(404);
    at(7 * DAY + 60_000);
    const tooLate = await ask(student, q1);
    expect(tooLate.status).toBe(409);
    expect((await errorOf(tooLate)).message).toBe("The time to ask for re-evaluation has passed.");
    expect(await state()).toEqual(untouched);

    at(6 * DAY);
    const asked = await ask(student, q1);
    expect(asked.status).toBe(201);
    const [answer] = await answerRows([mine.bookletId]);
    const q1Answer = (await answerRows([mine.bookletId])).find((a) => a.testQuestionId === q1);
    expect(answer).toBeDefined();
    expect([q1Answer?.reevaluationReason, Number(q1Answer?.marksBeforeReevaluation)]).toEqual([
      "The second part was not read.",
      5,
    ]);
    const reeval = await t.db
      .select()
      .from(mainsMarks)
      .where(and(eq(mainsMarks.bookletId, mine.bookletId), eq(mainsMarks.round, "reeval")));
    expect(reeval.map((r) => [r.status, r.mentorId, r.testQuestionId])).toEqual([
      ["waiting", null, q1],
    ]);
    const requested = await state();
    const twice = await ask(student, q1);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe(
      "You have already asked for re-evaluation of this booklet.",
    );
    expect(await state()).toEqual(requested);
    const pending = await (
      await t.client(student)["mains-tests"][":id"].result.$get({ param: { id: testId } })
    ).json();
    expect(pending.result?.reevaluation.canRequest).toBe(false);
    expect(pending.result?.questions[0]?.reevaluation).toMatchObject({
      stage: "waiting",
      outcome: null,
    });

    // Another mentor marks it 9: raised; the student now leads.
    const markedAt = new Date(NOW.getTime() + 6 * DAY + 3600_000);
    const done = await t.db.transaction(async (tx) => {
      await markRow(tx, {
        answerId: q1Answer?.id as string,
        round: "reeval",
        mentorId: mentor2.id,
        marks: 9,
        markedAt,
      });
      return afterMarking(tx, { bookletId: mine.bookletId, now: markedAt });
    });
    expect(done).toEqual({ evaluated: false, recomputed: true });
    const after = new Map((await bookletRows(testId)).map((r) => [r.id, r]));
    expect([
      Number(after.get(mine.bookletId)?.totalMarks),
      after.get(mine.bookletId)?.rank,
    ]).toEqual([9, 1]);
    expect(after.get(theirs.bookletId)?.rank).toBe(2);
    const outcome = (await answerRows([mine.bookletId])).find((a) => a.testQuestionId === q1);
    expect([Number(outcome?.marks), outcome?.reevaluationOutcome]).toEqual([9, "raised"]);
    const told = await messagesOf("mainsReevaluated", mine.bookletId);
    expect(told.map((m) => [m.userId, m.payload.url])).toEqual([
      [student.id, `/student/mains-tests/${testId}/result`],
    ]);
    const shown = await (
      await t.client(student)["mains-tests"][":id"].result.$get({ param: { id: testId } })
    ).json();
    expect(shown.result?.questions[0]).toMatchObject({
      marks: 9,
      feedback: { round: "reeval" },
      reevaluation: { stage: "done", outcome: "raised", marksBefore: 5 },
    });

    // The rival's re-marking comes out lower: lowered, and told once however often it runs.
    expect((await ask(rival, q1)).status).toBe(201);
    const rivalAnswer = theirs.answerIds.get(q1) as string;
    await t.db.transaction(async (tx) => {
      await markRow(tx, {
        answerId: rivalAnswer,
        round: "reeval",
        mentorId: mentor3.id,
        marks: 4,
        markedAt,
      });
      await afterMarking(tx, { bookletId: theirs.bookletId, now: markedAt });
      await afterMarking(tx, { bookletId: theirs.bookletId, now: markedAt });
    });
    const lowered = (await answerRows([theirs.bookletId]))[0];
    expect([Number(lowered?.marks), lowered?.reevaluationOutcome]).toEqual([4, "lowered"]);
    expect(await messagesOf("mainsReevaluated", theirs.bookletId)).toHaveLength(1);
  });
});

describe("series progress", () => {
  it("lists the student's published tests in date order with the series' trend", async () => {
    const seriesId = await createResultsSeries(t.db, { title: "GS II series" });
    const learner = await t.createUser();
    const peer = await t.createUser();
    const make = async (day: number, mine: number, theirs: number, publish = true) => {
      const { testId, questionIds } = await createResultsTest(t.db, {
        title: `Mock ${day}`,
        marks: [10],
        seriesId,
        opensAt: new Date(Date.UTC(2026, 8, day, 4, 30)),
      });
      const q = questionIds[0] as string;
      await seedBooklet(t.db, {
        testId,
        userId: learner.id,
        status: "evaluated",
        answers: [marked(q, mentor.id, mine)],
      });
      await seedBooklet(t.db, {
        testId,
        userId: peer.id,
        status: "evaluated",
        answers: [marked(q, mentor.id, theirs)],
      });
      if (publish) {
        at(0);
        await t
          .client(admin)
          .admin["mains-tests"][":id"].results.publish.$post({ param: { id: testId } });
      }
      return testId;
    };
    // Made out of date order: the list follows the tests' dates.
    const second = await make(20, 8, 6);
    const first = await make(5, 4, 6);
    await make(25, 9, 1, false);
    const progress = await (await t.client(learner)["mains-tests"].progress.$get()).json();
    expect(
      progress.tests.map((p) => [p.testId, p.marks, p.maxMarks, p.rank, p.of, p.percentile]),
    ).toEqual([
      [first, 4, 10, 2, 2, 50],
      [second, 8, 10, 1, 2, 100],
    ]);
    expect(progress.series).toEqual([
      expect.objectContaining({ seriesId, title: "GS II series", change: 50, direction: "up" }),
    ]);
    const stranger = await t.createUser();
    const none = await (await t.client(stranger)["mains-tests"].progress.$get()).json();
    expect(none).toEqual({ tests: [], series: [] });
    expect((await t.client(mentor)["mains-tests"].progress.$get()).status).toBe(403);
  });
});

describe("ranks at scale", () => {
  it("matches the rule computed by hand for 300 booklets with many ties, in one publication", async () => {
    const { testId, questionIds } = await createResultsTest(t.db, { marks: [10, 15] });
    const q1 = questionIds[0] as string;
    const tag = `scale${Date.now()}`;
    // Marks from the booklet's number: many equal totals; every seventh booklet absent.
    await t.db.execute(sql`
      insert into "user" (id, name, email)
      select ${tag} || g, 'Student ' || g, ${tag} || g || '@example.com' from generate_series(1, 300) g`);
    await t.db.execute(sql`
      insert into exam_attempts (user_id, mains_test_id, deadline_at, completed_at, score)
      select ${tag} || g, ${testId}, now(), now(), 0 from generate_series(1, 300) g`);
    await t.db.execute(sql`
      insert into mains_booklets (attempt_id, test_id, user_id, status)
      select a.id, ${testId}, a.user_id,
             case when substr(a.user_id, ${tag.length + 1})::int % 7 = 0 then 'absent' else 'evaluated' end
        from exam_attempts a where a.mains_test_id = ${testId}`);
    await t.db.execute(sql`
      insert into mains_booklet_answers (booklet_id, test_question_id, start_page)
      select b.id, q.id, q.position from mains_booklets b cross join mains_test_questions q
       where b.test_id = ${testId} and b.status = 'evaluated' and q.test_id = ${testId}`);
    await t.db.execute(sql`
      insert into mains_marks (answer_id, booklet_id, test_id, test_question_id, round, status, mentor_id, marks)
      select a.id, a.booklet_id, ${testId}, a.test_question_id, 'first', 'marked', ${mentor.id},
             (substr(b.user_id, ${tag.length + 1})::int * (case when a.test_question_id = ${q1} then 3 else 5 end)) % (case when a.test_question_id = ${q1} then 11 else 16 end)
        from mains_booklet_answers a join mains_booklets b on b.id = a.booklet_id where b.test_id = ${testId}`);
    at(0);
    const published = await t.client(admin).admin["mains-tests"][":id"].results.publish.$post({
      param: { id: testId },
    });
    expect(published.status).toBe(200);

    const rows = await bookletRows(testId);
    const n = (userId: string) => Number(userId.slice(tag.length));
    const expectedTotal = (k: number) => ((k * 3) % 11) + ((k * 5) % 16);
    const ranked = rows.filter((r) => r.status === "evaluated");
    const totals = ranked.map((r) => expectedTotal(n(r.userId)));
    expect(ranked).toHaveLength(300 - Math.floor(300 / 7));
    for (const row of rows) {
      if (row.status === "absent") {
        expect([row.totalMarks, row.rank, row.percentile]).toEqual([null, null, null]);
        continue;
      }
      const total = expectedTotal(n(row.userId));
      const higher = totals.filter((other) => other > total).length;
      const atMost = totals.filter((other) => other <= total).length;
      expect([Number(row.totalMarks), row.rank, Number(row.percentile)]).toEqual([
        total,
        1 + higher,
        Math.round((10_000 * atMost) / totals.length) / 100,
      ]);
    }
    expect(await messagesOf("mainsResults", testId)).toHaveLength(ranked.length);
  });
});
