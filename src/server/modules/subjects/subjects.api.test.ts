import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TAXONOMY_MESSAGES } from "../../../shared/taxonomy.ts";
import { questions } from "../../db/schema/exams.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

let sequence = 0;
const unique = (name: string) => `${name} ${++sequence}-${Math.random().toString(36).slice(2, 6)}`;

async function post(path: string, body: unknown, cookie = admin.cookie) {
  const response = await t.request(path, { method: "POST", body, cookie });
  return { status: response.status, body: await response.json() };
}

async function newSubject(name = unique("Subject")) {
  const created = await post("/api/admin/subjects", { name });
  expect(created.status).toBe(201);
  return created.body as { id: string; name: string };
}

async function newTopic(subjectId: string, name = unique("Topic")) {
  const created = await post(`/api/admin/subjects/${subjectId}/topics`, { name });
  expect(created.status).toBe(201);
  return created.body as { id: string; subjectId: string; name: string };
}

async function tagged(ids: string[]) {
  return t.db
    .select({
      id: questions.id,
      subjectId: questions.subjectId,
      topicId: questions.topicId,
      difficulty: questions.difficulty,
    })
    .from(questions)
    .where(inArray(questions.id, ids))
    .orderBy(asc(questions.createdAt));
}

async function taxonomyRows() {
  return {
    subjects: await t.db.select().from(subjects).orderBy(asc(subjects.id)),
    topics: await t.db.select().from(topics).orderBy(asc(topics.id)),
  };
}

