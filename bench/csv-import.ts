// npm run bench:csv -- [--rows 10000] [--total 50000]
// Times the CSV import of `rows` questions (parse + validate + duplicate check + one
// transaction) into an empty exam; then, into that exam now holding `rows` questions, the
// server's preview and the imports of a file whose half repeats them (duplicates skipped, then
// imported anyway), against a same-size file of new questions; and the admin question list
// (first page, a search, an exam filter) once the table holds `total` questions.
// DATABASE_URL picks PostgreSQL (a fresh database next to it, dropped after); else in-memory PGlite.
import { parseArgs } from "node:util";
import Papa from "papaparse";
import { type Database, openDatabase } from "../src/server/db/client.ts";
import { examCategories, exams } from "../src/server/db/schema/exams.ts";
import { createScratchDatabase } from "../src/server/db/scratch-database.ts";
import { importQuestionsCsv } from "../src/server/modules/questions/csv-import.service.ts";
import { listQuestions } from "../src/server/modules/questions/questions.service.ts";
import { CSV_REQUIRED_HEADERS, validateQuestionCsv } from "../src/shared/question-csv.ts";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    total: { type: "string", default: "50000" },
  },
});
const ROWS = Number(values.rows);
const TOTAL = Number(values.total);

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, cleanup: () => database.close() };
  }
  const scratch = await createScratchDatabase(base, "bench_csv");
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    database,
    cleanup: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

function csvOf(rows: number, tag: string, from = 0): string {
  const lines = [CSV_REQUIRED_HEADERS.join(",")];
  for (let i = from; i < from + rows; i += 1) {
    lines.push(
      `"${tag} question ${i}: which option, if any, is right?",Alpha,Beta,Gamma,Delta,${"ABCD"[i % 4]},"Because, of course."`,
    );
  }
  return lines.join("\n");
}

async function time<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  console.log(`${label.padEnd(62)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
  return result;
}

/** The file's bytes, as the import takes them. */
const utf8 = (text: string) => new TextEncoder().encode(text);

async function median3<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const samples: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    result = await fn();
    samples.push(performance.now() - started);
  }
  const ms = samples.sort((a, b) => a - b)[1] ?? 0;
  console.log(`${`${label} (median of 3)`.padEnd(62)} ${ms.toFixed(0).padStart(6)} ms`);
  return result as T;
}

const { database, cleanup } = await open();
try {
  const db = database.db;
  console.log(`database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (in memory)"}`);
  const [category] = await db.insert(examCategories).values({ name: "Bench" }).returning();
  const examRows = await db
    .insert(exams)
    .values(
      Array.from({ length: Math.ceil(TOTAL / ROWS) }, (_, i) => ({
        title: `Bench exam ${i}`,
        categoryId: category!.id,
      })),
    )
    .returning();
  const first = await time(`import ${ROWS} rows (one transaction)`, () =>
    importQuestionsCsv(db, {
      examId: examRows[0]!.id,
      quizId: null,
      csv: utf8(csvOf(ROWS, "first")),
    }),
  );
  console.log(`  inserted ${first.inserted}, skipped ${first.skipped.length}`);
  // The same exam now holds ROWS questions; a file whose first half repeats them.
  const target = { examId: examRows[0]!.id, quizId: null };
  const overlapping = csvOf(ROWS, "first", ROWS / 2);
  const [extra] = await db
    .insert(exams)
    .values([{ title: "Bench extra", categoryId: category!.id }])
    .returning();
  await time(`import ${ROWS} new rows into an empty exam`, () =>
    importQuestionsCsv(db, { examId: extra!.id, quizId: null, csv: utf8(csvOf(ROWS, "extra")) }),
  );
  // Repeatable steps: the median of 3, so the duplicate check's share is parse+validate vs preview.
  await median3(`parse + validate ${ROWS} rows (no database)`, async () =>
    validateQuestionCsv(Papa.parse<string[]>(overlapping, { skipEmptyLines: "greedy" }).data),
  );
  const preview = await median3(`preview ${ROWS} rows against ${ROWS} in the exam`, () =>
    importQuestionsCsv(db, { ...target, csv: utf8(overlapping), dryRun: true }),
  );
  console.log(`  ${preview.duplicates.length} duplicates found`);
  const skipped = await time(`import ${ROWS} rows, half duplicates (skipped)`, () =>
    importQuestionsCsv(db, { ...target, csv: utf8(overlapping) }),
  );
  console.log(`  inserted ${skipped.inserted}, duplicates skipped ${skipped.duplicatesSkipped}`);
  const anyway = await time(`import ${ROWS} rows, half duplicates (imported anyway)`, () =>
    importQuestionsCsv(db, {
      examId: extra!.id,
      quizId: null,
      csv: utf8(csvOf(ROWS, "extra", ROWS / 2)),
      skipDuplicates: false,
    }),
  );
  console.log(`  inserted ${anyway.inserted}, duplicates found ${anyway.duplicates.length}`);
  for (let i = 1; i < examRows.length; i += 1)
    await importQuestionsCsv(db, {
      examId: examRows[i]!.id,
      quizId: null,
      csv: utf8(csvOf(ROWS, `exam${i}`)),
    });
  const page = { page: 1, pageSize: 20 };
  const all = await time(`list page 1 of ${TOTAL} questions`, () => listQuestions(db, page));
  await time(`list page 1000`, () => listQuestions(db, { page: 1000, pageSize: 20 }));
  await time(`search "question 4242"`, () =>
    listQuestions(db, { ...page, search: "question 4242" }),
  );
  await time("filter by one exam", () => listQuestions(db, { ...page, examId: examRows[1]!.id }));
  console.log(`  total ${all.total}`);
} finally {
  await cleanup();
}
