import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RUBRIC } from "../../../shared/evaluation.ts";
import {
  MAINS_MARKING_MESSAGES,
  MAINS_QUEUE_COUNT_CAP,
  type MarkDraft,
} from "../../../shared/mains-marking-schemas.ts";
import { mainsMarks } from "../../db/schema/mains-booklets.ts";
import { errorOf, type TestUser } from "../../test/test-app.ts";
import { MARKING_T0, setupMarkingTests } from "./marking-fixture.ts";

const {
  t,
  student,
  admin,
  setNow,
  createMentor,
  createTest,
  submitBooklet,
  askReevaluation,
  marksOf,
  markRow,
  bookletRow,
} = setupMarkingTests();

beforeEach(() => setNow(MARKING_T0));

const api = (user: TestUser) => t.client(user).mentor.mains;
const claim = (
  user: TestUser,
  testId: string,
  json: { round: "first" | "second" | "reeval"; testQuestionId?: string },
) => api(user).tests[":testId"].claim.$post({ param: { testId }, json });
const read = (user: TestUser, markId: string) =>
  api(user).marks[":markId"].$get({ param: { markId } });
/** Full marks of a 10-mark question scored on the default rubric: 8 of 10. */
const GOOD: MarkDraft = {
  partMarks: [1, 3, 1.5, 1, 0.5, 1],
  comment: "Well argued.",
  annotations: [],
};
const submit = (user: TestUser, markId: string, json: Partial<MarkDraft> = GOOD) =>
  api(user).marks[":markId"].submit.$post({ param: { markId }, json: { ...GOOD, ...json } });

async function claimed(user: TestUser, testId: string, json: Parameters<typeof claim>[2]) {
  const response = await claim(user, testId, json);
  expect(response.status).toBe(200);
  return response.json();
}

/** The first answer a claim took. */
async function firstClaimed(user: TestUser, testId: string, json: Parameters<typeof claim>[2]) {
  const [markId] = (await claimed(user, testId, json)).markIds;
  if (!markId) throw new Error("the claim took nothing");
  return markId;
}

