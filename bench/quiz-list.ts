// npm run bench:quizzes -- [--quizzes 1000] [--attempts 200000] [--runs 200]
// The student quiz list (one page, with attempt counts, rank and bookmark state) for one student
// once the database holds `quizzes` quizzes (10 questions each) and `attempts` completed attempts
// by 2,000 students. DATABASE_URL picks the PostgreSQL server (a scratch database is created on
// it and dropped after); without it, in-memory PGlite. The seed inserts rows directly; the
// counter triggers of migration 0006 keep the quizzes' counts as they would in use.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../src/server/db/client.ts";
import { createScratchDatabase } from "../src/server/db/scratch-database.ts";
import { listQuizzesForStudent } from "../src/server/modules/quizzes/quiz-list.service.ts";

const { values } = parseArgs({
  options: {
    quizzes: { type: "string", default: "1000" },
    attempts: { type: "string", default: "200000" },
    runs: { type: "string", default: "200" },
  },
});
const QUIZZES = Number(values.quizzes);
const ATTEMPTS = Number(values.attempts);
const RUNS = Number(values.runs);
const STUDENTS = 2000;
const PER_QUIZ = Math.ceil(ATTEMPTS / QUIZZES);
// Of each quiz's attempts, this many are first attempts; the rest are second tries.
const FIRSTS = Math.ceil(PER_QUIZ * 0.9);

async function open(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, cleanup: () => database.close() };
  }
  const scratch = await createScratchDatabase(base, "bench_quizzes");
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

async function seed(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'u' || g, 'Student ' || g, 'student' || g || '@bench.test', true
      from generate_series(0, ${STUDENTS - 1}) g`);
  await db.execute(sql`insert into quizzes (id, title, is_free, total_marks, difficulty, published_on, created_at)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Bench quiz ' || g, g % 3 <> 0, 10,
           (array['Easy','Medium','Hard'])[1 + g % 3], current_date - (g % 900), now() - g * interval '1 minute'
      from generate_series(0, ${QUIZZES - 1}) g`);
  await db.execute(sql`insert into questions (quiz_id, question_text, options, correct_answer, translations)
    select q.id, 'Question ' || n, '{"A":"a","B":"b","C":"c","D":"d"}'::jsonb, 'A',
           case when q.title like '%0' then '{}'::jsonb
                else '{"hi":{"questionText":"प्रश्न","options":{"A":"क","B":"ख","C":"ग","D":"घ"},"explanation":null}}'::jsonb end
      from quizzes q cross join generate_series(1, 10) n`);
  // Each quiz: FIRSTS students' first attempts (ranked), then second tries by some of them.
  await db.execute(sql`insert into exam_attempts
      (user_id, quiz_id, attempt_number, started_at, deadline_at, completed_at, score, time_taken_seconds, is_ranked)
    select 'u' || ((qi * 37 + (s % ${FIRSTS})) % ${STUDENTS}), q.id, 1 + s / ${FIRSTS},
           t.done - t.took * interval '1 second', t.done - t.took * interval '1 second' + interval '10 minutes',
           t.done, (hashint % 11)::numeric, t.took, s < ${FIRSTS}
      from (select id, row_number() over (order by id) - 1 as qi from quizzes) q
      cross join generate_series(0, ${PER_QUIZ - 1}) s
      cross join lateral (select abs(hashtext(q.id::text || s)) as hashint) h
      cross join lateral (select now() - (h.hashint % 30) * interval '1 day' as done,
                                 30 + h.hashint % 570 as took) t`);
  // The measured student has saved 100 quizzes.
  await db.execute(sql`insert into user_saved_quizzes (user_id, quiz_id)
    select 'u0', id from quizzes order by id limit 100`);
  await db.execute(sql`analyze`);
  const [row] = (
    (await db.execute(sql`select count(*)::int as n,
        count(*) filter (where user_id = 'u0')::int as mine from exam_attempts`)) as unknown as {
      rows: { n: number; mine: number }[];
    }
  ).rows;
  console.log(
    `seeded ${QUIZZES} quizzes, ${row?.n} attempts (${row?.mine} by the measured student)`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const { database, cleanup } = await open();
try {
  console.log(`database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (in memory)"}`);
  await seed(database);
  const cases = [
    { label: "page 1, all", filter: "all" as const, page: 1 },
    { label: "page 40, all", filter: "all" as const, page: 40 },
    { label: "page 1, saved", filter: "saved" as const, page: 1 },
    { label: "page 1, not attempted", filter: "not-attempted" as const, page: 1 },
  ];
  for (const c of cases) {
    const input = { userId: "u0", filter: c.filter, page: c.page };
    for (let i = 0; i < 10; i += 1) await listQuizzesForStudent(database.db, input);
    const times: number[] = [];
    let sample: Awaited<ReturnType<typeof listQuizzesForStudent>> | null = null;
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      sample = await listQuizzesForStudent(database.db, input);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ranked = sample?.items.filter((item) => item.rank).length ?? 0;
    console.log(
      `${c.label.padEnd(24)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  (${sample?.items.length} cards, ${ranked} with a rank, ${sample?.total} in all)`,
    );
  }
} finally {
  await cleanup();
}
