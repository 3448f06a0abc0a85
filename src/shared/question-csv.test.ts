import { describe, expect, it } from "vitest";
import { validateQuestionCsv } from "./question-csv.ts";

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
        },
      ],
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
    expect(result.errors).toEqual([
      { row: 3, message: "Row 3: Missing required fields (option_b). Skipping." },
      { row: 4, message: 'Row 4: Invalid correct answer "E". Must be A, B, C, or D. Skipping.' },
    ]);
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