describe("claims", () => {
  it("booklet mode claims every first marking of the oldest booklet, with the booklet and the paper's rubric", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 3 });
    const oldest = await submitBooklet(testId);
    const newer = await submitBooklet(testId);
    const [a, b, c] = [await createMentor(), await createMentor(), await createMentor()];

    const first = await claimed(a, testId, { round: "first" });
    expect(first.bookletId).toBe(oldest.bookletId);
    const rows = await marksOf(oldest.bookletId);
    expect(first.markIds.sort()).toEqual(rows.map((r) => r.id).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: "claimed", mentorId: a.id, rubric: DEFAULT_RUBRIC });
      expect(row.claimExpiresAt?.getTime()).toBeGreaterThan(MARKING_T0.getTime() + 23 * 3600_000);
    }
    expect(await bookletRow(oldest.bookletId)).toMatchObject({ claimedBy: a.id });

    expect((await claimed(b, testId, { round: "first" })).bookletId).toBe(newer.bookletId);
    const none = await claim(c, testId, { round: "first" });
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe(MAINS_MARKING_MESSAGES.nothingWaiting);
    // A booklet-mode test is not claimed by question.
    const byQuestion = await claim(c, testId, {
      round: "first",
      testQuestionId: rows[0]?.testQuestionId,
    });
    expect(byQuestion.status).toBe(422);
  });

  it("question mode claims the next ten answers of one question across booklets, oldest first", async () => {
    const { testId, questionIds } = await createTest({ mode: "question", questions: 2 });
    const booklets = [];
    for (let i = 0; i < 12; i++) booklets.push((await submitBooklet(testId)).bookletId);
    const mentor = await createMentor();

    const batch = await claimed(mentor, testId, {
      round: "first",
      testQuestionId: questionIds[1],
    });
    expect(batch.markIds).toHaveLength(10);
    const rows = await t.db.select().from(mainsMarks).where(eq(mainsMarks.testId, testId));
    const taken = rows.filter((r) => batch.markIds.includes(r.id));
    expect(new Set(taken.map((r) => r.testQuestionId))).toEqual(new Set([questionIds[1]]));
    expect(new Set(taken.map((r) => r.bookletId))).toEqual(new Set(booklets.slice(0, 10)));
    // The rest of that question, then (no question named) the oldest question waiting.
    const rest = await claimed(mentor, testId, { round: "first", testQuestionId: questionIds[1] });
    expect(rest.markIds).toHaveLength(2);
    const next = await claimed(mentor, testId, { round: "first" });
    const nextRows = rows.filter((r) => next.markIds.includes(r.id));
    expect(nextRows.every((r) => r.testQuestionId === questionIds[0])).toBe(true);
    expect(next.markIds).toHaveLength(10);
    // A question of another test is not this test's.
    const other = await createTest({ mode: "question", questions: 1 });
    const wrong = await claim(mentor, testId, {
      round: "first",
      testQuestionId: other.questionIds[0],
    });
    expect(wrong.status).toBe(404);
  });

  it("mentors claiming at once never share a row (booklets and answers)", async () => {
    const booklet = await createTest({ mode: "booklet", questions: 2 });
    for (let i = 0; i < 6; i++) await submitBooklet(booklet.testId);
    const mentors: TestUser[] = [];
    for (let i = 0; i < 10; i++) mentors.push(await createMentor());
    const answers = await Promise.all(
      mentors.map((m) => claim(m, booklet.testId, { round: "first" })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([
      ...Array(6).fill(200),
      ...Array(4).fill(404),
    ]);
    const won = await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.json()));
    const ids = won.flatMap((w) => (w as { markIds: string[] }).markIds);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(won.map((w) => (w as { bookletId: string }).bookletId)).size).toBe(6);

    const byQuestion = await createTest({ mode: "question", questions: 1 });
    for (let i = 0; i < 30; i++) await submitBooklet(byQuestion.testId);
    const [a, b] = [await createMentor(), await createMentor()];
    const claims = await Promise.all(
      [a, b, a, b, a, b, a, b, a, b].map((m) => claim(m, byQuestion.testId, { round: "first" })),
    );
    const batches = await Promise.all(
      claims.filter((r) => r.status === 200).map(async (r) => (await r.json()).markIds),
    );
    const all = batches.flat();
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    const rows = await t.db
      .select()
      .from(mainsMarks)
      .where(eq(mainsMarks.testId, byQuestion.testId));
    expect(
      rows.every((r) => r.status === "claimed" && (r.mentorId === a.id || r.mentorId === b.id)),
    ).toBe(true);
  });

  it("caps held work at 3 booklets, and the claim beyond changes nothing", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    for (let i = 0; i < 4; i++) await submitBooklet(testId);
    const mentor = await createMentor();
    for (let i = 0; i < 3; i++) await claimed(mentor, testId, { round: "first" });
    const before = await t.db.select().from(mainsMarks).where(eq(mainsMarks.testId, testId));
    const fourth = await claim(mentor, testId, { round: "first" });
    expect(fourth.status).toBe(409);
    expect((await errorOf(fourth)).message).toBe(MAINS_MARKING_MESSAGES.tooManyBooklets);
    expect(await t.db.select().from(mainsMarks).where(eq(mainsMarks.testId, testId))).toEqual(
      before,
    );
  });

  it("a lapsed claim is waiting again: its mentor reads 409, another claims it with a clean draft", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    const { bookletId } = await submitBooklet(testId);
    const [a, b] = [await createMentor(), await createMentor()];
    const markId = await firstClaimed(a, testId, { round: "first" });
    const saved = await api(a).marks[":markId"].$put({
      param: { markId },
      json: { ...GOOD, partMarks: [1, null, null, null, null, null] },
    });
    expect(saved.status).toBe(200);

    // A's own claim again within the time keeps the draft: nothing is waiting for B meanwhile.
    expect((await claim(b, testId, { round: "first" })).status).toBe(404);
    setNow(new Date(MARKING_T0.getTime() + 25 * 3600_000));
    expect((await read(a, markId)).status).toBe(409);
    const queue = await (await api(b).queue.$get()).json();
    expect(queue.tests.find((x) => x.id === testId)?.waiting.first).toBe(1);

    const taken = await claimed(b, testId, { round: "first" });
    expect(taken.markIds).toEqual([markId]);
    expect(await markRow(markId)).toMatchObject({
      mentorId: b.id,
      status: "claimed",
      partMarks: null,
      comment: null,
    });
    expect((await bookletRow(bookletId))?.claimedBy).toBe(b.id);
    expect((await read(a, markId)).status).toBe(404);
    expect((await read(b, markId)).status).toBe(200);
  });

  it("a mentor reclaiming their own lapsed booklet keeps the draft", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    await submitBooklet(testId);
    const a = await createMentor();
    const markId = await firstClaimed(a, testId, { round: "first" });
    await api(a).marks[":markId"].$put({
      param: { markId },
      json: { ...GOOD, partMarks: [1, 2, null, null, null, null] },
    });
    setNow(new Date(MARKING_T0.getTime() + 25 * 3600_000));
    expect((await claimed(a, testId, { round: "first" })).markIds).toEqual([markId]);
    const row = await (await read(a, markId)).json();
    expect(row.rubric.map((p) => p.marks)).toEqual([1, 2, null, null, null, null]);
  });
});

