import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_TEXT_MESSAGES } from "../../../shared/csv-text.ts";
import { CSV_HINDI_HEADERS, CSV_REQUIRED_HEADERS } from "../../../shared/question-csv.ts";
import { questions } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { postCsvImport } from "../../test/upload.ts";

// A question CSV is taken as the bytes on disk and decoded strictly (shared/csv-text.ts): UTF-8
// with or without a BOM, UTF-16 with its BOM (Excel's "Unicode Text", tab-separated); anything
// else is refused with how to save as "CSV UTF-8", and nothing is stored.

const { t, admin } = setupTestApp({ users: { admin: "admin" } });

const ENGLISH = {
  questionText: "Which river flows through Orléans?",
  options: { A: "Loire", B: "Seine", C: "Rhône", D: "Garonne" },
  explanation: "Orléans lies on the Loire (not the Rhône).",
};
const HINDI = {
  questionText: "ओर्लियां से होकर कौन सी नदी बहती है?",
  options: { A: "लॉयर", B: "सेन", C: "रोन", D: "गारोन" },
  explanation: "ओर्लियां लॉयर के किनारे है।",
};

function csvText(separator: string) {
  const header = [...CSV_REQUIRED_HEADERS, ...CSV_HINDI_HEADERS];
  const row = [
    ENGLISH.questionText,
    ...Object.values(ENGLISH.options),
    "A",
    ENGLISH.explanation,
    HINDI.questionText,
    ...Object.values(HINDI.options),
    HINDI.explanation,
  ];
  return `${header.join(separator)}\r\n${row.join(separator)}\r\n`;
}

const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
const utf16be = (text: string) => {
  const bytes = Buffer.from(text, "utf16le");
  bytes.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), bytes]);
};
const utf8WithBom = (text: string) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);

async function storedRows(examId: string) {
  return t.db
    .select({
      questionText: questions.questionText,
      options: questions.options,
      explanation: questions.explanation,
      translations: questions.translations,
    })
    .from(questions)
    .where(eq(questions.examId, examId))
    .orderBy(asc(questions.createdAt));
}

describe("the question CSV's encoding", () => {
  it("refuses a Windows-1252 file (LibreOffice's default) with how to save as CSV UTF-8, storing nothing", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 1 });
    const before = await t.db.select().from(questions).orderBy(asc(questions.id));
    // English only: the accented letters are single bytes in Windows-1252 (Latin-1 here).
    const english = `${CSV_REQUIRED_HEADERS.join(",")}\r\n${[
      ENGLISH.questionText,
      ...Object.values(ENGLISH.options),
      "A",
      ENGLISH.explanation,
    ].join(",")}\r\n`;
    const windows1252 = Buffer.from(english, "latin1");
    for (const dryRun of [true, false]) {
      const response = await postCsvImport(t, {
        cookie: admin.cookie,
        body: { examId: exam.id, csv: windows1252, dryRun },
      });
      expect(response.status).toBe(422);
      const { error } = await response.json();
      expect(error.message).toBe(CSV_TEXT_MESSAGES.notUtf8);
      expect(error.message).toContain('"CSV UTF-8"');
    }
    // Text that already holds U+FFFD (an earlier wrong conversion) is refused the same way.
    const replaced = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv: english.replace("é", "\uFFFD") },
    });
    expect(replaced.status).toBe(422);
    expect((await replaced.json()).error.message).toBe(CSV_TEXT_MESSAGES.notUtf8);
    expect(await t.db.select().from(questions).orderBy(asc(questions.id))).toEqual(before);
  });

  it("imports UTF-16 with its BOM (LE and BE, tab-separated) and UTF-8 with a BOM, letters intact", async () => {
    for (const bytes of [
      utf16le(csvText("\t")),
      utf16be(csvText("\t")),
      utf8WithBom(csvText(",")),
    ]) {
      const { exam } = await createExamFixture(t.db, { questionCount: 0 });
      const response = await postCsvImport(t, {
        cookie: admin.cookie,
        body: { examId: exam.id, csv: bytes },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ inserted: 1, valid: 1, skipped: [] });
      expect(await storedRows(exam.id)).toEqual([{ ...ENGLISH, translations: { hi: HINDI } }]);
    }
  });
});
