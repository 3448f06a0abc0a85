import { describe, expect, it } from "vitest";
import {
  CSV_COLUMNS,
  CSV_EXAMPLE,
  CSV_HINDI_HEADERS,
  CSV_TAG_HEADERS,
  CSV_TEMPLATE,
  validateQuestionCsv,
} from "./question-csv.ts";
import { questionMarkupToHtml } from "./question-markup.ts";

const header = [
  "question_text",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "correct_answer",
  "explanation",
];

describe("validateQuestionCsv", () => {
  it("accepts a header in any case and trims cells", () => {
    const result = validateQuestionCsv([
      header.map((h) => h.toUpperCase()),
      [" What is 2+2? ", "3", "4", "5", "6", " b ", ""],
    ]);
    expect(result).toEqual({
      ok: true,
      errors: [],
      questions: [
        {
          row: 2,
          questionText: "What is 2+2?",
          options: { A: "3", B: "4", C: "5", D: "6" },
          correctAnswer: "B",
          explanation: null,
          translations: {},
          subject: null,
          topic: null,
          difficulty: null,
          pyqYear: null,
        },
      ],
    });
  });

  it("reads the optional tag columns and refuses a bad difficulty, year or lone topic", () => {
    const tagged = [...header, ...CSV_TAG_HEADERS];
    const cells = ["Q?", "1", "2", "3", "4", "A", ""];
    const result = validateQuestionCsv([
      tagged,
      [...cells, " Polity ", "Parliament", "HARD", "2019"],
      [...cells, "polity", "", "", ""],
      [...cells, "Polity", "", "tough", ""],
      [...cells, "Polity", "", "", "20x9"],
      [...cells, "", "Parliament", "", ""],
    ]);
    if (!result.ok) throw new Error(result.fatal);
    expect(result.questions.map((q) => [q.subject, q.topic, q.difficulty, q.pyqYear])).toEqual([
      ["Polity", "Parliament", "hard", 2019],
      ["polity", null, null, null],
    ]);
    expect(result.errors.map((e) => e.message)).toEqual([
      'Row 4: Invalid difficulty "tough". Must be easy, medium or hard. Skipping.',
      'Row 5: Invalid year "20x9". Must be a year between 1950 and 2100. Skipping.',
      'Row 6: Topic "Parliament" needs its subject (the subject column is empty). Skipping.',
    ]);
  });

  it("reads the optional Hindi columns, all or none per row", () => {
    const hindiHeader = [...header, ...CSV_HINDI_HEADERS];
    const result = validateQuestionCsv([
      hindiHeader,
      ["Q1?", "a", "b", "c", "d", "A", "", "प्रश्न?", "क", "ख", "ग", "घ", "व्याख्या"],
      ["Q2?", "a", "b", "c", "d", "B", "", "", "", "", "", "", ""],
      ["Q3?", "a", "b", "c", "d", "C", "", "प्रश्न?", "क", "", "ग", "घ", ""],
    ]);
    if (!result.ok) throw new Error(result.fatal);
    expect(result.questions.map((q) => q.translations)).toEqual([
      {
        hi: {
          questionText: "प्रश्न?",
          options: { A: "क", B: "ख", C: "ग", D: "घ" },
          explanation: "व्याख्या",
        },
      },
      {},
    ]);
    expect(result.errors).toEqual([
      expect.objectContaining({
        row: 4,
        message:
          "Row 4: Hindi version incomplete (option_b_hi empty; fill them all or none). Skipping.",
      }),
    ]);
  });

  it("parses its own example file, Hindi included, every question marked as an example", async () => {
    const { default: Papa } = await import("papaparse");
    const result = validateQuestionCsv(Papa.parse<string[]>(CSV_EXAMPLE).data);
    if (!result.ok) throw new Error(result.fatal);
    expect(result.errors).toEqual([]);
    expect(result.questions).toHaveLength(2);
    expect(result.questions.every((q) => q.questionText.startsWith("[Example] "))).toBe(true);
    expect(result.questions[0]?.translations.hi?.options.B).toBe("अनुच्छेद 17");
    expect(result.questions[1]?.translations).toEqual({});
    expect(result.questions.map((q) => [q.subject, q.topic, q.difficulty])).toEqual([
      ["Polity", "Fundamental Rights", "easy"],
      ["Environment", "Biodiversity and Conservation", "medium"],
    ]);
  });

  it("keeps line breaks inside quoted cells, so the question markup works in a CSV", async () => {
    const { default: Papa } = await import("papaparse");
    const csv = [
      header.join(","),
      '"Consider the following statements:\r\n1. The Rajya Sabha is a permanent body.\r\n2. It can be dissolved.\r\nWhich of the statements given above is/are correct?",1 only,2 only,Both 1 and 2,Neither 1 nor 2,A,"Article 83(1).\nIt is never dissolved."',
      '"Match List-I with List-II:\n| List-I | List-II |\n| A. Ramsar | 1. Wetlands |\n| B. Montreal | 2. Ozone |",A-1 B-2,A-2 B-1,A-1 B-1,A-2 B-2,a,',
    ].join("\r\n");
    // Parsed as the importer does (server and browser preview alike).
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: "greedy" }).data;
    const result = validateQuestionCsv(rows);
    if (!result.ok) throw new Error(result.fatal);
    expect(result.errors).toEqual([]);
    const [statements, match] = result.questions;
    expect(statements?.questionText).toBe(
      "Consider the following statements:\n1. The Rajya Sabha is a permanent body.\n2. It can be dissolved.\nWhich of the statements given above is/are correct?",
    );
    expect(statements?.explanation).toBe("Article 83(1).\nIt is never dissolved.");
    expect(questionMarkupToHtml(statements?.questionText ?? "")).toContain(
      "<ol><li>The Rajya Sabha is a permanent body.</li><li>It can be dissolved.</li></ol>",
    );
    expect(match?.row).toBe(3);
    expect(questionMarkupToHtml(match?.questionText ?? "")).toContain(
      '<th scope="col">List-I</th><th scope="col">List-II</th>',
    );
  });

  it("offers a template with every column the importer reads and no rows", async () => {
    const { default: Papa } = await import("papaparse");
    const rows = Papa.parse<string[]>(CSV_TEMPLATE, { skipEmptyLines: "greedy" }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.map((h) => h.replace(/^\uFEFF/, ""))).toEqual([...CSV_COLUMNS]);
    expect(validateQuestionCsv(rows)).toEqual({
      ok: false,
      fatal: "CSV file is empty or has only a header.",
    });
  });

  it("rejects a file with only a header, or nothing", () => {
    expect(validateQuestionCsv([header])).toEqual({
      ok: false,
      fatal: "CSV file is empty or has only a header.",
    });
    expect(validateQuestionCsv([])).toEqual({
      ok: false,
      fatal: "CSV file is empty or has only a header.",
    });
    expect(validateQuestionCsv([header, ["", "", ""]])).toMatchObject({ ok: false });
  });

  it("reports a header mismatch with what it expected and found", () => {
    const result = validateQuestionCsv([
      ["question", "a", "b"],
      ["q", "1", "2"],
    ]);
    expect(result).toEqual({
      ok: false,
      fatal:
        "CSV header mismatch. Expected: question_text, option_a, option_b, option_c, option_d, correct_answer, explanation. Found: question, a, b",
    });
  });

  it("requires the explanation column even though its values are optional", () => {
    const result = validateQuestionCsv([header.slice(0, 6), ["q", "1", "2", "3", "4", "A"]]);
    expect(result.ok).toBe(false);
  });

  it("skips rows with missing fields or a bad answer, numbering rows as a spreadsheet does", () => {
    const result = validateQuestionCsv([
      header,
      ["ok", "1", "2", "3", "4", "A", "why"],
      ["no option", "1", "", "3", "4", "A", ""],
      ["bad answer", "1", "2", "3", "4", "E", ""],
      ["ok too", "1", "2", "3", "4", "d", ""],
    ]);
    if (!result.ok) throw new Error("expected ok");
    expect(result.questions.map((q) => q.row)).toEqual([2, 5]);
    expect(result.errors.map(({ row, message }) => ({ row, message }))).toEqual([
      { row: 3, message: "Row 3: Missing required fields (option_b). Skipping." },
      { row: 4, message: 'Row 4: Invalid correct answer "E". Must be A, B, C, or D. Skipping.' },
    ]);
    // Each also as a marked text and its values: the dialog shows it in the interface language.
    expect(result.errors[1]?.text).toEqual({
      key: 'Row {{row}}: Invalid correct answer "{{answer}}". Must be A, B, C, or D. Skipping.',
      values: { row: 4, answer: "E" },
    });
  });

  it("skips a row with more values than columns (an unquoted comma)", () => {
    const result = validateQuestionCsv([
      header,
      ["Which river, longest?", "Ganga", "Yamuna", "Indus", "Kaveri", "A", "", "stray"],
    ]);
    if (!result.ok) throw new Error("expected ok");
    expect(result.questions).toEqual([]);
    expect(result.errors[0]?.message).toBe(
      "Row 2: More values than columns (a value containing a comma must be in double quotes). Skipping.",
    );
  });

  it("reads columns by name, not position", () => {
    const shuffled = [
      "correct_answer",
      "explanation",
      "option_d",
      "option_c",
      "option_b",
      "option_a",
      "question_text",
    ];
    const result = validateQuestionCsv([shuffled, ["c", "", "4", "3", "2", "1", "Q?"]]);
    if (!result.ok) throw new Error("expected ok");
    expect(result.questions[0]).toMatchObject({
      questionText: "Q?",
      options: { A: "1", B: "2", C: "3", D: "4" },
      correctAnswer: "C",
    });
  });
});