describe("double marking", () => {
  it("is blind: the second marker reads no first marks and the first none of the second's; the queue and the desk leak neither", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    const { bookletId } = await submitBooklet(testId, { double: true });
    const [first, second] = [await createMentor(), await createMentor()];
    const firstId = await firstClaimed(first, testId, { round: "first" });
    const secondId = await firstClaimed(second, testId, { round: "second" });
    expect(firstId).not.toBe(secondId);

    const note = { at: [0.5, 0.5] as [number, number], text: "FIRST-SECRET note" };
    const firstDone = await submit(first, firstId, {
      partMarks: [1, 4, 1.5, 1.5, 1, 1],
      comment: "FIRST-SECRET comment",
      annotations: [{ strokes: [], notes: [note], stamps: [] }],
    });
    expect(firstDone.status).toBe(200);

    const seen = await (await read(second, secondId)).json();
    expect(seen.round).toBe("second");
    expect(seen.marks).toBeNull();
    expect(seen.comment).toBe("");
    expect(seen.annotations).toEqual([]);
    expect(seen.rubric.every((p) => p.marks === null)).toBe(true);
    const secondText = JSON.stringify(seen);
    expect(secondText).not.toContain("FIRST-SECRET");
    expect(secondText).not.toContain(first.id);
    expect(secondText).not.toContain(firstId);
    // The student is not named either.
    const { userId } = (await bookletRow(bookletId)) ?? { userId: "" };
    expect(secondText).not.toContain(userId);

    expect((await submit(second, secondId, { comment: "SECOND-SECRET comment" })).status).toBe(200);
    const firstText = JSON.stringify(await (await read(first, firstId)).json());
    expect(firstText).toContain("FIRST-SECRET");
    expect(firstText).not.toContain("SECOND-SECRET");
    expect(firstText).not.toContain(second.id);
    expect(firstText).not.toContain(secondId);
    // Each reads only their own row; the other's is not found.
    expect((await read(first, secondId)).status).toBe(404);
    expect((await read(second, firstId)).status).toBe(404);

    for (const [mentor, otherId, otherMentor] of [
      [first, secondId, second],
      [second, firstId, first],
    ] as const) {
      const queue = JSON.stringify(await (await api(mentor).queue.$get()).json());
      const work = JSON.stringify(await (await api(mentor).work.$get()).json());
      for (const text of [queue, work]) {
        expect(text).not.toContain("SECRET");
        expect(text).not.toContain(otherId);
        expect(text).not.toContain(otherMentor.id);
      }
    }
  });

  it("never gives a mentor a second or re-evaluation of an answer they marked, nor a booklet whose second they took", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    const { bookletId } = await submitBooklet(testId, { double: true });
    const [a, b, c] = [await createMentor(), await createMentor(), await createMentor()];
    const firstId = await firstClaimed(a, testId, { round: "first" });
    expect((await submit(a, firstId)).status).toBe(200);

    expect((await claim(a, testId, { round: "second" })).status).toBe(404);
    const queueA = await (await api(a).queue.$get()).json();
    expect(queueA.tests.find((x) => x.id === testId)?.waiting.second ?? 0).toBe(0);
    const secondId = await firstClaimed(b, testId, { round: "second" });
    expect((await submit(b, secondId)).status).toBe(200);

    await askReevaluation(bookletId);
    expect((await claim(a, testId, { round: "reeval" })).status).toBe(404);
    expect((await claim(b, testId, { round: "reeval" })).status).toBe(404);
    const reeval = await claimed(c, testId, { round: "reeval" });
    expect(reeval.markIds).toHaveLength(1);

    // The other way round: a mentor who took a second is not given that booklet's first.
    const other = await submitBooklet(testId, { double: true });
    const early = await firstClaimed(c, testId, { round: "second" });
    expect((await markRow(early))?.bookletId).toBe(other.bookletId);
    expect((await claim(c, testId, { round: "first" })).status).toBe(404);
    expect((await claimed(a, testId, { round: "first" })).bookletId).toBe(other.bookletId);
  });
});

