import type { OptionKey } from "./constants.ts";
import { fillText, type MarkedText, msg } from "./i18n/msg.ts";
import type { QuestionTranslations } from "./question-translations.ts";
import {
  PYQ_YEAR_MAX,
  PYQ_YEAR_MIN,
  QUESTION_DIFFICULTIES,
  type QuestionDifficulty,
  TAXONOMY_NAME_MAX,
} from "./taxonomy.ts";

/** Columns the CSV must have (case-insensitive), in the order of the downloadable template. */
export const CSV_REQUIRED_HEADERS = [
  "question_text",
  "option_a",
  "option_b",
  "option_c",
  "option_d",
  "correct_answer",
  "explanation",
] as const;

/** Optional columns: the Hindi version of a row (question and all four options, or none). */
export const CSV_HINDI_HEADERS = [
  "question_text_hi",
  "option_a_hi",
  "option_b_hi",
  "option_c_hi",
  "option_d_hi",
  "explanation_hi",
] as const;

/**
 * Optional columns: the row's tags (decision 034). Subject and topic are names, matched
 * case-insensitively on the server; difficulty is easy, medium or hard; year a previous-year
 * paper's year.
 */
export const CSV_TAG_HEADERS = ["subject", "topic", "difficulty", "year"] as const;

type CsvColumn =
  | (typeof CSV_REQUIRED_HEADERS)[number]
  | (typeof CSV_HINDI_HEADERS)[number]
  | (typeof CSV_TAG_HEADERS)[number];

/** Every column the importer reads, in the order of the downloadable files. */
export const CSV_COLUMNS = [
  ...CSV_REQUIRED_HEADERS,
  ...CSV_HINDI_HEADERS,
  ...CSV_TAG_HEADERS,
] as const;

/**
 * The downloadable template: the header row only, so nothing in it can end up in an exam. A
 * byte-order mark first lets Excel open and save Devanagari as UTF-8 (the importer drops it).
 */
export const CSV_TEMPLATE = `\uFEFF${CSV_COLUMNS.join(",")}\r\n`;

/** The downloadable example: the same header and sample rows, marked as examples. */
export const CSV_EXAMPLE = `\uFEFF${[
  CSV_COLUMNS.join(","),
  '"[Example] Which Article of the Constitution abolishes untouchability?",Article 14,Article 17,Article 19,Article 21,B,"Article 17 abolishes untouchability, and its practice is an offence.","[उदाहरण] संविधान का कौन-सा अनुच्छेद अस्पृश्यता का उन्मूलन करता है?",अनुच्छेद 14,अनुच्छेद 17,अनुच्छेद 19,अनुच्छेद 21,"अनुच्छेद 17 अस्पृश्यता का उन्मूलन करता है, और इसका आचरण अपराध है।",Polity,Fundamental Rights,easy,',
  '"[Example] The Ramsar Convention protects which ecosystems?",Wetlands,Deserts,Coral reefs,Grasslands,a,,,,,,,,Environment,Biodiversity and Conservation,medium,',
].join("\r\n")}\r\n`;

export const CSV_TEMPLATE_FILE_NAME = "questions-template.csv";
export const CSV_EXAMPLE_FILE_NAME = "questions-example.csv";

export const CSV_MAX_ROWS = 20_000;

export type CsvQuestion = {
  questionText: string;
  options: Record<OptionKey, string>;
  correctAnswer: OptionKey;
  explanation: string | null;
  translations: QuestionTranslations;
  /** The subject's and topic's names as written (resolved to ids by the server). */
  subject: string | null;
  topic: string | null;
  difficulty: QuestionDifficulty | null;
  pyqYear: number | null;
};

/**
 * A row the import skips: `message` in English (the API's words), `text` the same as a marked
 * text with its values, so the dialog shows it in the interface language.
 */
export type CsvRowError = { row: number; message: string; text: MarkedText };

/** A row error from its marked text; `row` is one of its values. */
export function rowError(
  row: number,
  key: string,
  values: Record<string, string | number> = {},
): CsvRowError {
  const text = { key, values: { row, ...values } };
  return { row, message: fillText(text), text };
}

export type CsvValidation =
  | { ok: false; fatal: string }
  | { ok: true; questions: (CsvQuestion & { row: number })[]; errors: CsvRowError[] };

/**
 * Checks parsed CSV rows (first row = header) by the spec's rules, plus the optional Hindi
 * columns (a row's Hindi version is all there or not at all). Row numbers count the header
 * as row 1, as a spreadsheet shows them. Used by the browser preview and again by the server.
 */
