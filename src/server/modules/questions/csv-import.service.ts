import { eq } from "drizzle-orm";
import { CONTENT_KINDS, type ContentKind } from "../../../shared/attempt-kinds.ts";
import type { CsvRowError } from "../../../shared/question-csv.ts";
import {
  type DuplicateFlag,
  findDuplicateRows,
  questionDuplicateKey,
} from "../../../shared/question-duplicates.ts";
import type { Db } from "../../db/client.ts";
import { exams, questions } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { checkFile } from "../../files/file-pool.ts";
import { AppError } from "../../lib/app-error.ts";
import { byRow, type MissingTags, resolveCsvTags } from "./csv-tags.ts";
import { type QuestionTarget, UNKNOWN_TARGET, unknownExam } from "./questions.service.ts";

const INSERT_CHUNK = 1000;

export type CsvImportInput = QuestionTarget & {
  /** The file's bytes, as uploaded (decoded strictly: shared/csv-text.ts). */
  csv: Uint8Array;
  /** Leave out rows that are already in the target or repeat an earlier row (default). */
  skipDuplicates?: boolean;
  /** Report what the import would do; write nothing. */
  dryRun?: boolean;
  /** Create the subjects and topics the file names that do not exist yet (else a row error). */
  createMissingTags?: boolean;
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
  /** Subjects and topics the file names that do not exist (created with createMissingTags). */
  missingTags: MissingTags;
};

/** Decodes, parses and validates the file on a file worker (decision 057). */
async function parseCsv(csv: Uint8Array) {
  const result = await checkFile("questionCsv", csv);
  if (!result.ok) throw new AppError("VALIDATION_FAILED", result.fatal);
  return result;
}

/**
 * Where each kind of target keeps its rows: its table, and the column that names it on a question
 * (decision 033; a new kind does not compile until it is here).
 */
const TARGET_TABLES: Record<
  ContentKind,
  { table: typeof exams | typeof quizzes; key: keyof QuestionTarget }
> = {
  exam: { table: exams, key: "examId" },
  quiz: { table: quizzes, key: "quizId" },
};

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
  // The request schema lets exactly one target column through.
  const kind = CONTENT_KINDS.find((k) => target[TARGET_TABLES[k].key]);
  if (!kind) throw new AppError("VALIDATION_FAILED", UNKNOWN_TARGET);
  const { table, key } = TARGET_TABLES[kind];
  const id = target[key] ?? "";
  const query = tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  const [found] = lock ? await query.for("update") : await query;
  if (!found) throw new AppError("VALIDATION_FAILED", UNKNOWN_TARGET);
  const existing = await tx
    .select({ questionText: questions.questionText, options: questions.options })
    .from(questions)
    .where(eq(questions[key], id));
  return new Set(existing.map(questionDuplicateKey));
}

/**
 * Decodes, parses and validates the CSV file on the server (the browser's own check is never trusted) and
 * finds the duplicates against the target's questions. A dry run stops there and reports what an
 * import would do (the dialog's preview). Otherwise, inside one transaction that locks the target,
 * the duplicates are found again and every valid row (less the duplicates unless skipDuplicates is
 * false) is inserted: all of them or none. Rows keep the file's order (created_at increases by a
 * millisecond per row).
 */
export async function importQuestionsCsv(db: Db, input: CsvImportInput): Promise<CsvImportResult> {
  const result = await parseCsv(input.csv);
  const create = input.createMissingTags ?? false;
  if (input.dryRun) {
    const existing = await targetQuestionKeys(db, input, false);
    const tagged = await resolveCsvTags(db, { rows: result.questions, create, write: false });
    return {
      inserted: 0,
      valid: tagged.rows.length,
      skipped: byRow(result.errors, tagged.errors),
      duplicates: findDuplicateRows(tagged.rows, existing),
      duplicatesSkipped: 0,
      missingTags: tagged.missing,
    };
  }
  if (result.questions.length === 0) {
    throw new AppError("VALIDATION_FAILED", "No valid questions found to upload.", {
      skipped: result.errors,
    });
  }
  const skipDuplicates = input.skipDuplicates ?? true;
  return db
    .transaction(async (tx) => {
      const existing = await targetQuestionKeys(tx, input, true);
      const tagged = await resolveCsvTags(tx, { rows: result.questions, create, write: true });
      const skipped = byRow(result.errors, tagged.errors);
      if (tagged.rows.length === 0) {
        throw new AppError("VALIDATION_FAILED", "No valid questions found to upload.", { skipped });
      }
      const duplicates = findDuplicateRows(tagged.rows, existing);
      const leaveOut = new Set(skipDuplicates ? duplicates.map((d) => d.row) : []);
      const base = Date.now();
      const rows = tagged.rows
        .filter((q) => !leaveOut.has(q.row))
        .map((q, i) => ({
          examId: input.examId,
          quizId: input.quizId,
          questionText: q.questionText,
          options: q.options,
          correctAnswer: q.correctAnswer,
          explanation: q.explanation,
          translations: q.translations,
          ...q.tags,
          createdAt: new Date(base + i),
        }));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await tx.insert(questions).values(rows.slice(i, i + INSERT_CHUNK));
      }
      return {
        inserted: rows.length,
        valid: tagged.rows.length,
        skipped,
        duplicates,
        duplicatesSkipped: leaveOut.size,
        missingTags: tagged.missing,
      };
    })
    .catch(unknownExam);
}
