import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_REQUIRED_HEADERS } from "../../../shared/question-csv.ts";
import {
  examAttempts,
  examCategories,
  exams,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { postCsvImport } from "../../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const HEADER = CSV_REQUIRED_HEADERS.join(",");

/** The shared paging bounds (shared/pagination.ts): each refused with a 422 naming the field. */
async function expectPagingRefused(path: string) {
  for (const query of ["page=0", "page=x", "pageSize=0", "pageSize=101", "pageSize=2.5"]) {
    const response = await t.request(`${path}?${query}`, { cookie: admin.cookie });
    expect(`${query} ${response.status}`).toBe(`${query} 422`);
    const field = query.split("=")[0];
    expect((await response.json()).error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [expect.objectContaining({ path: field })],
    });
  }
  expect((await t.request(`${path}?pageSize=100`, { cookie: admin.cookie })).status).toBe(200);
}

describe("categories", () => {
  it("creates, lists with exam counts, searches, updates and deletes", async () => {
    const created = await t.request("/api/admin/categories", {
      cookie: admin.cookie,
      body: {
        name: "Modern History",
        description: "1757 to 1947",
        iconSlug: "landmark",
        imageSlug: "",
      },
    });
    expect(created.status).toBe(201);
    const category = await created.json();
    expect(category).toMatchObject({
      name: "Modern History",
      iconSlug: "landmark",
      imageSlug: null,
    });

    const listed = await (
      await t.request("/api/admin/categories?search=1757", { cookie: admin.cookie })
    ).json();
    expect(listed).toEqual({
      items: [expect.objectContaining({ id: category.id, examCount: 0 })],
      total: 1,
      page: 1,
      pageSize: 20,
    });

    const updated = await t.request(`/api/admin/categories/${category.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: { name: "Modern Indian History" },
    });
    expect((await updated.json()).name).toBe("Modern Indian History");
    const duplicate = await t.request("/api/admin/categories", {
      cookie: admin.cookie,
      body: { name: "modern indian history" },
    });
    expect(duplicate.status).toBe(409);

    expect(
      (
        await t.request(`/api/admin/categories/${category.id}`, {
          method: "DELETE",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
  });

  it("refuses to delete a category that has exams, with the spec's message", async () => {
    const { category } = await createExamFixture(t.db);
    const response = await t.request(`/api/admin/categories/${category.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "This category is linked to 1 exam(s). Please reassign or delete them first.",
    );
  });

  it("requires a name", async () => {
    const response = await t.request("/api/admin/categories", {
      cookie: admin.cookie,
      body: { name: "  " },
    });
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe("Category name is required.");
  });

  it("lists a page at a time by name, searched, with every category still offered as an option", async () => {
    const prefix = `Paged ${Math.random().toString(36).slice(2, 8)}`;
    const names = [1, 2, 3, 4, 5].map((n) => `${prefix} ${n}`);
    await t.db.insert(examCategories).values(names.map((name) => ({ name })));
    const search = `search=${encodeURIComponent(prefix)}`;
    const second = await (
      await t.request(`/api/admin/categories?${search}&page=2&pageSize=2`, { cookie: admin.cookie })
    ).json();
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(names.slice(2, 4));
    const last = await (
      await t.request(`/api/admin/categories?${search}&page=3&pageSize=2`, { cookie: admin.cookie })
    ).json();
    expect(last.items.map((c: { name: string }) => c.name)).toEqual(names.slice(4));
    const beyond = await (
      await t.request(`/api/admin/categories?${search}&page=4&pageSize=2`, { cookie: admin.cookie })
    ).json();
    expect(beyond).toEqual({ items: [], total: 5, page: 4, pageSize: 2 });

    // The exam form's select needs them all, not a page: id and name, by name.
    const options = await (
      await t.request("/api/admin/categories/options", { cookie: admin.cookie })
    ).json();
    const all = await t.db.select({ id: examCategories.id }).from(examCategories);
    expect(options).toHaveLength(all.length);
    expect(Object.keys(options[0]).sort()).toEqual(["id", "name"]);
    expect(options.filter((o: { name: string }) => o.name.startsWith(prefix))).toHaveLength(5);
  });

  it("refuses a page or page size out of bounds with a 422", async () => {
    await expectPagingRefused("/api/admin/categories");
  });
});

describe("exams", () => {
  it("creates an exam with the spec's defaults and validates with the spec's message", async () => {
    const { category } = await createExamFixture(t.db);
    const created = await t.request("/api/admin/exams", {
      cookie: admin.cookie,
      body: { title: "Polity Mock 3", categoryId: category.id },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      timeLimitSeconds: 3600,
      passingMarks: 70,
      kind: "mock",
      isFree: true,
    });

    for (const bad of [
      { title: "", categoryId: category.id },
      { title: "x", categoryId: category.id, timeLimitSeconds: 0 },
      { title: "x", categoryId: category.id, passingMarks: 101 },
    ]) {
      const response = await t.request("/api/admin/exams", { cookie: admin.cookie, body: bad });
      expect(response.status).toBe(422);
      expect((await response.json()).error.message).toBe(
        "Please fill all required fields correctly. Time limit must be positive (in minutes), passing marks between 0-100.",
      );
    }
    const pyp = await t.request("/api/admin/exams", {
      cookie: admin.cookie,
      body: { title: "PYQ", categoryId: category.id, kind: "pyp" },
    });
    expect((await pyp.json()).error.message).toBe("A previous-year paper needs its year.");
  });

  it("searches by title or category name, newest first", async () => {
    const { exam, category } = await createExamFixture(t.db);
    const { items: byCategory } = await (
      await t.request(`/api/admin/exams?search=${encodeURIComponent(category.name)}`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(byCategory.map((e: { id: string }) => e.id)).toEqual([exam.id]);
    expect(byCategory[0]).toMatchObject({ category: { name: category.name }, questionCount: 4 });
  });

  it("lists a page at a time, newest first, searched by category name", async () => {
    const { category } = await createExamFixture(t.db, { questionCount: 0 });
    const titles = ["Oldest", "Middle", "Newer", "Newest"];
    await t.db.insert(exams).values(
      titles.map((title, i) => ({
        title: `${title} ${category.name}`,
        categoryId: category.id,
        createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
      })),
    );
    const search = `search=${encodeURIComponent(category.name)}`;
    const first = await (
      await t.request(`/api/admin/exams?${search}&pageSize=2`, { cookie: admin.cookie })
    ).json();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((e: { title: string }) => e.title)).toEqual([
      `Newest ${category.name}`,
      `Newer ${category.name}`,
    ]);
    const second = await (
      await t.request(`/api/admin/exams?${search}&page=2&pageSize=2`, { cookie: admin.cookie })
    ).json();
    expect(second.items.map((e: { title: string }) => e.title)).toEqual([
      `Middle ${category.name}`,
      `Oldest ${category.name}`,
    ]);
    expect(second.items[0]).toMatchObject({ category: { name: category.name }, questionCount: 0 });
  });

  it("refuses a page or page size out of bounds with a 422", async () => {
    await expectPagingRefused("/api/admin/exams");
  });

  it("deletes an exam with its questions, attempts and answers", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db);
    const started = await (
      await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie })
    ).json();
    await t.request(`/api/attempts/${started.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          { questionId: qs[0]!.id, selectedAnswer: "A", markedForReview: false, clientSeq: 1 },
        ],
      },
    });
    const response = await t.request(`/api/admin/exams/${exam.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await response.json()).toMatchObject({ deletedQuestions: 4, deletedAttempts: 1 });
    const left = await Promise.all([
      t.db.select({ n: count() }).from(exams).where(eq(exams.id, exam.id)),
      t.db.select({ n: count() }).from(questions).where(eq(questions.examId, exam.id)),
      t.db.select({ n: count() }).from(examAttempts).where(eq(examAttempts.examId, exam.id)),
      t.db
        .select({ n: count() })
        .from(studentAnswers)
        .where(eq(studentAnswers.attemptId, started.attempt.id)),
    ]);
    expect(left.map(([r]) => r?.n)).toEqual([0, 0, 0, 0]);
  });
});