export function validateQuestionCsv(rows: string[][]): CsvValidation {
  const nonEmpty = rows.filter((r) => r.some((cell) => cell.trim() !== ""));
  if (nonEmpty.length < 2)
    return { ok: false, fatal: msg("CSV file is empty or has only a header.") };
  const header = (nonEmpty[0] ?? []).map((h) =>
    h
      .replace(/^\uFEFF/, "")
      .trim()
      .toLowerCase(),
  );
  const missing = CSV_REQUIRED_HEADERS.filter((h) => !header.includes(h));
  if (missing.length > 0) {
    return {
      ok: false,
      fatal: `CSV header mismatch. Expected: ${CSV_REQUIRED_HEADERS.join(", ")}. Found: ${header.join(", ")}`,
    };
  }
  if (nonEmpty.length - 1 > CSV_MAX_ROWS) {
    return {
      ok: false,
      fatal: `CSV file has more than ${CSV_MAX_ROWS.toLocaleString("en-IN")} questions. Split it into smaller files.`,
    };
  }
  const col = (name: CsvColumn) => header.indexOf(name);
  const questions: (CsvQuestion & { row: number })[] = [];
  const errors: CsvRowError[] = [];
  nonEmpty.slice(1).forEach((cells, index) => {
    const row = index + 2;
    // Line breaks inside a quoted cell are kept (the question markup uses them), as \n.
    const get = (name: CsvColumn) =>
      col(name) < 0 ? "" : (cells[col(name)] ?? "").replace(/\r\n?/g, "\n").trim();
    if (cells.slice(header.length).some((cell) => cell.trim() !== "")) {
      errors.push(
        rowError(
          row,
          msg(
            "Row {{row}}: More values than columns (a value containing a comma must be in double quotes). Skipping.",
          ),
        ),
      );
      return;
    }
    const required = [
      "question_text",
      "option_a",
      "option_b",
      "option_c",
      "option_d",
      "correct_answer",
    ] as const;
    const empty = required.filter((name) => get(name) === "");
    if (empty.length > 0) {
      errors.push(
        rowError(row, msg("Row {{row}}: Missing required fields ({{fields}}). Skipping."), {
          fields: empty.join(", "),
        }),
      );
      return;
    }
    const answer = get("correct_answer").toUpperCase();
    if (!["A", "B", "C", "D"].includes(answer)) {
      errors.push(
        rowError(
          row,
          msg('Row {{row}}: Invalid correct answer "{{answer}}". Must be A, B, C, or D. Skipping.'),
          { answer: get("correct_answer") },
        ),
      );
      return;
    }
    const hindi = CSV_HINDI_HEADERS.slice(0, 5);
    const hasHindi = CSV_HINDI_HEADERS.some((name) => get(name) !== "");
    if (hasHindi && hindi.some((name) => get(name) === "")) {
      errors.push(
        rowError(
          row,
          msg(
            "Row {{row}}: Hindi version incomplete ({{fields}} empty; fill them all or none). Skipping.",
          ),
          { fields: hindi.filter((n) => get(n) === "").join(", ") },
        ),
      );
      return;
    }
    const tooLong =
      get("question_text").length > 5000 ||
      get("explanation").length > 5000 ||
      get("question_text_hi").length > 5000 ||
      get("explanation_hi").length > 5000 ||
      required.slice(1, 5).some((n) => get(n).length > 1000) ||
      hindi.slice(1).some((n) => get(n).length > 1000);
    if (tooLong) {
      errors.push(
        rowError(
          row,
          msg(
            "Row {{row}}: Text is too long (question and explanation 5000, options 1000 characters). Skipping.",
          ),
        ),
      );
      return;
    }
    const subject = get("subject");
    const topic = get("topic");
    if (subject.length > TAXONOMY_NAME_MAX || topic.length > TAXONOMY_NAME_MAX) {
      errors.push(
        rowError(
          row,
          msg("Row {{row}}: Subject and topic names are at most {{max}} characters. Skipping."),
          { max: TAXONOMY_NAME_MAX },
        ),
      );
      return;
    }
    if (topic && !subject) {
      errors.push(
        rowError(
          row,
          msg(
            'Row {{row}}: Topic "{{topic}}" needs its subject (the subject column is empty). Skipping.',
          ),
          { topic },
        ),
      );
      return;
    }
    const difficulty = get("difficulty").toLowerCase();
    if (difficulty && !(QUESTION_DIFFICULTIES as readonly string[]).includes(difficulty)) {
      errors.push(
        rowError(
          row,
          msg(
            'Row {{row}}: Invalid difficulty "{{difficulty}}". Must be easy, medium or hard. Skipping.',
          ),
          { difficulty: get("difficulty") },
        ),
      );
      return;
    }
    const year = get("year");
    const pyqYear = year ? Number(year) : null;
    if (
      pyqYear !== null &&
      !(/^\d{4}$/.test(year) && pyqYear >= PYQ_YEAR_MIN && pyqYear <= PYQ_YEAR_MAX)
    ) {
      errors.push(
        rowError(
          row,
          msg(
            'Row {{row}}: Invalid year "{{year}}". Must be a year between {{min}} and {{max}}. Skipping.',
          ),
          { year, min: PYQ_YEAR_MIN, max: PYQ_YEAR_MAX },
        ),
      );
      return;
    }
    questions.push({
      row,
      questionText: get("question_text"),
      options: { A: get("option_a"), B: get("option_b"), C: get("option_c"), D: get("option_d") },
      correctAnswer: answer as OptionKey,
      explanation: get("explanation") || null,
      translations: hasHindi
        ? {
            hi: {
              questionText: get("question_text_hi"),
              options: {
                A: get("option_a_hi"),
                B: get("option_b_hi"),
                C: get("option_c_hi"),
                D: get("option_d_hi"),
              },
              explanation: get("explanation_hi") || null,
            },
          }
        : {},
      subject: subject || null,
      topic: topic || null,
      difficulty: (difficulty || null) as QuestionDifficulty | null,
      pyqYear,
    });
  });
  return { ok: true, questions, errors };
}
