// npm run bench:practice -- [--questions 50000] [--answers 1000] [--runs 100]
// Decision 041: building a practice test from a bank of 50,000 tagged questions for a student
// with 1,000 past answers, on PostgreSQL (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created and dropped).
// Measures `buildPractice` (the allowance count, the one-statement draw, the set and its items
// written) for five requests in turn, p50/p95 over `runs` builds each (goal: p95 < 100 ms for a
// 100-question test), then the revision notebook's due list when that module is present.
// The bank: 10 subjects of 5 topics, 50 exams (every fifth premium) and the rest as published
// quizzes; difficulty spread evenly; 30% tagged with a previous-year paper's year (2013-2024).
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { buildPractice } from "../src/server/modules/practice/practice-builder.ts";
import { practiceRequestSchema } from "../src/shared/practice.ts";
import { openScratch } from "./lib/scratch.ts";
import { pct } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    questions: { type: "string", default: "50000" },
    answers: { type: "string", default: "1000" },
    runs: { type: "string", default: "100" },
  },
});
const QUESTIONS = Number(values.questions);
const ANSWERS = Number(values.answers);
const RUNS = Number(values.runs);
const STUDENT = "bench-student";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const open = () => openScratch("bench_practice");

async function seed(db: Db) {
  await db.execute(sql`select setseed(0.2)`);
  await db.execute(sql`insert into subjects (name, sort_order)
    select 'Bench subject ' || s, s from generate_series(1, 10) s`);
  await db.execute(sql`insert into topics (subject_id, name)
    select id, 'Topic ' || t from subjects cross join generate_series(1, 5) t`);
  await db.execute(sql`create unlogged table bench_topics as
    select id, subject_id, row_number() over (order by subject_id, name) - 1 as k from topics`);
  await db.execute(sql`insert into exam_categories (id, name) values
    ('00000000-0000-4000-8000-00000000c001', 'Bench category')`);
  await db.execute(sql`insert into exams (title, category_id, is_free, kind, year)
    select 'Bench exam ' || e, '00000000-0000-4000-8000-00000000c001', e % 5 <> 0,
           case when e % 4 = 0 then 'pyp'::exam_kind else 'mock'::exam_kind end,
           case when e % 4 = 0 then 2013 + e % 12 end
      from generate_series(1, 50) e`);
  await db.execute(sql`insert into quizzes (title, published_on, duration_minutes, difficulty, is_free)
    select 'Bench quiz ' || z, current_date - z, 10, 'Easy', z % 7 <> 0
      from generate_series(1, 200) z`);
  const examQuestions = Math.floor(QUESTIONS * 0.8);
  await db.execute(sql`insert into questions (exam_id, question_text, options, correct_answer, subject_id, topic_id, difficulty, pyq_year, created_at)
    select e.id, 'Question ' || n, '{"A":"a","B":"b","C":"c","D":"d"}'::jsonb,
           (array['A','B','C','D'])[1 + n % 4], t.subject_id, t.id,
           (array['easy','medium','hard'])[1 + n % 3],
           case when n % 10 < 3 then 2013 + n % 12 end, now() - n * interval '1 second'
      from generate_series(1, ${examQuestions}::int) n
      join (select id, row_number() over (order by title) - 1 as k from exams) e on e.k = n % 50
      join bench_topics t on t.k = n % 50`);
  await db.execute(sql`insert into questions (quiz_id, question_text, options, correct_answer, subject_id, topic_id, difficulty, created_at)
    select z.id, 'Quiz question ' || n, '{"A":"a","B":"b","C":"c","D":"d"}'::jsonb,
           (array['A','B','C','D'])[1 + n % 4], t.subject_id, t.id,
           (array['easy','medium','hard'])[1 + n % 3], now() - n * interval '1 second'
      from generate_series(1, ${QUESTIONS - examQuestions}::int) n
      join (select id, row_number() over (order by title) - 1 as k from quizzes) z on z.k = n % 200
      join bench_topics t on t.k = (n * 7) % 50`);
  // The quizzes' trigger-kept question counts make them visible to students.
  await db.execute(sql`update quizzes z set question_count = c.n
      from (select quiz_id, count(*)::int as n from questions where quiz_id is not null group by quiz_id) c
     where c.quiz_id = z.id`);
  // The student: a plan with no practice limit, and ANSWERS past answers over 10 completed
  // attempts (a third of them wrong).
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values (${STUDENT}, 'Bench Student', 'bench@bench.test', true)`);
  await db.execute(sql`insert into user_subscriptions (user_id, status, start_date, end_date, plan_name, practice_limit)
    values (${STUDENT}, 'active', now() - interval '1 day', now() + interval '30 days', 'Bench', null)`);
  await db.execute(sql`insert into exam_attempts (user_id, exam_id, started_at, deadline_at, completed_at, score, time_taken_seconds)
    select ${STUDENT}, id, now() - interval '3 days', now() - interval '2 days', now() - interval '2 days', 50, 3600
      from exams order by title limit 10`);
  await db.execute(sql`insert into student_answers (attempt_id, question_id, selected_answer, is_correct, client_seq)
    select a.id, q.id, q.correct_answer, (q.rn % 3 <> 0), 1
      from exam_attempts a
      join lateral (select id, correct_answer, row_number() over () as rn from questions
                     where exam_id = a.exam_id limit ${Math.ceil(ANSWERS / 10)}::int) q on true
     where a.user_id = ${STUDENT}`);
  await db.execute(sql`analyze`);
}

async function main() {
  const { database, cleanup } = await open();
  const db = database.db;
  try {
    const t0 = performance.now();
    await seed(db);
    const [counts] = rowsOf<{ questions: number; answers: number }>(
      await db.execute(sql`select (select count(*) from questions)::int as questions,
        (select count(*) from student_answers)::int as answers`),
    );
    const [subject] = rowsOf<{ id: string; topic: string }>(
      await db.execute(sql`select s.id, (select t.id from topics t where t.subject_id = s.id limit 1) as topic
        from subjects s order by sort_order limit 1`),
    );
    if (!subject || !counts) throw new Error("seed failed");
    console.log(
      `seeded ${counts.questions} questions, ${counts.answers} past answers in ${Math.round(performance.now() - t0)} ms`,
    );
    const requests = {
      "100, every subject and source": { questionCount: 100 },
      "100, one subject, negative marking": { questionCount: 100, subjectIds: [subject.id] },
      "20, one topic, hard only": {
        questionCount: 20,
        subjectIds: [subject.id],
        topicIds: [subject.topic],
        difficulties: ["hard"],
      },
      "100, previous-year papers 2015-2020": {
        questionCount: 100,
        sources: ["pyq"],
        fromYear: 2015,
        toYear: 2020,
      },
      "100, only unseen": { questionCount: 100, scope: "unseen" },
      "100, only wrong": { questionCount: 100, scope: "wrong" },
    } as const;
    const viewer = { userId: STUDENT, role: "student" as const };
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; ${RUNS} builds each`,
    );
    for (const [name, input] of Object.entries(requests)) {
      const request = practiceRequestSchema.parse(input);
      for (let i = 0; i < 5; i += 1) await buildPractice(db, { viewer, request }); // warm-up
      const ms: number[] = [];
      let drawn = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const start = performance.now();
        const built = await buildPractice(db, { viewer, request });
        ms.push(performance.now() - start);
        drawn = built.questionCount;
      }
      console.log(
        `build practice (${name}): ${drawn} questions, p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms`,
      );
    }
  } finally {
    await cleanup();
  }
}

await main();
