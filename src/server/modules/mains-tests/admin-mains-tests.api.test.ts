import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MAINS_ADMIN_MESSAGES } from "../../../shared/mains-test-schemas.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { errorOf } from "../../test/test-app.ts";
import { setupMainsTests } from "./mains-fixture.ts";

const { t, student, admin, at, plus, bankQuestion, testBody, createTest, start } =
  setupMainsTests();

beforeEach(() => at("2031-03-01T05:00:00.000Z"));

const adminApi = () => t.client(admin).admin["mains-tests"];

async function testRows(id: string) {
  const [test] = await t.db.select().from(mainsTests).where(eq(mainsTests.id, id));
  const paper = await t.db
    .select()
    .from(mainsTestQuestions)
    .where(eq(mainsTestQuestions.testId, id));
  return { test, paper: paper.sort((a, b) => a.position - b.position) };
}

describe("an admin builds a Mains test", () => {
  it("creates a test with the defaults (3 hours, 30 minutes' grace, 10%, 120 hours) and its paper in order", async () => {
    const created = await adminApi().$post({
      json: {
        title: "GS III test 4",
        paper: "gs3",
        opensAt: plus(60).toISOString(),
        closesAt: plus(3 * 24 * 60).toISOString(),
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = await created.json();
    const [first, second] = [await bankQuestion("gs3"), await bankQuestion("gs3")];
    const paper = await adminApi()[":id"].questions.$put({
      param: { id },
      json: {
        questions: [
          { questionId: second, section: 1, marks: 15, wordLimit: 250 },
          { questionId: first, section: 1, marks: 10, wordLimit: 150 },
        ],
      },
    });
    expect(paper.status, await paper.clone().text()).toBe(200);
    const view = await paper.json();
    expect(view.durationMinutes).toBe(180);
    expect(view.uploadGraceMinutes).toBe(30);
    expect(view.doubleMarkPercent).toBe(10);
    expect(view.turnaroundHours).toBe(120);
    expect(view.sectionChoose).toBeNull();
    expect(view.published).toBe(false);
    expect(view.totalMarks).toBe(25);
    expect(view.questions.map((q) => [q.questionId, q.position, q.marks])).toEqual([
      [second, 1, 15],
      [first, 2, 10],
    ]);
  });

  it("gives the Essay paper its choice rule, one of four in each of two sections", async () => {
    const { id } = await createTest({ paper: "essay" }, [1, 1, 1, 1, 2, 2, 2, 2]);
    const { test } = await testRows(id);
    expect(test?.sectionChoose).toEqual([1, 1]);
    // A paper whose sections cannot hold the rule is refused.
    const refused = await adminApi()[":id"].questions.$put({
      param: { id },
      json: {
        questions: [
          { questionId: await bankQuestion("essay"), section: 1, marks: 125, wordLimit: null },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe(MAINS_ADMIN_MESSAGES.chooseRule);
  });

  it("refuses bad input with 422 and changes nothing", async () => {
    const { id } = await createTest();
    const before = await testRows(id);
    const bad = [
      { ...testBody(), closesAt: plus(-120).toISOString() },
      { ...testBody(), paper: "gs9" },
      { ...testBody(), title: "  " },
      { ...testBody(), durationMinutes: 5 },
      { ...testBody(), sectionChoose: [0] },
    ];
    for (const body of bad) {
      const response = await t.request(`/api/admin/mains-tests/${id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const window = await t.request(`/api/admin/mains-tests/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: bad[0],
    });
    expect((await errorOf(window)).details).toBeDefined();
    const question = await bankQuestion();
    for (const marks of [0, 251]) {
      const response = await t.request(`/api/admin/mains-tests/${id}/questions`, {
        method: "PUT",
        cookie: admin.cookie,
        body: { questions: [{ questionId: question, marks }] },
      });
      expect(response.status).toBe(422);
    }
    const unknown = await adminApi()[":id"].questions.$put({
      param: { id },
      json: {
        questions: [
          {
            questionId: "00000000-0000-4000-8000-000000000000",
            section: 1,
            marks: 10,
            wordLimit: null,
          },
        ],
      },
    });
    expect(unknown.status).toBe(422);
    const gap = await adminApi()[":id"].questions.$put({
      param: { id },
      json: { questions: [{ questionId: question, section: 2, marks: 10, wordLimit: null }] },
    });
    expect((await errorOf(gap)).message).toBe(MAINS_ADMIN_MESSAGES.sectionsInOrder);
    expect(await testRows(id)).toEqual(before);
    // Publishing an empty paper is refused too.
    const empty = await createTest({}, [], false);
    const publish = await adminApi()[":id"].publication.$put({
      param: { id: empty.id },
      json: { published: true },
    });
    expect(publish.status).toBe(422);
  });

  it("keeps the paper once a student has started: 409 for the paper, the rule, unpublishing and delete", async () => {
    const { id } = await createTest();
    await start(student, id);
    const before = await testRows(id);
    const body = {
      ...testBody(),
      opensAt: before.test?.opensAt.toISOString() ?? "",
      closesAt: before.test?.closesAt.toISOString() ?? "",
      published: true,
    };
    const paper = await adminApi()[":id"].$put({ param: { id }, json: { ...body, paper: "gs3" } });
    expect(paper.status).toBe(409);
    expect((await errorOf(paper)).message).toBe(MAINS_ADMIN_MESSAGES.paperLocked);
    const rule = await adminApi()[":id"].$put({
      param: { id },
      json: { ...body, sectionChoose: [1] },
    });
    expect(rule.status).toBe(409);
    const questions = await adminApi()[":id"].questions.$put({
      param: { id },
      json: { questions: [] },
    });
    expect(questions.status).toBe(409);
    const unpublish = await adminApi()[":id"].publication.$put({
      param: { id },
      json: { published: false },
    });
    expect(unpublish.status).toBe(409);
    const removed = await adminApi()[":id"].$delete({ param: { id } });
    expect(removed.status).toBe(409);
    expect(await testRows(id)).toEqual(before);
    // The window may still move: a later close.
    const later = await adminApi()[":id"].$put({
      param: { id },
      json: { ...body, closesAt: plus(5 * 24 * 60).toISOString() },
    });
    expect(later.status, await later.clone().text()).toBe(200);
  });

  it("deletes a test nobody has started", async () => {
    const { id } = await createTest();
    const removed = await adminApi()[":id"].$delete({ param: { id } });
    expect(removed.status).toBe(200);
    expect((await testRows(id)).test).toBeUndefined();
    expect((await adminApi()[":id"].$get({ param: { id } })).status).toBe(404);
  });

  it("is for admins only: mentors and students 403, visitors 401, nothing written", async () => {
    const { id } = await createTest();
    const seriesId = (
      await (await t.client(admin).admin["mains-series"].$post({ json: { title: "Kept" } })).json()
    ).id;
    const before = await testRows(id);
    const seriesBefore = await t.db.select().from(mainsSeries);
    const mentor = await t.createUser("mentor");
    for (const user of [mentor, student]) {
      const api = t.client(user).admin["mains-tests"];
      expect((await api.$get({ query: {} })).status).toBe(403);
      expect((await api.$post({ json: testBody() })).status).toBe(403);
      expect((await api[":id"].$put({ param: { id }, json: testBody() })).status).toBe(403);
      expect((await api[":id"].$delete({ param: { id } })).status).toBe(403);
      expect(
        (await api[":id"].questions.$put({ param: { id }, json: { questions: [] } })).status,
      ).toBe(403);
      const publication = { param: { id }, json: { published: false } };
      expect((await api[":id"].publication.$put(publication)).status).toBe(403);
      const series = t.client(user).admin["mains-series"];
      expect((await series.$post({ json: { title: "Series" } })).status).toBe(403);
      const rename = { param: { id: seriesId }, json: { title: "Renamed" } };
      expect((await series[":id"].$put(rename)).status).toBe(403);
      expect((await series[":id"].$delete({ param: { id: seriesId } })).status).toBe(403);
    }
    expect((await t.client().admin["mains-tests"].$get({ query: {} })).status).toBe(401);
    expect(await testRows(id)).toEqual(before);
    expect(await t.db.select().from(mainsSeries)).toEqual(seriesBefore);
  });

  it("lists tests with their paper's size and takers", async () => {
    const { id } = await createTest({ title: "Listed GS II test" });
    await start(student, id);
    const list = await adminApi().$get({ query: { search: "Listed GS II" } });
    const body = await list.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      id,
      questionCount: 2,
      totalMarks: 30,
      started: 1,
      submitted: 0,
      published: true,
    });
  });
});

describe("series", () => {
  it("creates, renames and deletes a series; a series with a started test stays", async () => {
    const api = t.client(admin).admin["mains-series"];
    const created = await api.$post({ json: { title: "Mains Test Series 2028" } });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const renamed = await api[":id"].$put({
      param: { id },
      json: { title: "Mains 2028", titleHi: "मुख्य परीक्षा 2028" },
    });
    expect(renamed.status).toBe(200);
    const test = await createTest({ seriesId: id });
    await start(student, test.id);
    const refused = await api[":id"].$delete({ param: { id } });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(MAINS_ADMIN_MESSAGES.deleteSeriesTaken);
    const [row] = await t.db.select().from(mainsSeries).where(eq(mainsSeries.id, id));
    expect(row?.titleHi).toBe("मुख्य परीक्षा 2028");

    const spare = await (await api.$post({ json: { title: "Spare" } })).json();
    const untaken = await createTest({ seriesId: spare.id });
    expect((await api[":id"].$delete({ param: { id: spare.id } })).status).toBe(200);
    const [kept] = await t.db.select().from(mainsTests).where(eq(mainsTests.id, untaken.id));
    expect(kept?.seriesId).toBeNull();
    // A test in an unknown series is refused.
    const missing = await adminApi().$post({ json: testBody({ seriesId: spare.id }) });
    expect(missing.status).toBe(422);
  });
});
