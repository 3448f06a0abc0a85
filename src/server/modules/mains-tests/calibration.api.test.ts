import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mainsModeration, mainsTests } from "../../db/schema/mains-tests.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { errorOf, setupTestApp } from "../../test/test-app.ts";
import { calibrationSeeder, hoursAfterClose } from "./calibration-fixture.ts";

const clock = createTestClock();
const { t, admin, mentor, student } = setupTestApp({
  users: { admin: "admin", mentor: "mentor", student: "student" },
  testClock: { clock, tick: async () => ({}) },
});

/**
 * The seeded markings (decision 063), each test a paper of its own so the per-paper figures are
 * known by hand:
 *
 * GS II, test 1, one question of 20 marks (a band is marks ÷ 2). A marks first, B second:
 *   marks (12, 8) (14, 10) (10, 8) (16, 12) (8, 8) → bands (6,4) (7,5) (5,4) (8,6) (4,4).
 *   κ = 20/46 ≈ 0.435 (worked in src/shared/kappa.test.ts). A − B: marks 4, 4, 2, 4, 0 → mean
 *   2.8; bands 2, 2, 1, 2, 0 → mean 1.4. A runs high, suggested −2.8 → −3 to the half mark; B
 *   runs low, +3. C marked a first with no second (no pairs); a second still claimed by D, and a
 *   re-evaluation by D, are no pairs either.
 * GS II, test 2, one question of 10 marks (band = marks). D first, A second: (5, 7) (6, 6).
 *   Across GS II: 7 pairs; bands (6,4) (7,5) (5,4) (8,6) (4,4) (5,7) (6,6).
 *   Do = Σ(f − s)² / 7 / 100 = 17/700. With Σf = 41, Σf² = 251, Σs = 36, Σs² = 194:
 *   Σ over all 49 (f, s) of (f − s)² = 7·194 − 2·36·41 + 7·251 = 163, De = 163/49/100.
 *   κ = 1 − (17/7)/(163/49) = 1 − 119/163 = 44/163 ≈ 0.270. First − second: marks (4+4+2+4+0−2+0)
 *   /7 = 12/7 ≈ 1.71; bands 5/7 ≈ 0.71. A: 7 pairs, marks 16/7 ≈ 2.29 (suggested −2.5), bands
 *   9/7 ≈ 1.29, runs high. D: 2 pairs, −1 mark and −1 band: too few pairs for a flag.
 * GS III, one question of 10: E first, F second, (5,4) ×4 and (5,5): 0.8 band, no flag; κ = 0
 *   (E's bands have no spread, so the observed disagreement is what chance gives).
 * GS IV, one question of 10: G first, H second, (7,7) ×2: no spread at all, κ null.
 */
let seed: ReturnType<typeof calibrationSeeder>;
const mentors: Record<string, string> = {};
let test1 = "";
let test2 = "";
let test3 = "";

