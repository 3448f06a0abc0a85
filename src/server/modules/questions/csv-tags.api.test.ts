import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_REQUIRED_HEADERS, CSV_TAG_HEADERS } from "../../../shared/question-csv.ts";
import { questions } from "../../db/schema/exams.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { postCsvImport } from "../../test/upload.ts";

const { t, admin } = setupTestApp({ users: { admin: "admin" } });

/** The required columns, then the tag columns (no Hindi columns: the importer finds by name). */
const HEADER = [...CSV_REQUIRED_HEADERS, ...CSV_TAG_HEADERS].join(",");

let sequence = 0;
const unique = (name: string) => `${name} ${++sequence}${Math.random().toString(36).slice(2, 6)}`;

async function setup() {
  const { exam } = await createExamFixture(t.db, { questionCount: 0 });
  const polity = unique("Polity");
  const [subject] = await t.db.insert(subjects).values({ name: polity }).returning();
  if (!subject) throw new Error("no subject");
  const [topic] = await t.db
    .insert(topics)
    .values({ subjectId: subject.id, name: "Parliament" })
    .returning();
  if (!topic) throw new Error("no topic");
  return { exam, subject, topic, polity };
}

const row = (text: string, tags: string) => `${text}?,One,Two,Three,Four,A,,${tags}`;

async function importCsv(body: Record<string, unknown>) {
  const response = await postCsvImport(t, {
    cookie: admin.cookie,
    body,
  });
  return { status: response.status, body: await response.json() };
}

async function stored(examId: string) {
  return t.db
    .select({
      questionText: questions.questionText,
      subjectId: questions.subjectId,
      topicId: questions.topicId,
      difficulty: questions.difficulty,
      pyqYear: questions.pyqYear,
    })
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.createdAt));
}

async function taxonomySnapshot() {
  return {
    subjects: await t.db.select().from(subjects).orderBy(asc(subjects.id)),
    topics: await t.db.select().from(topics).orderBy(asc(topics.id)),
  };
}

describe("CSV tags", () => {
  it("imports subject, topic, difficulty and year, names matched case-insensitively", async () => {
    const { exam, subject, topic, polity } = await setup();
    const csv = [
      HEADER,
      row("Tagged", `  ${polity.toUpperCase()} ,parliament,HARD,2019`),
      row("Subject only", `${polity.toLowerCase()},,easy,`),
      row("Untagged", ",,,"),
    ].join("\n");
    const result = await importCsv({ examId: exam.id, csv });
    expect(result).toEqual({
      status: 200,
      body: {
        inserted: 3,
        valid: 3,
        skipped: [],
        duplicates: [],
        duplicatesSkipped: 0,
        missingTags: { subjects: [], topics: [] },
      },
    });
    expect(await stored(exam.id)).toEqual([
      {
        questionText: "Tagged?",
        subjectId: subject.id,
        topicId: topic.id,
        difficulty: "hard",
        pyqYear: 2019,
      },
      {
        questionText: "Subject only?",
        subjectId: subject.id,
        topicId: null,
        difficulty: "easy",
        pyqYear: null,
      },
      {
        questionText: "Untagged?",
        subjectId: null,
        topicId: null,
        difficulty: null,
        pyqYear: null,
      },
    ]);
  });

  it("makes an unknown subject or topic a row error, in the preview and the import", async () => {
    const { exam, polity } = await setup();
    const csv = [
      HEADER,
      row("Known", `${polity},Parliament,medium,`),
      row("Unknown subject", "Astrology,Horoscopes,easy,"),
      row("Unknown topic", `${polity},Panchayats,easy,`),
      row("Bad difficulty", `${polity},,tricky,`),
      row("Bad year", `${polity},,,19`),
      row("Topic alone", ",Parliament,,"),
    ].join("\n");
    const expectedSkipped = [
      { row: 3, message: "Row 3: Unknown subject 'Astrology'." },
      { row: 4, message: "Row 4: Unknown topic 'Panchayats'." },
      {
        row: 5,
        message: 'Row 5: Invalid difficulty "tricky". Must be easy, medium or hard. Skipping.',
      },
      {
        row: 6,
        message: 'Row 6: Invalid year "19". Must be a year between 1950 and 2100. Skipping.',
      },
      {
        row: 7,
        message:
          'Row 7: Topic "Parliament" needs its subject (the subject column is empty). Skipping.',
      },
    ].map((skipped) => expect.objectContaining(skipped));
    const missingTags = {
      subjects: ["Astrology"],
      topics: [
        { subject: "Astrology", topic: "Horoscopes" },
        { subject: polity, topic: "Panchayats" },
      ],
    };
    const before = await taxonomySnapshot();
    const preview = await importCsv({ examId: exam.id, csv, dryRun: true });
    expect(preview.body).toEqual({
      inserted: 0,
      valid: 1,
      skipped: expectedSkipped,
      duplicates: [],
      duplicatesSkipped: 0,
      missingTags,
    });
    const imported = await importCsv({ examId: exam.id, csv });
    expect(imported.body).toMatchObject({ inserted: 1, valid: 1, skipped: expectedSkipped });
    expect((await stored(exam.id)).map((q) => q.questionText)).toEqual(["Known?"]);
    expect(await taxonomySnapshot()).toEqual(before);
  });

  it("creates the missing subjects and topics in the import's transaction when asked", async () => {
    const { exam, subject } = await setup();
    const history = unique("History");
    const csv = [
      HEADER,
      row("New subject and topic", `${history},Mughal Empire,medium,`),
      row("Same new names in another case", `${history.toUpperCase()},mughal empire,,`),
      row("New topic of an old subject", `${subject.name},Panchayats,easy,`),
    ].join("\n");
    const missingTags = {
      subjects: [history],
      topics: [
        { subject: history, topic: "Mughal Empire" },
        { subject: subject.name, topic: "Panchayats" },
      ],
    };
    const before = await taxonomySnapshot();
    const preview = await importCsv({
      examId: exam.id,
      csv,
      dryRun: true,
      createMissingTags: true,
    });
    expect(preview.body).toMatchObject({ valid: 3, skipped: [], missingTags });
    expect(await taxonomySnapshot()).toEqual(before);

    const imported = await importCsv({ examId: exam.id, csv, createMissingTags: true });
    expect(imported.body).toMatchObject({ inserted: 3, skipped: [], missingTags });
    const [created] = await t.db
      .select()
      .from(subjects)
      .where(sql`lower(${subjects.name}) = lower(${history})`);
    const newTopics = await t.db.select().from(topics).where(eq(topics.name, "Mughal Empire"));
    expect(created?.name).toBe(history);
    expect(newTopics.filter((tp) => tp.subjectId === created?.id)).toHaveLength(1);
    const rows = await stored(exam.id);
    expect(rows.map((q) => q.subjectId)).toEqual([created?.id, created?.id, subject.id]);
    expect(rows[0]?.topicId).toBe(rows[1]?.topicId);
  });

  it("creates nothing when the import fails", async () => {
    const { exam } = await setup();
    const csv = [HEADER, row("Only row", `${unique("Never")},Topic,,`)].join("\n");
    const before = await taxonomySnapshot();
    // Into a target that does not exist: refused inside the transaction.
    const refused = await importCsv({
      examId: crypto.randomUUID(),
      csv,
      createMissingTags: true,
    });
    expect(refused.status).toBe(422);
    // Without the box ticked, the only row is unknown: nothing to import.
    const nothing = await importCsv({ examId: exam.id, csv });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toBe("No valid questions found to upload.");
    expect(await taxonomySnapshot()).toEqual(before);
    expect(await stored(exam.id)).toEqual([]);
  });
});