describe("questions", () => {
  it("creates with an upper-cased answer, refuses a bad one, and lists newest first with pages", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const base = { examId: exam.id, options: { A: "1", B: "2", C: "3", D: "4" } };
    const created = await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: { ...base, questionText: "First?", correctAnswer: "b", explanation: "" },
    });
    expect(await created.json()).toMatchObject({ correctAnswer: "B", explanation: null });
    const bad = await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: { ...base, questionText: "?", correctAnswer: "E" },
    });
    expect((await bad.json()).error.message).toBe("Correct answer must be A, B, C, or D.");
    const missing = await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: {
        ...base,
        options: { A: "1", B: "", C: "3", D: "4" },
        questionText: "?",
        correctAnswer: "A",
      },
    });
    expect((await missing.json()).error.message).toBe(
      "Please fill all required fields: Question Text, all Options, Correct Answer, and select an Exam.",
    );
    await t.request("/api/admin/questions", {
      cookie: admin.cookie,
      body: { ...base, questionText: "Second?", correctAnswer: "C" },
    });

    const page = await (
      await t.request(`/api/admin/questions?examId=${exam.id}&pageSize=1`, { cookie: admin.cookie })
    ).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items[0]).toMatchObject({
      questionText: "Second?",
      exam: { id: exam.id, title: exam.title },
    });
    const search = await (
      await t.request(`/api/admin/questions?search=first`, { cookie: admin.cookie })
    ).json();
    expect(search.items.map((q: { questionText: string }) => q.questionText)).toEqual(["First?"]);
  });

  it("deletes a question together with the answers to it", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db);
    const started = await (
      await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie })
    ).json();
    await t.request(`/api/attempts/${started.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          { questionId: qs[0]!.id, selectedAnswer: "A", markedForReview: false, clientSeq: 1 },
        ],
      },
    });
    expect(
      (
        await t.request(`/api/admin/questions/${qs[0]!.id}`, {
          method: "DELETE",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(200);
    const [left] = await t.db
      .select({ n: count() })
      .from(studentAnswers)
      .where(eq(studentAnswers.questionId, qs[0]!.id));
    expect(left?.n).toBe(0);
    expect(
      (
        await t.request(`/api/admin/questions/${qs[0]!.id}`, {
          method: "DELETE",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("CSV import", () => {
  it("inserts the valid rows in file order and reports the skipped ones", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const csv = [
      HEADER.toUpperCase(),
      '"Which river, in the north, is longest?",Ganga,Yamuna,Indus,Brahmaputra,a,"Ganga, at 2,525 km"',
      "No options,,,,,A,",
      "Bad answer,1,2,3,4,Z,",
      "Last one?,1,2,3,4,d,",
    ].join("\n");
    const response = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.inserted).toBe(2);
    expect(body.skipped.map((s: { message: string }) => s.message)).toEqual([
      "Row 3: Missing required fields (option_a, option_b, option_c, option_d). Skipping.",
      'Row 4: Invalid correct answer "Z". Must be A, B, C, or D. Skipping.',
    ]);
    const rows = await t.db
      .select()
      .from(questions)
      .where(eq(questions.examId, exam.id))
      .orderBy(questions.createdAt);
    expect(rows.map((r) => [r.questionText, r.correctAnswer, r.explanation])).toEqual([
      ["Which river, in the north, is longest?", "A", "Ganga, at 2,525 km"],
      ["Last one?", "D", null],
    ]);
  });

  it("answers the spec's messages for an empty file, a bad header and no valid rows", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const send = async (csv: string) =>
      (
        await (
          await postCsvImport(t, {
            cookie: admin.cookie,
            body: { examId: exam.id, csv },
          })
        ).json()
      ).error.message;
    expect(await send(HEADER)).toBe("CSV file is empty or has only a header.");
    expect(await send("q,a\n1,2")).toMatch(/^CSV header mismatch\. Expected: .* Found: q, a$/);
    expect(await send(`${HEADER}\nx,1,2,3,4,Q,`)).toBe("No valid questions found to upload.");
  });

  it("is all-or-nothing: a failure in any batch leaves no question behind", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const lines = Array.from({ length: 1500 }, (_, i) => `Question ${i},1,2,3,4,A,`);
    // The database refuses row 1,400, which sits in the second insert batch. (A NUL character
    // used to do this; it is now refused before any insert, see nul-characters.api.test.ts.)
    lines[1399] = "Broken question,1,2,3,4,A,";
    await t.db.execute(sql`
      create function refuse_broken_question() returns trigger language plpgsql as $$
      begin
        if new.question_text = 'Broken question' then raise exception 'refused by test'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_broken_question before insert on questions
      for each row execute function refuse_broken_question()`);
    const response = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv: [HEADER, ...lines].join("\n") },
    });
    await t.db.execute(sql`drop trigger refuse_broken_question on questions`);
    await t.db.execute(sql`drop function refuse_broken_question()`);
    expect(response.status).toBe(500);
    const [left] = await t.db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.examId, exam.id));
    expect(left?.n).toBe(0);
  });
});

describe("admin results", () => {
  it("lists attempts with student and exam, searchable, and shows details with answers", async () => {
    const { exam } = await createExamFixture(t.db);
    const started = await (
      await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie })
    ).json();
    await t.request(`/api/attempts/${started.attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const list = await (
      await t.request(`/api/admin/results?search=${encodeURIComponent(exam.title)}`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(list.items[0]).toMatchObject({
      id: started.attempt.id,
      exam: { title: exam.title },
      passed: false,
      score: 0,
    });
    expect(list.items[0].profile.email).toMatch(/@example\.com$/);
    const detail = await (
      await t.request(`/api/admin/results/${started.attempt.id}`, { cookie: admin.cookie })
    ).json();
    expect(detail.answers).toHaveLength(4);
    expect(detail.student.email).toBe(list.items[0].profile.email);
  });
});