describe("marking", () => {
  it("reads the question, the booklet's pages and the answer's page range (to the next answer's start)", async () => {
    const { testId, questionIds } = await createTest({ mode: "booklet", questions: 3 });
    // Question 3 was answered second, on pages 2–3; question 2 from page 4 to the end.
    await submitBooklet(testId, { pages: 6, starts: [1, 4, 2] });
    const mentor = await createMentor();
    const { markIds } = await claimed(mentor, testId, { round: "first" });
    const views = await Promise.all(
      markIds.map(async (id: string) => (await read(mentor, id)).json()),
    );
    expect(views.map((v) => [v.question.position, v.answer.startPage, v.answer.endPage])).toEqual([
      [1, 1, 1],
      [2, 4, 6],
      [3, 2, 3],
    ]);
    const [view] = views;
    expect(view?.question).toMatchObject({ testQuestionId: questionIds[0], marks: 10 });
    expect(view?.question.questionText).toContain("Finance Commission");
    expect(view?.booklet.pages).toHaveLength(6);
    expect(view?.booklet.pages[0]?.url).toMatch(/^\/api\/mains-tests\/booklet-files\//);
    expect(view?.booklet.answers.map((a) => a.startPage)).toEqual([1, 4, 2]);
    expect(view?.siblings.map((s) => s.position)).toEqual([1, 2, 3]);
    expect(view?.rubric.map((p) => p.max)).toEqual([1, 4, 1.5, 1.5, 1, 1]);
    expect(views[2]?.rubric.map((p) => p.max)).toEqual([1.5, 6, 2.5, 2.5, 1.5, 1.5]);

    const typedTest = await createTest({ mode: "question", questions: 1 });
    await submitBooklet(typedTest.testId, { typed: ["Fiscal federalism rests on Article 280."] });
    const typedId = await firstClaimed(mentor, typedTest.testId, { round: "first" });
    const typed = await (await read(mentor, typedId)).json();
    expect(typed.answer).toMatchObject({
      typedText: "Fiscal federalism rests on Article 280.",
      startPage: null,
    });
    expect(typed.booklet.pages).toEqual([]);
  });

  it("keeps each part within its share of the marks, in half marks, and needs every part to submit (422, row unchanged)", async () => {
    // Question 1 carries 10 marks (question 2 is the 15-mark one).
    const { testId } = await createTest({ mode: "booklet", questions: 2 });
    await submitBooklet(testId, { pages: 2, starts: [1, 2] });
    const mentor = await createMentor();
    const markId = await firstClaimed(mentor, testId, { round: "first" });
    const id = markId;
    const before = await markRow(id);
    const put = (json: object) =>
      t.request(`/api/mentor/mains/marks/${id}`, {
        method: "PUT",
        cookie: mentor.cookie,
        body: json,
      });

    const tooHigh = await put({ ...GOOD, partMarks: [1, 4.5, null, null, null, null] });
    expect(tooHigh.status).toBe(422);
    expect((await errorOf(tooHigh)).message).toBe("A part's marks cannot exceed its maximum.");
    expect((await put({ ...GOOD, partMarks: [0.3] })).status).toBe(422);
    expect((await put({ ...GOOD, partMarks: [1, 1, 1, 1, 1, 1, 1] })).status).toBe(422);
    expect((await put({ ...GOOD, partMarks: [-1] })).status).toBe(422);
    const pages = Array(3).fill({ strokes: [], notes: [], stamps: [] });
    expect((await put({ ...GOOD, annotations: pages })).status).toBe(422);
    const incomplete = await submit(mentor, id, {
      partMarks: [1, 3, 1.5, 1, 0.5, null] as number[],
    });
    expect(incomplete.status).toBe(422);
    expect(await markRow(id)).toEqual(before);

    const done = await submit(mentor, id);
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body.mark).toMatchObject({ status: "marked", marks: 8 });
    expect(await markRow(id)).toMatchObject({ status: "marked", marks: "8.00" });
    expect((await markRow(id))?.markedAt?.getTime()).toBeGreaterThanOrEqual(MARKING_T0.getTime());
    const marked = await markRow(id);
    const again = await submit(mentor, id, { partMarks: [0, 0, 0, 0, 0, 0] });
    expect(again.status).toBe(409);
    expect(await markRow(id)).toEqual(marked);
  });

  it("refuses another mentor's marking (404), students and admins (403) and visitors (401), and changes nothing", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 1 });
    const { bookletId } = await submitBooklet(testId);
    const [owner, stranger] = [await createMentor(), await createMentor()];
    const markId = await firstClaimed(owner, testId, { round: "first" });
    const id = markId;
    const before = await marksOf(bookletId);
    const path = `/api/mentor/mains/marks/${id}`;

    for (const [user, status] of [
      [stranger, 404],
      [student, 403],
      [admin, 403],
    ] as const) {
      expect((await t.request(path, { cookie: user.cookie })).status).toBe(status);
      expect(
        (await t.request(path, { method: "PUT", cookie: user.cookie, body: GOOD })).status,
      ).toBe(status);
      expect((await t.request(`${path}/submit`, { cookie: user.cookie, body: GOOD })).status).toBe(
        status,
      );
      expect(
        (await t.request(`${path}/release`, { method: "POST", cookie: user.cookie })).status,
      ).toBe(status);
    }
    expect((await t.request(path)).status).toBe(401);
    for (const user of [student, admin]) {
      expect((await t.request("/api/mentor/mains/queue", { cookie: user.cookie })).status).toBe(
        403,
      );
      expect((await t.request("/api/mentor/mains/work", { cookie: user.cookie })).status).toBe(403);
      expect(
        (
          await t.request(`/api/mentor/mains/tests/${testId}/claim`, {
            cookie: user.cookie,
            body: { round: "first" },
          })
        ).status,
      ).toBe(403);
    }
    const reassign = await t.request(`/api/admin/mains-tests/${testId}/reassign`, {
      cookie: stranger.cookie,
      body: { mentorId: owner.id },
    });
    expect(reassign.status).toBe(403);
    expect(await marksOf(bookletId)).toEqual(before);
    expect(
      (await t.request("/api/mentor/mains/marks/not-a-uuid", { cookie: owner.cookie })).status,
    ).toBe(404);
  });

  it("evaluates the booklet when its first and second markings are all submitted", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 2 });
    const { bookletId } = await submitBooklet(testId, { double: true });
    const [a, b] = [await createMentor(), await createMentor()];
    const [first1 = "", first2 = ""] = (await claimed(a, testId, { round: "first" })).markIds;
    // A claim of second markings is one question's: the oldest waiting, then the next.
    const [second1 = ""] = (await claimed(b, testId, { round: "second" })).markIds;
    const [second2 = ""] = (await claimed(b, testId, { round: "second" })).markIds;
    expect((await markRow(second1))?.testQuestionId).not.toBe(
      (await markRow(second2))?.testQuestionId,
    );
    const at = new Date(MARKING_T0.getTime() + 3600_000);
    setNow(at);

    expect((await (await submit(a, first1)).json()).evaluated).toBe(false);
    // The second question carries 15 marks: its parts' maximums are larger.
    const fifteen = { partMarks: [1.5, 6, 2.5, 2.5, 1.5, 1.5] };
    expect((await (await submit(a, first2, fifteen)).json()).evaluated).toBe(false);
    // The booklet's claim ended with its last first marking.
    expect(await bookletRow(bookletId)).toMatchObject({ status: "submitted", claimedBy: null });
    // Each with marks that fit its question (10 or 15 marks).
    const marksFor = async (id: string) =>
      (await (await read(b, id)).json()).outOf === 15 ? fifteen : GOOD;
    expect((await (await submit(b, second1, await marksFor(second1))).json()).evaluated).toBe(
      false,
    );
    const last = await (await submit(b, second2, await marksFor(second2))).json();
    expect(last.evaluated).toBe(true);
    const booklet = await bookletRow(bookletId);
    expect(booklet?.status).toBe("evaluated");
    expect(Math.abs((booklet?.evaluatedAt?.getTime() ?? 0) - at.getTime())).toBeLessThan(60_000);
  });
});

