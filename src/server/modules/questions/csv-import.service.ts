import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { type CsvRowError, validateQuestionCsv } from "../../../shared/question-csv.ts";
import {
  type DuplicateFlag,
  findDuplicateRows,
  questionDuplicateKey,
} from "../../../shared/question-duplicates.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { AppError } from "../../lib/app-error.ts";
import { type QuestionTarget, UNKNOWN_TARGET, unknownExam } from "./questions.service.ts";

const INSERT_CHUNK = 1000;

export type CsvImportInput = QuestionTarget & {
  csv: string;
  /** Leave out rows that are already in the target or repeat an earlier row (default). */
  skipDuplicates?: boolean;
};

export type CsvImportResult = {
  /** Questions written (0 for a preview). */
  inserted: number;
  /** Valid rows in the file. */
  valid: number;
  /** Rows left out for their problems (missing fields, bad answer...). */
  skipped: CsvRowError[];
  /** Rows that duplicate a question of the target or an earlier row (decision 022). */
  duplicates: DuplicateFlag[];
  /** How many of the duplicates were left out (all of them, or none with skipDuplicates false). */
  duplicatesSkipped: number;
};

function parseCsv(csv: string) {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const malformed = parsed.errors.find((e) => e.type === "Quotes");
  if (malformed) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Could not read the CSV file: ${malformed.message} (row ${(malformed.row ?? 0) + 1}).`,
    );
  }
  const result = validateQuestionCsv(parsed.data);
  if (!result.ok) throw new AppError("VALIDATION_FAILED", result.fatal);
  return result;
}

/**
 * Checks that the target exists and returns the duplicate keys of its questions. With `lock`,
 * the exam or quiz row is locked until the transaction ends, so two imports into one target
 * take turns and cannot both add the same question.
 */
async function targetQuestionKeys(
  tx: Pick<Db, "select">,
  target: QuestionTarget,
  lock: boolean,
): Promise<Set<string>> {
  const table = target.quizId ? quizzes : exams;
  const id = target.quizId ?? target.examId ?? "";
  const query = tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  const [found] = lock ? await query.for("update") : await query;
  if (!found) throw new AppError("VALIDATION_FAILED", UNKNOWN_TARGET);
  const existing = await tx
    .select({ questionText: questions.questionText, options: questions.options })
    .from(questions)
    .where(target.quizId ? eq(questions.quizId, id) : eq(questions.examId, id));
  return new Set(existing.map(questionDuplicateKey));
}

/**
 * What an import would do, without writing: the valid rows, the skipped ones and the duplicates
 * against the target's questions as they are now. The browser shows it before the upload; the
 * import checks everything again.
 */
export async function previewQuestionsCsv(
  db: Db,
  input: QuestionTarget & { csv: string },
): Promise<CsvImportResult> {
  const result = parseCsv(input.csv);
  const existing = await targetQuestionKeys(db, input, false);
  const duplicates = findDuplicateRows(result.questions, existing);
  return {
    inserted: 0,
    valid: result.questions.length,
    skipped: result.errors,
    duplicates,
    duplicatesSkipped: 0,
  };
}

/**
 * Parses and validates the CSV text again on the server (the browser's preview is never
 * trusted), finds the duplicates against the target's questions inside the transaction, then
 * inserts every valid row (less the duplicates unless skipDuplicates is false) in that one
 * transaction: all of them or none. Rows keep the file's order (created_at increases by a
 * millisecond per row).
 */
export async function importQuestionsCsv(db: Db, input: CsvImportInput): Promise<CsvImportResult> {
  const result = parseCsv(input.csv);
  if (result.questions.length === 0) {
    throw new AppError("VALIDATION_FAILED", "No valid questions found to upload.", {
      skipped: result.errors,
    });
  }
  const skipDuplicates = input.skipDuplicates ?? true;
  return db
    .transaction(async (tx) => {
      const existing = await targetQuestionKeys(tx, input, true);
      const duplicates = findDuplicateRows(result.questions, existing);
      const leaveOut = new Set(skipDuplicates ? duplicates.map((d) => d.row) : []);
      const base = Date.now();
      const rows = result.questions
        .filter((q) => !leaveOut.has(q.row))
        .map((q, i) => ({
          examId: input.examId,
          quizId: input.quizId,
          questionText: q.questionText,
          options: q.options,
          correctAnswer: q.correctAnswer,
          explanation: q.explanation,
          translations: q.translations,
          createdAt: new Date(base + i),
        }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insert(questions).values(rows.slice(i, i + INSERT_CHUNK));
      }
      return {
        inserted: rows.length,
        valid: result.questions.length,
        skipped: result.errors,
        duplicates,
        duplicatesSkipped: leaveOut.size,
      };
    })
    .catch(unknownExam);
}
