// npm run bench:revision -- [--cards 5000] [--others 20] [--runs 300]
// Decision 041: the revision notebook of a student with `cards` cards (default 5,000) on
// PostgreSQL, beside `others` students with as many each (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created on it and dropped
// after). Measures p50/p95 over `runs` calls of:
//   1. the counts (getRevisionSummary: due today in the student's time zone, all, mastered),
//      which the home page and the dashboard read on every visit;
//   2. a session's draw (pickDueCards: due today, not mastered, the 20 most overdue);
//   3. the notebook's first page, unfiltered, by subject and by source, and a late page.
// Goal: p95 under 30 ms for each. The seed inserts rows with SQL in bulk: 100 papers of 50
// questions tagged with 10 subjects of 5 topics, cards due from 30 days ago to 60 days ahead,
// a tenth mastered, sources mixed.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import {
  getRevisionSummary,
  listRevisionCards,
} from "../src/server/modules/revision/revision-cards.ts";
import { localMidnight, pickDueCards } from "../src/server/modules/revision/revision-sessions.ts";
import { openScratch } from "./lib/scratch.ts";
import { pct } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    cards: { type: "string", default: "5000" },
    others: { type: "string", default: "20" },
    runs: { type: "string", default: "300" },
  },
});
const CARDS = Number(values.cards);
const OTHERS = Number(values.others);
const RUNS = Number(values.runs);
const PER_EXAM = 50;
const EXAMS = Math.ceil(CARDS / PER_EXAM);
const STUDENT = "u0";
const TZ = "Asia/Kolkata";
const GOAL_MS = 30;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const open = () => openScratch("bench_revision");

async function seed(database: Database) {
  const db = database.db;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'u' || g, 'Student ' || g, 'student' || g || '@bench.test', true
      from generate_series(0, ${OTHERS}) g`);
  await db.execute(sql`insert into subjects (id, name, sort_order)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Subject ' || g, g
      from generate_series(1, 10) g`);
  await db.execute(sql`insert into topics (subject_id, name)
    select s.id, 'Topic ' || t from subjects s cross join generate_series(1, 5) t`);
  await db.execute(sql`insert into exam_categories (name) values ('Bench')`);
  await db.execute(sql`insert into exams (title, category_id)
    select 'Paper ' || g, (select id from exam_categories limit 1) from generate_series(1, ${EXAMS}) g`);
  await db.execute(sql`
    with tagged as (
      select e.id as exam_id, n, s.id as subject_id,
             (select t.id from topics t where t.subject_id = s.id order by t.id offset (n % 5) limit 1) as topic_id
        from exams e
        cross join generate_series(1, ${PER_EXAM}) n
        join lateral (select id from subjects order by sort_order offset ((n * 7 + hashtext(e.id::text)) & 2147483647) % 10 limit 1) s on true
    )
    insert into questions (exam_id, question_text, options, correct_answer, explanation, subject_id, topic_id, created_at)
    select exam_id, 'Question ' || n || ' of the bench paper, long enough to look like a real one?',
           '{"A":"First option","B":"Second option","C":"Third option","D":"Fourth option"}'::jsonb,
           (array['A','B','C','D'])[1 + n % 4], 'Because the key says so.', subject_id, topic_id,
           now() - n * interval '1 second'
      from tagged`);
  // Every student has a card for each question (up to CARDS): due from 30 days ago to 60 ahead.
  await db.execute(sql`
    insert into revision_cards (user_id, question_id, source, selected_answer, confidence, due,
                                stability, difficulty, reps, state, last_review, sure_streak, mastered_at, created_at)
    select 'u' || u, q.id,
           (array['wrong','skipped','unsure','saved'])[1 + (h % 4)],
           case when h % 4 = 1 then null else (array['A','B','C','D'])[1 + (h / 4) % 4] end,
           case when h % 4 = 2 then 'guess' else null end,
           now() - interval '30 days' + ((h / 16) % 90) * interval '1 day' + (h % 86400) * interval '1 second',
           1 + (h % 50), 5, h % 6, 2, now() - interval '40 days', 0,
           case when h % 10 = 0 then now() - interval '1 day' else null end,
           now() - interval '60 days'
      from generate_series(0, ${OTHERS}) u
      cross join lateral (select id from questions order by id limit ${CARDS}) q
      cross join lateral (select abs(hashtext(q.id::text || u)) as h) x`);
  await db.execute(sql`analyze`);
  const [row] = rowsOf<{ n: number; mine: number; due: number }>(
    await db.execute(sql`select count(*)::int as n,
        count(*) filter (where user_id = ${STUDENT})::int as mine,
        count(*) filter (where user_id = ${STUDENT} and mastered_at is null and due <= now())::int as due
      from revision_cards`),
  );
  console.log(
    `seeded ${row?.n} cards (${row?.mine} of the measured student, ${row?.due} due now), ${EXAMS * PER_EXAM} questions`,
  );
}

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i += 1) await run();
  const times: number[] = [];
  let sample: unknown = null;
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    sample = await run();
    times.push(performance.now() - started);
  }
  const p95 = pct(times, 95);
  console.log(
    `${label.padEnd(34)} p50 ${pct(times, 50).toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  ${p95 < GOAL_MS ? "ok" : `OVER ${GOAL_MS} ms`}`,
  );
  return sample;
}

const { database, cleanup } = await open();
try {
  console.log(
    `PostgreSQL; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await seed(database);
  const db = database.db;
  const now = new Date();
  const [subject] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from subjects order by sort_order limit 1`),
  );
  const summary = await measure("summary (counts)", () =>
    getRevisionSummary(db, { userId: STUDENT, timeZone: TZ, now }),
  );
  console.log("  ", JSON.stringify(summary));
  const due = (await measure("session draw (20 most overdue)", () =>
    pickDueCards(db, { userId: STUDENT, until: localMidnight(now, TZ, 1), now }),
  )) as unknown[];
  console.log(`   ${due.length} cards drawn`);
  const page = { page: 1, pageSize: 10 };
  await measure("notebook page 1", () =>
    listRevisionCards(db, { userId: STUDENT, query: page, now }),
  );
  await measure("notebook page 1, one subject", () =>
    listRevisionCards(db, { userId: STUDENT, query: { ...page, subjectId: subject?.id }, now }),
  );
  await measure("notebook page 1, source wrong", () =>
    listRevisionCards(db, { userId: STUDENT, query: { ...page, source: "wrong" }, now }),
  );
  await measure("notebook page 400", () =>
    listRevisionCards(db, { userId: STUDENT, query: { page: 400, pageSize: 10 }, now }),
  );
} finally {
  await cleanup();
}