describe("subjects and topics", () => {
  it("lists subjects with their topics and per-row question counts", async () => {
    const subject = await newSubject();
    const used = await newTopic(subject.id, "B used");
    const unused = await newTopic(subject.id, "a unused");
    const { questions: rows } = await createExamFixture(t.db, { questionCount: 3 });
    await t.db
      .update(questions)
      .set({ subjectId: subject.id, topicId: used.id })
      .where(inArray(questions.id, [rows[0]?.id ?? "", rows[1]?.id ?? ""]));
    await t.db
      .update(questions)
      .set({ subjectId: subject.id })
      .where(eq(questions.id, rows[2]?.id ?? ""));

    const response = await t.request(
      `/api/admin/subjects?search=${encodeURIComponent(subject.name)}`,
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(200);
    const list = ((await response.json()) as { items: { id: string }[] }).items;
    expect(list.find((s) => s.id === subject.id)).toEqual({
      id: subject.id,
      name: subject.name,
      questionCount: 3,
      topics: [
        { id: unused.id, name: "a unused", questionCount: 0 },
        { id: used.id, name: "B used", questionCount: 2 },
      ],
    });

    // Students read names only (for filters), never the admin's counts.
    const options = await t.request("/api/subjects", { cookie: student.cookie });
    expect(options.status).toBe(200);
    const mine = ((await options.json()) as { id: string }[]).find((s) => s.id === subject.id);
    expect(mine).toEqual({
      id: subject.id,
      name: subject.name,
      topics: [
        { id: unused.id, name: "a unused" },
        { id: used.id, name: "B used" },
      ],
    });
    expect((await t.request("/api/subjects")).status).toBe(401);
  });

  it("pages the admin list, finds a subject by a topic's name, and refuses bad pages", async () => {
    const prefix = unique("Paged");
    const made = [];
    for (const n of [1, 2, 3]) made.push(await newSubject(`${prefix} ${n}`));
    const topicName = unique("Rare topic");
    await newTopic(made[1]?.id ?? "", topicName);
    const get = (query: string) =>
      t.request(`/api/admin/subjects?${query}`, { cookie: admin.cookie });

    const second = await get(`search=${encodeURIComponent(prefix)}&page=2&pageSize=2`);
    expect(second.status).toBe(200);
    const page = (await second.json()) as { items: { name: string }[]; total: number };
    expect(page.total).toBe(3);
    expect(page.items.map((s) => s.name)).toEqual([`${prefix} 3`]);

    const byTopic = await get(`search=${encodeURIComponent(topicName)}`);
    const found = (await byTopic.json()) as { items: { id: string }[]; total: number };
    expect(found.items.map((s) => s.id)).toEqual([made[1]?.id]);

    for (const bad of ["page=0", "pageSize=101", "pageSize=abc"]) {
      expect((await get(bad)).status).toBe(422);
    }
  });

  it("refuses a duplicate name in any case with a 409 and changes nothing", async () => {
    const subject = await newSubject(unique("Polity"));
    const topic = await newTopic(subject.id, "Parliament");
    const other = await newSubject();
    const before = await taxonomyRows();

    const dupSubject = await post("/api/admin/subjects", {
      name: `  ${subject.name.toUpperCase()} `,
    });
    expect(dupSubject).toEqual({
      status: 409,
      body: {
        error: {
          code: "CONFLICT",
          message: TAXONOMY_MESSAGES.duplicateSubject(subject.name.toUpperCase()),
        },
      },
    });
    const rename = await t.request(`/api/admin/subjects/${other.id}`, {
      method: "PUT",
      body: { name: subject.name.toLowerCase() },
      cookie: admin.cookie,
    });
    expect(rename.status).toBe(409);

    const dupTopic = await post(`/api/admin/subjects/${subject.id}/topics`, { name: "PARLIAMENT" });
    expect(dupTopic.status).toBe(409);
    expect(dupTopic.body.error.message).toBe(
      TAXONOMY_MESSAGES.duplicateTopic("PARLIAMENT", subject.name),
    );
    const sibling = await newTopic(subject.id, "Judiciary");
    const renameTopic = await t.request(`/api/admin/subjects/topics/${sibling.id}`, {
      method: "PUT",
      body: { name: "parliament" },
      cookie: admin.cookie,
    });
    expect(renameTopic.status).toBe(409);
    await t.db.delete(topics).where(eq(topics.id, sibling.id));
    expect(await taxonomyRows()).toEqual(before);

    // The same topic name under another subject is fine.
    await newTopic(other.id, topic.name);
    const blank = await post("/api/admin/subjects", { name: "   " });
    expect(blank.status).toBe(422);
    expect(blank.body.error.message).toBe("Subject name is required.");
  });

  it("renames a subject and a topic", async () => {
    const subject = await newSubject();
    const topic = await newTopic(subject.id);
    const renamed = await t.request(`/api/admin/subjects/${subject.id}`, {
      method: "PUT",
      body: { name: "Renamed subject" },
      cookie: admin.cookie,
    });
    expect(await renamed.json()).toEqual({ id: subject.id, name: "Renamed subject" });
    const renamedTopic = await t.request(`/api/admin/subjects/topics/${topic.id}`, {
      method: "PUT",
      body: { name: "Renamed topic" },
      cookie: admin.cookie,
    });
    expect(await renamedTopic.json()).toEqual({
      id: topic.id,
      subjectId: subject.id,
      name: "Renamed topic",
    });
    const missing = await t.request(`/api/admin/subjects/topics/${crypto.randomUUID()}`, {
      method: "PUT",
      body: { name: "x" },
      cookie: admin.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it("deletes only what no question uses, with the blocked-delete message", async () => {
    const subject = await newSubject();
    const topic = await newTopic(subject.id);
    const spare = await newTopic(subject.id);
    const { questions: rows } = await createExamFixture(t.db, { questionCount: 2 });
    await t.db
      .update(questions)
      .set({ subjectId: subject.id, topicId: topic.id })
      .where(
        inArray(
          questions.id,
          rows.map((q) => q.id),
        ),
      );
    const before = await taxonomyRows();

    const blockedSubject = await t.request(`/api/admin/subjects/${subject.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(blockedSubject.status).toBe(409);
    expect(await blockedSubject.json()).toEqual({
      error: {
        code: "CONFLICT",
        message: "This subject is linked to 2 question(s). Please reassign or delete them first.",
        details: { questionCount: 2 },
      },
    });
    const blockedTopic = await t.request(`/api/admin/subjects/topics/${topic.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(blockedTopic.status).toBe(409);
    expect((await blockedTopic.json()).error.message).toBe(TAXONOMY_MESSAGES.topicInUse(2));
    expect(await taxonomyRows()).toEqual(before);

    const spareGone = await t.request(`/api/admin/subjects/topics/${spare.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await spareGone.json()).toEqual({ id: spare.id });

    // Unused once the questions are untagged: the subject goes with its (unused) topics.
    await t.db
      .update(questions)
      .set({ subjectId: null, topicId: null })
      .where(
        inArray(
          questions.id,
          rows.map((q) => q.id),
        ),
      );
    const gone = await t.request(`/api/admin/subjects/${subject.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(topics).where(eq(topics.subjectId, subject.id))).toEqual([]);
    const again = await t.request(`/api/admin/subjects/${subject.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("merges a topic into another, across subjects too, in one transaction", async () => {
    const polity = await newSubject();
    const history = await newSubject();
    const source = await newTopic(polity.id);
    const sameSubject = await newTopic(polity.id);
    const otherSubject = await newTopic(history.id);
    const { questions: rows } = await createExamFixture(t.db, { questionCount: 3 });
    const ids = rows.map((q) => q.id);
    await t.db
      .update(questions)
      .set({ subjectId: polity.id, topicId: source.id, difficulty: "hard" })
      .where(inArray(questions.id, ids.slice(0, 2)));
    await t.db
      .update(questions)
      .set({ subjectId: polity.id, topicId: sameSubject.id })
      .where(eq(questions.id, ids[2] ?? ""));

    const intoItself = await post(`/api/admin/subjects/topics/${source.id}/merge`, {
      targetTopicId: source.id,
    });
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.error.message).toBe(TAXONOMY_MESSAGES.mergeIntoItself);
    const intoNothing = await post(`/api/admin/subjects/topics/${source.id}/merge`, {
      targetTopicId: crypto.randomUUID(),
    });
    expect(intoNothing.status).toBe(400);
    expect(await tagged(ids.slice(0, 2))).toEqual(
      ids.slice(0, 2).map((id) => ({
        id,
        subjectId: polity.id,
        topicId: source.id,
        difficulty: "hard",
      })),
    );

    const merged = await post(`/api/admin/subjects/topics/${source.id}/merge`, {
      targetTopicId: otherSubject.id,
    });
    expect(merged).toEqual({
      status: 200,
      body: { id: source.id, targetTopicId: otherSubject.id, moved: 2 },
    });
    expect(await tagged(ids)).toEqual([
      { id: ids[0], subjectId: history.id, topicId: otherSubject.id, difficulty: "hard" },
      { id: ids[1], subjectId: history.id, topicId: otherSubject.id, difficulty: "hard" },
      { id: ids[2], subjectId: polity.id, topicId: sameSubject.id, difficulty: null },
    ]);
    expect(await t.db.select().from(topics).where(eq(topics.id, source.id))).toEqual([]);
  });

  it("keeps students (403) and visitors (401) out of every admin route", async () => {
    const subject = await newSubject();
    const topic = await newTopic(subject.id);
    const other = await newTopic(subject.id);
    const before = await taxonomyRows();
    const routes: [string, string, unknown][] = [
      ["GET", "/api/admin/subjects", undefined],
      ["POST", "/api/admin/subjects", { name: unique("Sneaky") }],
      ["PUT", `/api/admin/subjects/${subject.id}`, { name: "Sneaky" }],
      ["DELETE", `/api/admin/subjects/${subject.id}`, undefined],
      ["POST", `/api/admin/subjects/${subject.id}/topics`, { name: "Sneaky" }],
      ["PUT", `/api/admin/subjects/topics/${topic.id}`, { name: "Sneaky" }],
      ["DELETE", `/api/admin/subjects/topics/${topic.id}`, undefined],
      ["POST", `/api/admin/subjects/topics/${topic.id}/merge`, { targetTopicId: other.id }],
      [
        "POST",
        "/api/admin/questions/tag",
        { questionIds: [crypto.randomUUID()], difficulty: "easy" },
      ],
    ];
    for (const [method, path, body] of routes) {
      const asStudent = await t.request(path, { method, body, cookie: student.cookie });
      expect(`${method} ${path} ${asStudent.status}`).toBe(`${method} ${path} 403`);
      const asVisitor = await t.request(path, { method, body });
      expect(`${method} ${path} ${asVisitor.status}`).toBe(`${method} ${path} 401`);
    }
    expect(await taxonomyRows()).toEqual(before);
  });
});

describe("question tags", () => {
  async function examWithTaxonomy() {
    const fixture = await createExamFixture(t.db, { questionCount: 4 });
    const subject = await newSubject();
    const topic = await newTopic(subject.id);
    const otherSubject = await newSubject();
    const foreignTopic = await newTopic(otherSubject.id);
    return { ...fixture, subject, topic, otherSubject, foreignTopic };
  }

  const questionBody = (examId: string, tags: object) => ({
    examId,
    questionText: `Tagged question ${unique("q")}?`,
    options: { A: "a", B: "b", C: "c", D: "d" },
    correctAnswer: "A",
    ...tags,
  });

  it("creates and updates a question with subject, topic, difficulty and year", async () => {
    const { exam, subject, topic } = await examWithTaxonomy();
    const created = await post(
      "/api/admin/questions",
      questionBody(exam.id, {
        subjectId: subject.id,
        topicId: topic.id,
        difficulty: "medium",
        pyqYear: 2021,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      subjectId: subject.id,
      topicId: topic.id,
      difficulty: "medium",
      pyqYear: 2021,
    });

    const list = await t.request(`/api/admin/questions?examId=${exam.id}&topicId=${topic.id}`, {
      cookie: admin.cookie,
    });
    const page = await list.json();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      subject: { id: subject.id, name: subject.name },
      topic: { id: topic.id, name: topic.name },
      difficulty: "medium",
      pyqYear: 2021,
    });

    const cleared = await t.request(`/api/admin/questions/${created.body.id}`, {
      method: "PUT",
      body: questionBody(exam.id, {}),
      cookie: admin.cookie,
    });
    expect(await cleared.json()).toMatchObject({
      subjectId: null,
      topicId: null,
      difficulty: null,
      pyqYear: null,
    });
  });

  it("refuses a topic of another subject, an unknown subject and bad values, changing nothing", async () => {
    const { exam, questions: rows, subject, foreignTopic } = await examWithTaxonomy();
    const target = rows[0]?.id ?? "";
    const before = await tagged([target]);
    const cases: [object, number, string][] = [
      [
        { subjectId: subject.id, topicId: foreignTopic.id },
        400,
        TAXONOMY_MESSAGES.topicNotInSubject,
      ],
      [{ topicId: foreignTopic.id }, 400, TAXONOMY_MESSAGES.topicNeedsSubject],
      [{ subjectId: crypto.randomUUID() }, 400, TAXONOMY_MESSAGES.unknownSubject],
      [
        { subjectId: subject.id, topicId: crypto.randomUUID() },
        400,
        TAXONOMY_MESSAGES.unknownTopic,
      ],
      [{ difficulty: "impossible" }, 422, "Difficulty must be easy, medium or hard."],
      [{ pyqYear: 1800 }, 422, "Year must be between 1950 and 2100."],
    ];
    for (const [tags, status, message] of cases) {
      const updated = await t.request(`/api/admin/questions/${target}`, {
        method: "PUT",
        body: questionBody(exam.id, tags),
        cookie: admin.cookie,
      });
      expect(updated.status).toBe(status);
      expect((await updated.json()).error.message).toBe(message);
      const created = await post("/api/admin/questions", questionBody(exam.id, tags));
      expect(created.status).toBe(status);
    }
    expect(await tagged([target])).toEqual(before);
    const count = await t.db.select().from(questions).where(eq(questions.examId, exam.id));
    expect(count).toHaveLength(4);
  });

  it("filters the admin list by subject, untagged, topic, difficulty and year", async () => {
    const { exam, questions: rows, subject, topic } = await examWithTaxonomy();
    const ids = rows.map((q) => q.id);
    await t.db
      .update(questions)
      .set({ subjectId: subject.id, topicId: topic.id, difficulty: "easy", pyqYear: 2019 })
      .where(eq(questions.id, ids[0] ?? ""));
    await t.db
      .update(questions)
      .set({ subjectId: subject.id, difficulty: "hard" })
      .where(eq(questions.id, ids[1] ?? ""));
    const idsFor = async (query: string) => {
      const response = await t.request(`/api/admin/questions?examId=${exam.id}&${query}`, {
        cookie: admin.cookie,
      });
      expect(response.status).toBe(200);
      const page = (await response.json()) as { items: { id: string }[] };
      return page.items.map((q) => q.id).sort();
    };
    expect(await idsFor(`subjectId=${subject.id}`)).toEqual([ids[0], ids[1]].sort());
    expect(await idsFor("subjectId=none")).toEqual([ids[2], ids[3]].sort());
    expect(await idsFor(`topicId=${topic.id}`)).toEqual([ids[0]]);
    expect(await idsFor("difficulty=hard")).toEqual([ids[1]]);
    expect(await idsFor("year=2019")).toEqual([ids[0]]);
    expect(await idsFor("year=2019&difficulty=hard")).toEqual([]);
    const bad = await t.request("/api/admin/questions?difficulty=tricky", { cookie: admin.cookie });
    expect(bad.status).toBe(422);
  });

  it("tags many questions at once, all or nothing", async () => {
    const { questions: rows, subject, topic, foreignTopic } = await examWithTaxonomy();
    const ids = rows.map((q) => q.id);
    const tag = (body: object) => post("/api/admin/questions/tag", body);

    expect(
      await tag({
        questionIds: ids.slice(0, 3),
        subjectId: subject.id,
        topicId: topic.id,
        difficulty: "medium",
      }),
    ).toEqual({
      status: 200,
      body: { updated: 3 },
    });
    expect(await tagged(ids)).toEqual([
      ...ids
        .slice(0, 3)
        .map((id) => ({ id, subjectId: subject.id, topicId: topic.id, difficulty: "medium" })),
      { id: ids[3], subjectId: null, topicId: null, difficulty: null },
    ]);

    // Difficulty only: subject and topic stay.
    expect((await tag({ questionIds: [ids[0]], difficulty: "hard" })).status).toBe(200);
    expect((await tagged([ids[0] ?? ""]))[0]).toMatchObject({
      topicId: topic.id,
      difficulty: "hard",
    });

    const before = await tagged(ids);
    const refused: [object, number, string][] = [
      [
        { questionIds: [ids[3], crypto.randomUUID()], difficulty: "easy" },
        404,
        TAXONOMY_MESSAGES.missingQuestions(1),
      ],
      [
        { questionIds: ids, subjectId: subject.id, topicId: foreignTopic.id },
        400,
        TAXONOMY_MESSAGES.topicNotInSubject,
      ],
      [{ questionIds: ids }, 422, TAXONOMY_MESSAGES.nothingToTag],
      [{ questionIds: ids, topicId: topic.id }, 422, TAXONOMY_MESSAGES.topicNeedsSubject],
      [{ questionIds: [], difficulty: "easy" }, 422, "Select at least one question."],
      [
        { questionIds: Array.from({ length: 501 }, () => crypto.randomUUID()), difficulty: "easy" },
        422,
        "Tag at most 500 questions at a time.",
      ],
    ];
    for (const [body, status, message] of refused) {
      const response = await tag(body);
      expect(response.status).toBe(status);
      expect(response.body.error.message).toBe(message);
    }
    expect(await tagged(ids)).toEqual(before);

    // A null subject clears subject and topic.
    expect((await tag({ questionIds: ids, subjectId: null })).body).toEqual({ updated: 4 });
    expect((await tagged(ids)).map((q) => [q.subjectId, q.topicId])).toEqual(
      ids.map(() => [null, null]),
    );
  });
});