beforeAll(async () => {
  seed = calibrationSeeder(t.db);
  for (const name of ["A", "B", "C", "D", "E", "F", "G", "H"])
    mentors[name] = await seed.seedMentor(`Mentor ${name}`);
  const m = (name: string, marks: number) => ({ mentorId: mentors[name] as string, marks });

  const first = await seed.seedTest({ paper: "gs2", questionMarks: [20], title: "GS II test 1" });
  test1 = first.id;
  const q1 = first.questionIds[0] as string;
  await seed.seedPairs(test1, q1, [
    [m("A", 12), m("B", 8)],
    [m("A", 14), m("B", 10)],
    [m("A", 10), m("B", 8)],
    [m("A", 16), m("B", 12)],
    [m("A", 8), m("B", 8)],
  ]);
  const lone = await seed.seedAnswer({
    bookletId: await seed.seedBooklet({ testId: test1 }),
    testId: test1,
    testQuestionId: q1,
  });
  await seed.seedMarking({ answer: lone, round: "first", mentorId: mentors.C as string, marks: 2 });
  await seed.seedMarking({
    answer: lone,
    round: "second",
    mentorId: mentors.D as string,
    status: "claimed",
  });
  await seed.seedMarking({
    answer: lone,
    round: "reeval",
    mentorId: mentors.D as string,
    marks: 20,
  });

  const second = await seed.seedTest({ paper: "gs2", questionMarks: [10], title: "GS II test 2" });
  test2 = second.id;
  await seed.seedPairs(test2, second.questionIds[0] as string, [
    [m("D", 5), m("A", 7)],
    [m("D", 6), m("A", 6)],
  ]);

  const third = await seed.seedTest({ paper: "gs3", questionMarks: [10] });
  test3 = third.id;
  await seed.seedPairs(test3, third.questionIds[0] as string, [
    [m("E", 5), m("F", 4)],
    [m("E", 5), m("F", 4)],
    [m("E", 5), m("F", 4)],
    [m("E", 5), m("F", 4)],
    [m("E", 5), m("F", 5)],
  ]);

  const fourth = await seed.seedTest({ paper: "gs4", questionMarks: [10] });
  await seed.seedPairs(fourth.id, fourth.questionIds[0] as string, [
    [m("G", 7), m("H", 7)],
    [m("G", 7), m("H", 7)],
  ]);
});

const moderationRows = () =>
  t.db
    .select()
    .from(mainsModeration)
    .orderBy(asc(mainsModeration.testId), asc(mainsModeration.mentorId));