describe("the queue, the desk and giving work back", () => {
  it("counts waiting work per test and round for this mentor, and groups held work by booklet or question", async () => {
    const booklet = await createTest({ mode: "booklet", questions: 2 });
    await submitBooklet(booklet.testId, { double: true });
    await submitBooklet(booklet.testId);
    const question = await createTest({ mode: "question", questions: 2 });
    await submitBooklet(question.testId);
    const mentor = await createMentor();

    const queue = await (await api(mentor).queue.$get()).json();
    const b = queue.tests.find((x) => x.id === booklet.testId);
    expect(b).toMatchObject({
      evaluationMode: "booklet",
      waiting: { first: 4, second: 2, reeval: 0 },
      bookletsWaiting: 2,
      held: 0,
    });
    expect(b?.oldestWaitingAt).not.toBeNull();
    const q = queue.tests.find((x) => x.id === question.testId);
    expect(q?.questions.map((x) => x.waiting.first)).toEqual([1, 1]);

    await claimed(mentor, booklet.testId, { round: "first" });
    await claimed(mentor, question.testId, {
      round: "first",
      testQuestionId: question.questionIds[1],
    });
    const work = await (await api(mentor).work.$get()).json();
    const kinds = work.groups.map((g) => [g.kind, g.test.id, g.marks.length]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["booklet", booklet.testId, 2],
        ["question", question.testId, 1],
      ]),
    );
    const after = await (await api(mentor).queue.$get()).json();
    expect(after.held).toEqual({ booklets: 1, marks: 3 });
    expect(after.tests.find((x) => x.id === booklet.testId)?.waiting.first).toBe(2);
  });

  it("stops each question's count at the cap and says there are more", async () => {
    const { testId } = await createTest({ mode: "question", questions: 1 });
    for (let i = 0; i <= MAINS_QUEUE_COUNT_CAP; i++) await submitBooklet(testId, { pages: 1 });
    const queue = await (await api(await createMentor()).queue.$get()).json();
    const test = queue.tests.find((x) => x.id === testId);
    expect(queue.countCap).toBe(MAINS_QUEUE_COUNT_CAP);
    expect(test?.waiting.first).toBe(MAINS_QUEUE_COUNT_CAP);
    expect(test?.more).toEqual({ first: true, second: false, reeval: false });
  });

  it("release gives a booklet's held answers back; an admin's reassignment puts a mentor's held work back", async () => {
    const { testId } = await createTest({ mode: "booklet", questions: 2 });
    const first = await submitBooklet(testId);
    const second = await submitBooklet(testId);
    const [a, b] = [await createMentor(), await createMentor()];
    const [marked = "", kept = ""] = (await claimed(a, testId, { round: "first" })).markIds;
    expect((await submit(a, marked)).status).toBe(200);
    const released = await api(a).marks[":markId"].release.$post({
      param: { markId: kept },
    });
    expect(await released.json()).toEqual({ released: 1 });
    expect(await markRow(kept)).toMatchObject({ status: "waiting", mentorId: null });
    expect((await markRow(marked))?.status).toBe("marked");
    expect((await bookletRow(first.bookletId))?.claimedBy).toBeNull();
    // The booklet's rest goes to the next mentor.
    expect((await claimed(b, testId, { round: "first" })).markIds).toEqual([kept]);

    const taken = (await claimed(a, testId, { round: "first" })).markIds;
    const reassign = await t.client(admin).admin["mains-tests"][":testId"].reassign.$post({
      param: { testId },
      json: { mentorId: a.id },
    });
    expect(await reassign.json()).toEqual({ released: 2 });
    for (const id of taken) expect(await markRow(id)).toMatchObject({ status: "waiting" });
    expect((await bookletRow(second.bookletId))?.claimedBy).toBeNull();
    expect((await markRow(kept))?.mentorId).toBe(b.id);
    const unknown = await t.client(admin).admin["mains-tests"][":testId"].reassign.$post({
      param: { testId: crypto.randomUUID() },
      json: { mentorId: a.id },
    });
    expect(unknown.status).toBe(404);
  });
});
