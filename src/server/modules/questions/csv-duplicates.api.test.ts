import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, CSV_REQUIRED_HEADERS } from "../../../shared/question-csv.ts";
import { questions } from "../../db/schema/exams.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { postCsvImport } from "../../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const HEADER = CSV_REQUIRED_HEADERS.join(",");

/**
 * Row 2 repeats the exam fixture's "Question 1" (other case and spacing, options shuffled),
 * row 4 repeats row 3, row 5 is new: 4 valid rows, 2 duplicates.
 */
function csvFor(sequenceTitle: string) {
  return [
    HEADER,
    `"  question 1 OF ${sequenceTitle.toLowerCase()}? ",Option B,Option A,Option D,Option C,A,`,
    "Who wrote the Discovery of India?,Gandhi,Nehru,Tagore,Azad,B,",
    "who wrote  the discovery of india?,GANDHI,nehru,Tagore,Azad,C,A corrected key is still a repeat",
    "The Ramsar Convention protects:,Wetlands,Deserts,Forests,Oceans,A,",
    "Broken row,,,,,A,",
  ].join("\n");
}

async function storedTexts(examId: string) {
  const rows = await t.db
    .select({ text: questions.questionText })
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.createdAt));
  return rows.map((r) => r.text);
}

async function newExam() {
  const fixture = await createExamFixture(t.db, { questionCount: 2 });
  // The fixture names its questions "Question i of exam N?"; N is in the exam's title.
  return { ...fixture, csv: csvFor(fixture.exam.title) };
}