describe("agreement", () => {
  it("a test's kappa, mean difference, flags and suggested corrections match the hand-computed example", async () => {
    const response = await t.client(admin).admin["mains-tests"][":id"].calibration.$get({
      param: { id: test1 },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.test).toMatchObject({ id: test1, paper: "gs2", resultsPublishedAt: null });
    expect(body.agreement).toEqual({
      pairs: 5,
      kappa: 0.435,
      meanDifferenceMarks: 2.8,
      meanDifferenceBands: 1.4,
    });
    const byName = Object.fromEntries(body.mentors.map((row) => [row.name, row]));
    expect(byName["Mentor A"]).toEqual({
      mentorId: mentors.A,
      name: "Mentor A",
      pairs: 5,
      kappa: 0.435,
      meanDifferenceMarks: 2.8,
      meanDifferenceBands: 1.4,
      flag: "high",
      suggestedCorrection: -3,
      correction: null,
    });
    expect(byName["Mentor B"]).toMatchObject({
      pairs: 5,
      kappa: 0.435,
      meanDifferenceMarks: -2.8,
      meanDifferenceBands: -1.4,
      flag: "low",
      suggestedCorrection: 3,
    });
    // C marked (a first with no second): listed for moderation, with no pairs and no flag.
    expect(byName["Mentor C"]).toMatchObject({
      pairs: 0,
      kappa: null,
      meanDifferenceMarks: null,
      flag: null,
      suggestedCorrection: null,
    });
    // D's second is only claimed and their re-evaluation is no pair: D is not a marker here.
    expect(byName["Mentor D"]).toBeUndefined();
    expect(body.mentors.map((row) => row.name)).toEqual(["Mentor A", "Mentor B", "Mentor C"]);
  });

  it("across a paper's tests: pairs from either round, too few pairs for a flag", async () => {
    const response = await t.client(admin).admin["mains-calibration"].$get({
      query: { paper: "gs2" },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.paper).toBe("gs2");
    expect(body.overall).toEqual({
      pairs: 7,
      kappa: 0.27,
      meanDifferenceMarks: 1.71,
      meanDifferenceBands: 0.71,
    });
    expect(body.papers).toEqual([{ paper: "gs2", ...body.overall }]);
    expect(body.tests.map((row) => [row.id, row.pairs, row.kappa])).toEqual(
      expect.arrayContaining([
        [test1, 5, 0.435],
        [test2, 2, expect.any(Number)],
      ]),
    );
    expect(body.tests).toHaveLength(2);
    const byName = Object.fromEntries(body.mentors.map((row) => [row.name, row]));
    expect(byName["Mentor A"]).toMatchObject({
      pairs: 7,
      meanDifferenceMarks: 2.29,
      meanDifferenceBands: 1.29,
      flag: "high",
      suggestedCorrection: -2.5,
    });
    expect(byName["Mentor D"]).toMatchObject({
      pairs: 2,
      meanDifferenceMarks: -1,
      meanDifferenceBands: -1,
      flag: null,
      suggestedCorrection: null,
    });
  });

  it("under one band is no flag; kappa is 0 at chance and null without spread; every paper at once", async () => {
    const response = await t.client(admin).admin["mains-calibration"].$get({ query: {} });
    const body = await response.json();
    expect(body.paper).toBeNull();
    expect(body.papers.map((p) => [p.paper, p.pairs, p.kappa])).toEqual([
      ["gs2", 7, 0.27],
      ["gs3", 5, 0],
      ["gs4", 2, null],
    ]);
    expect(body.overall.pairs).toBe(14);
    const byName = Object.fromEntries(body.mentors.map((row) => [row.name, row]));
    expect(byName["Mentor E"]).toMatchObject({ pairs: 5, meanDifferenceBands: 0.8, flag: null });
    expect(byName["Mentor G"]).toMatchObject({ pairs: 2, kappa: null, meanDifferenceBands: 0 });

    const calibration = await t.client(admin).admin["mains-tests"][":id"].calibration.$get({
      param: { id: test3 },
    });
    expect((await calibration.json()).agreement).toEqual({
      pairs: 5,
      kappa: 0,
      meanDifferenceMarks: 0.8,
      meanDifferenceBands: 0.8,
    });
  });

  it("refuses an unknown paper and an unknown test", async () => {
    const paper = await t.request("/api/admin/mains-calibration?paper=gs9", {
      cookie: admin.cookie,
    });
    expect(paper.status).toBe(422);
    const unknown = await t.client(admin).admin["mains-tests"][":id"].calibration.$get({
      param: { id: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe("Mains test not found.");
    const malformed = await t.request("/api/admin/mains-tests/not-a-uuid/calibration", {
      cookie: admin.cookie,
    });
    expect(malformed.status).toBe(404);
  });
});

describe("moderation", () => {
  const put = (body: { mentorId: string; correction: number }, id = test1) =>
    t.client(admin).admin["mains-tests"][":id"].moderation.$put({ param: { id }, json: body });
  const remove = (mentorId: string, id = test1) =>
    t.client(admin).admin["mains-tests"][":id"].moderation[":mentorId"].$delete({
      param: { id, mentorId },
    });

  it("sets, replaces and clears a mentor's correction, shown on the calibration page", async () => {
    const set = await put({ mentorId: mentors.A as string, correction: -3 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ testId: test1, mentorId: mentors.A, correction: -3 });
    const replaced = await put({ mentorId: mentors.A as string, correction: -2.5 });
    expect(replaced.status).toBe(200);
    const rows = await moderationRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      testId: test1,
      mentorId: mentors.A,
      correction: "-2.50",
      setBy: admin.id,
    });

    const page = await (
      await t.client(admin).admin["mains-tests"][":id"].calibration.$get({ param: { id: test1 } })
    ).json();
    expect(page.mentors.find((row) => row.mentorId === mentors.A)?.correction).toBe(-2.5);
    expect(page.moderation).toEqual([
      {
        mentorId: mentors.A,
        name: "Mentor A",
        correction: -2.5,
        setByName: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);

    const cleared = await remove(mentors.A as string);
    expect(cleared.status).toBe(200);
    expect(await moderationRows()).toEqual([]);
    const again = await remove(mentors.A as string);
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe("This mentor has no correction in this test.");
  });

  it("refuses a correction out of range, not in half marks, or for a mentor who did not mark", async () => {
    await put({ mentorId: mentors.B as string, correction: 1.5 });
    const before = await moderationRows();
    const cases: [unknown, string][] = [
      [{ mentorId: mentors.B, correction: 50.5 }, "A correction is between −50 and 50 marks."],
      [{ mentorId: mentors.B, correction: -51 }, "A correction is between −50 and 50 marks."],
      [{ mentorId: mentors.B, correction: 1.25 }, "A correction is in whole or half marks."],
      [{ mentorId: mentors.B, correction: "2" }, "Enter a correction in marks."],
      [{ mentorId: mentors.B }, "Enter a correction in marks."],
      [{ mentorId: mentors.B, correction: 1, extra: true }, expect.any(String)],
      [{ mentorId: " ", correction: 1 }, "Choose the mentor to moderate."],
    ];
    for (const [body, message] of cases) {
      const refused = await t.request(`/api/admin/mains-tests/${test1}/moderation`, {
        method: "PUT",
        cookie: admin.cookie,
        body,
      });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(refused)).message).toEqual(message);
    }
    // G marked only in the GS IV test; the signed-in mentor marked nothing; no such user.
    for (const mentorId of [mentors.G as string, mentor.id, "no-such-user"]) {
      const refused = await put({ mentorId, correction: 1 });
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).message).toBe("This mentor has not marked in this test.");
    }
    const unknown = await put({ mentorId: mentors.B as string, correction: 1 }, randomUUID());
    expect(unknown.status).toBe(404);
    expect(await moderationRows()).toEqual(before);
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ mentorId: mentors.B, correction: "1.50" });
    await remove(mentors.B as string);
  });

  it("after results are published refuses to set or clear, and changes no row", async () => {
    await put({ mentorId: mentors.A as string, correction: -3 }, test1);
    await put({ mentorId: mentors.D as string, correction: 1 }, test2);
    const before = await moderationRows();
    expect(before).toHaveLength(2);
    await t.db
      .update(mainsTests)
      .set({ resultsPublishedAt: hoursAfterClose(200) })
      .where(eq(mainsTests.id, test1));
    try {
      const set = await put({ mentorId: mentors.A as string, correction: -1 }, test1);
      expect(set.status).toBe(409);
      expect((await errorOf(set)).message).toBe(
        "The results of this test are published: its moderation can no longer change.",
      );
      const added = await put({ mentorId: mentors.B as string, correction: 2 }, test1);
      expect(added.status).toBe(409);
      const cleared = await remove(mentors.A as string, test1);
      expect(cleared.status).toBe(409);
      expect(await moderationRows()).toEqual(before);
      // The other test, unpublished, is still open.
      expect((await remove(mentors.D as string, test2)).status).toBe(200);
    } finally {
      await t.db
        .update(mainsTests)
        .set({ resultsPublishedAt: null })
        .where(eq(mainsTests.id, test1));
      await t.db.delete(mainsModeration);
    }
  });
});