describe("permissions", () => {
  it("keeps students (403) and visitors (401) out of every admin route", async () => {
    const { exam, category, questions: qs } = await createExamFixture(t.db);
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/categories"],
      ["GET", "/api/admin/categories/options"],
      ["POST", "/api/admin/categories", { name: "X" }],
      ["PUT", `/api/admin/categories/${category.id}`, { name: "X" }],
      ["DELETE", `/api/admin/categories/${category.id}`],
      ["GET", "/api/admin/exams"],
      ["GET", "/api/admin/exams/options"],
      ["POST", "/api/admin/exams", { title: "X", categoryId: category.id }],
      ["PUT", `/api/admin/exams/${exam.id}`, { title: "X", categoryId: category.id }],
      ["DELETE", `/api/admin/exams/${exam.id}`],
      ["GET", "/api/admin/questions"],
      ["POST", "/api/admin/questions", {}],
      ["POST", "/api/admin/questions/import", { examId: exam.id, csv: HEADER }],
      ["PUT", `/api/admin/questions/${qs[0]!.id}`, {}],
      ["DELETE", `/api/admin/questions/${qs[0]!.id}`],
      ["GET", "/api/admin/results"],
      ["GET", `/api/admin/results/${exam.id}`],
    ];
    for (const [method, path, body] of routes) {
      const asStudent = await t.request(path, { method, body, cookie: student.cookie });
      expect(`${method} ${path} ${asStudent.status}`).toBe(`${method} ${path} 403`);
      const anonymous = await t.request(path, { method, body });
      expect(`${method} ${path} ${anonymous.status}`).toBe(`${method} ${path} 401`);
    }
    const [still] = await t.db.select({ n: count() }).from(exams).where(eq(exams.id, exam.id));
    expect(still?.n).toBe(1);
  });
});