describe("CSV duplicates", () => {
  it("previews the duplicates against the target and within the file without writing", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    const response = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv, dryRun: true },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      inserted: 0,
      valid: 4,
      skipped: [
        {
          row: 6,
          message:
            "Row 6: Missing required fields (option_a, option_b, option_c, option_d). Skipping.",
          // The same words as a marked text, for the dialog to show in the interface language.
          text: {
            key: "Row {{row}}: Missing required fields ({{fields}}). Skipping.",
            values: { row: 6, fields: "option_a, option_b, option_c, option_d" },
          },
        },
      ],
      duplicates: [
        { row: 2, reason: "target" },
        { row: 4, reason: "file", firstRow: 3 },
      ],
      duplicatesSkipped: 0,
      missingTags: { subjects: [], topics: [] },
    });
    expect(await storedTexts(exam.id)).toEqual(before);
  });

  it("skips the duplicates by default and says how many", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    const response = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ inserted: 2, valid: 4, duplicatesSkipped: 2 });
    expect(body.duplicates).toHaveLength(2);
    expect(await storedTexts(exam.id)).toEqual([
      ...before,
      "Who wrote the Discovery of India?",
      "The Ramsar Convention protects:",
    ]);

    // The same file again: everything valid is now a duplicate, nothing is written.
    const again = await (
      await postCsvImport(t, {
        cookie: admin.cookie,
        body: { examId: exam.id, csv, skipDuplicates: true },
      })
    ).json();
    expect(again).toMatchObject({ inserted: 0, valid: 4, duplicatesSkipped: 4 });
    expect((await storedTexts(exam.id)).length).toBe(before.length + 2);
  });

  it("imports the duplicates anyway with skipDuplicates false, still reporting them", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    const body = await (
      await postCsvImport(t, {
        cookie: admin.cookie,
        body: { examId: exam.id, csv, skipDuplicates: false },
      })
    ).json();
    expect(body).toMatchObject({ inserted: 4, valid: 4, duplicatesSkipped: 0 });
    expect(body.duplicates).toEqual([
      { row: 2, reason: "target" },
      { row: 4, reason: "file", firstRow: 3 },
    ]);
    expect((await storedTexts(exam.id)).length).toBe(before.length + 4);
  });

  // Deterministic on PostgreSQL: a test-only trigger makes each import's insert wait on an
  // advisory lock the test holds, until both imports are seen waiting (one on the insert, the
  // other on the exam row the first has locked). Without that row lock both would read the
  // exam before either wrote, and both would insert. PGlite has one connection: nothing overlaps.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "makes overlapping imports into one target take turns (PostgreSQL)",
    async () => {
      const { exam, csv } = await newExam();
      const before = await storedTexts(exam.id);
      await t.db.execute(sql`
        create function csv_test_gate() returns trigger language plpgsql as $$
        begin perform pg_advisory_xact_lock_shared(7022); return null; end $$`);
      await t.db.execute(sql`
        create trigger csv_test_gate before insert on questions
        for each statement execute function csv_test_gate()`);
      const waiting = async () => {
        const result = await t.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      };
      let answers: Response[] = [];
      try {
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(7022)`);
          const send = () =>
            postCsvImport(t, {
              cookie: admin.cookie,
              body: { examId: exam.id, csv },
            });
          const both = Promise.all([send(), send()]);
          let polls = 0;
          while ((await waiting()) < 2) {
            polls += 1;
            if (polls > 20_000) throw new Error("the two imports never waited together");
          }
          // Releasing the advisory lock (commit) lets the first insert go on.
          void both.then((r) => {
            answers = r;
          });
        });
        while (answers.length === 0) await new Promise((r) => setImmediate(r));
      } finally {
        await t.db.execute(sql`drop trigger csv_test_gate on questions`);
        await t.db.execute(sql`drop function csv_test_gate()`);
      }
      const bodies = await Promise.all(answers.map((r) => r.json()));
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(bodies.map((b) => b.inserted).sort()).toEqual([0, 2]);
      expect(await storedTexts(exam.id)).toEqual([
        ...before,
        "Who wrote the Discovery of India?",
        "The Ramsar Convention protects:",
      ]);
    },
  );

  it("answers the same dry run on /import with dryRun, writing nothing, and refuses a non-boolean flag", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    const preview = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv, dryRun: true },
    });
    const dryRun = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv, dryRun: true },
    });
    expect(dryRun.status).toBe(200);
    expect(await dryRun.json()).toEqual(await preview.json());
    const bad = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv, dryRun: "yes" },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("dryRun must be true or false.");
    expect(await storedTexts(exam.id)).toEqual(before);
  });

  it("checks only the chosen target: the same question in another exam or a quiz is not a duplicate", async () => {
    const { exam, csv } = await newExam();
    const { quiz } = await createQuizFixture(t.db, { questionCount: 0 });
    const other = await createExamFixture(t.db, { questionCount: 0 });
    await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv },
    });
    for (const target of [{ quizId: quiz.id }, { examId: other.exam.id }]) {
      const body = await (
        await postCsvImport(t, {
          cookie: admin.cookie,
          body: { ...target, csv },
        })
      ).json();
      // Only the in-file repeat is flagged.
      expect(body).toMatchObject({ inserted: 3, duplicatesSkipped: 1 });
    }
    const inQuiz = await t.db.select().from(questions).where(eq(questions.quizId, quiz.id));
    expect(inQuiz).toHaveLength(3);
  });

  it("finds duplicates against a quiz's questions too", async () => {
    const { quiz, questions: existing } = await createQuizFixture(t.db, { questionCount: 1 });
    const csv = `${HEADER}\n"${existing[0]!.questionText.toUpperCase()}",Option A,Option B,Option C,Option D,A,\nNew one?,a,b,c,d,B,\n`;
    const body = await (
      await postCsvImport(t, {
        cookie: admin.cookie,
        body: { quizId: quiz.id, csv },
      })
    ).json();
    expect(body).toMatchObject({
      inserted: 1,
      duplicates: [{ row: 2, reason: "target" }],
      duplicatesSkipped: 1,
    });
  });

  it("refuses a student and a visitor (preview and import) and changes nothing", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    for (const dryRun of [false, true]) {
      const asStudent = await postCsvImport(t, {
        cookie: student.cookie,
        body: { examId: exam.id, csv, skipDuplicates: false, dryRun },
      });
      expect(asStudent.status).toBe(403);
      const anonymous = await postCsvImport(t, { body: { examId: exam.id, csv, dryRun } });
      expect(anonymous.status).toBe(401);
    }
    for (const path of ["/api/admin/questions/csv-template", "/api/admin/questions/csv-example"]) {
      expect((await t.request(path, { cookie: student.cookie })).status).toBe(403);
    }
    expect(await storedTexts(exam.id)).toEqual(before);
  });

  it("answers an unknown target or a bad flag with a clear error and writes nothing", async () => {
    const { exam, csv } = await newExam();
    const before = await storedTexts(exam.id);
    const unknownId = "0b6a4f0e-1111-4222-8333-444455556666";
    for (const body of [
      { examId: unknownId, csv },
      { quizId: unknownId, csv },
      { examId: unknownId, csv, dryRun: true },
    ]) {
      const response = await postCsvImport(t, { cookie: admin.cookie, body });
      expect(response.status).toBe(422);
      expect((await response.json()).error.message).toBe(
        "The selected exam or quiz does not exist.",
      );
    }
    const badFlag = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv, skipDuplicates: "yes" },
    });
    expect(badFlag.status).toBe(422);
    expect(JSON.stringify(await badFlag.json())).toContain("skipDuplicates must be true or false.");
    const noTarget = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { csv, dryRun: true },
    });
    expect(noTarget.status).toBe(422);
    expect(JSON.stringify(await noTarget.json())).toContain(
      "Please select an exam and a CSV file.",
    );
    expect(await storedTexts(exam.id)).toEqual(before);
    expect(await t.db.select().from(questions).where(eq(questions.examId, unknownId))).toEqual([]);
  });
});

describe("CSV template and example", () => {
  it("serves a header-only template and an example with marked sample rows, as downloads", async () => {
    const template = await t.request("/api/admin/questions/csv-template", {
      cookie: admin.cookie,
    });
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(template.headers.get("content-disposition")).toBe(
      'attachment; filename="questions-template.csv"',
    );
    const templateText = (await template.text()).replace(/^\uFEFF/, "");
    expect(templateText.trim().split(/\r?\n/)).toEqual([CSV_COLUMNS.join(",")]);

    const example = await t.request("/api/admin/questions/csv-example", { cookie: admin.cookie });
    expect(example.headers.get("content-disposition")).toBe(
      'attachment; filename="questions-example.csv"',
    );
    const lines = (await example.text()).trim().split(/\r?\n/);
    expect(lines[0]?.replace(/^\uFEFF/, "")).toBe(CSV_COLUMNS.join(","));
    expect(lines.slice(1).every((line) => line.startsWith('"[Example] '))).toBe(true);
  });

  it("imports the downloaded example as it is (its rows are valid; its subjects created when asked)", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const csv = await (
      await t.request("/api/admin/questions/csv-example", { cookie: admin.cookie })
    ).text();
    const body = await (
      await postCsvImport(t, {
        cookie: admin.cookie,
        body: { examId: exam.id, csv, dryRun: true, createMissingTags: true },
      })
    ).json();
    expect(body).toMatchObject({ valid: 2, skipped: [], duplicates: [] });
    expect(body.missingTags.subjects).toEqual(["Polity", "Environment"]);
  });
});