describe("turnaround", () => {
  it("per test and per mentor, with percentiles and late counts on seeded times", async () => {
    // Four booklets submitted at the close, due 24 h later, evaluated after 10, 20, 30 and 40 h:
    // p50 = 25 h; p90 = 30 + 0.7 × 10 = 37 h (percentile_cont at 0.9 × 3 = 2.7); two late.
    // Two waiting: one due at 24 h (past at now = 100 h: overdue), one submitted at 90 h, due at
    // 114 h (not yet). P marks the four firsts after 8, 18, 28, 38 h: p50 23, p90 35, two after
    // the due date. Q marks two seconds after 30 and 40 h: p50 35, p90 39, both late. R's
    // re-evaluation (its clock starts at the request) and claimed marking are not counted.
    const [p, q, r] = [
      await seed.seedMentor("Mentor P"),
      await seed.seedMentor("Mentor Q"),
      await seed.seedMentor("Mentor R"),
    ];
    const { id, questionIds } = await seed.seedTest({ paper: "gs1", questionMarks: [10] });
    const question = questionIds[0] as string;
    for (const [i, evaluatedAfter] of [10, 20, 30, 40].entries()) {
      const bookletId = await seed.seedBooklet({
        testId: id,
        status: "evaluated",
        evaluatedAt: hoursAfterClose(evaluatedAfter),
      });
      const answer = await seed.seedAnswer({ bookletId, testId: id, testQuestionId: question });
      await seed.seedMarking({
        answer,
        round: "first",
        mentorId: p,
        marks: 5,
        markedAt: hoursAfterClose(evaluatedAfter - 2),
      });
      if (i >= 2)
        await seed.seedMarking({
          answer,
          round: "second",
          mentorId: q,
          marks: 5,
          markedAt: hoursAfterClose(evaluatedAfter),
        });
      if (i === 3)
        await seed.seedMarking({
          answer,
          round: "reeval",
          mentorId: r,
          marks: 6,
          markedAt: hoursAfterClose(300),
        });
    }
    const overdue = await seed.seedBooklet({ testId: id });
    await seed.seedMarking({
      answer: await seed.seedAnswer({ bookletId: overdue, testId: id, testQuestionId: question }),
      round: "first",
      mentorId: r,
      status: "claimed",
    });
    await seed.seedBooklet({
      testId: id,
      submittedAt: hoursAfterClose(90),
      dueAt: hoursAfterClose(114),
    });

    clock.setOffsetMs(clock.offsetTo(hoursAfterClose(100)));
    try {
      const response = await t.client(admin).admin["mains-tests"][":id"].calibration.$get({
        param: { id },
      });
      const body = await response.json();
      expect(body.test.turnaroundHours).toBe(24);
      expect(body.turnaround.test).toEqual({
        firstDueAt: hoursAfterClose(24).toISOString(),
        lastDueAt: hoursAfterClose(114).toISOString(),
        booklets: 6,
        evaluated: 4,
        pending: 2,
        p50Hours: 25,
        p90Hours: 37,
        lateEvaluated: 2,
        overduePending: 1,
        late: 3,
      });
      expect(body.turnaround.mentors).toEqual([
        { mentorId: p, name: "Mentor P", markings: 4, p50Hours: 23, p90Hours: 35, late: 2 },
        { mentorId: q, name: "Mentor Q", markings: 2, p50Hours: 35, p90Hours: 39, late: 2 },
      ]);
      // Two pairs agreeing exactly on one band (5, 5): no spread, kappa null; P and Q listed.
      expect(body.agreement).toMatchObject({ pairs: 2, kappa: null, meanDifferenceMarks: 0 });
      expect(body.mentors.map((row) => row.name)).toEqual(["Mentor P", "Mentor Q"]);
    } finally {
      clock.setOffsetMs(0);
    }
  });
});

describe("admins only", () => {
  it("refuses mentors and students (403) and visitors (401), and their writes change nothing", async () => {
    await t.client(admin).admin["mains-tests"][":id"].moderation.$put({
      param: { id: test1 },
      json: { mentorId: mentors.A as string, correction: -1 },
    });
    const before = await moderationRows();
    for (const [who, status] of [
      [mentor, 403],
      [student, 403],
      [null, 401],
    ] as const) {
      const api = t.client(who);
      const reads = [
        await api.admin["mains-tests"][":id"].calibration.$get({ param: { id: test1 } }),
        await api.admin["mains-calibration"].$get({ query: { paper: "gs2" } }),
      ];
      const writes = [
        // A mentor moderating their own marks is refused like any other.
        await api.admin["mains-tests"][":id"].moderation.$put({
          param: { id: test1 },
          json: { mentorId: who === mentor ? mentor.id : (mentors.A as string), correction: 5 },
        }),
        await api.admin["mains-tests"][":id"].moderation[":mentorId"].$delete({
          param: { id: test1, mentorId: mentors.A as string },
        }),
      ];
      for (const response of [...reads, ...writes]) expect(response.status).toBe(status);
      expect(await moderationRows()).toEqual(before);
    }
    await t.db.delete(mainsModeration);
  });
});
