// npm run bench:regrade -- [--attempts 50000] [--questions 100] [--practice 2000]
// Decision 064: a key change at scale on PostgreSQL (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a scratch database is created on it and dropped
// after). An exam of `questions` questions with `attempts` completed ranked attempts (one student
// each, every answer stored: `attempts` × `questions` rows) and `practice` practice tests drawn
// with the changed question. The admin changes one question's key; the key-change worker then
// regrades every attempt holding it, redoes the ranks and writes each told student's message,
// and the outbox delivers them (email, to a mailer that keeps nothing: no student has a device).
// Goal: the change regraded and every affected student told within 10 minutes.
// Prints each step's time, the counts, and the machine's cores and load.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { outbox as outboxTable } from "../src/server/db/schema/outbox.ts";
import { keyChanges } from "../src/server/db/schema/question-reports.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { rebuildAnswerStats } from "../src/server/modules/attempts/answer-stats.ts";
import { applyKeyChange } from "../src/server/modules/key-changes/apply-key-change.ts";
import { runKeyChangeRegrades } from "../src/server/modules/key-changes/key-change-regrade.ts";
import { createOutbox } from "../src/server/modules/notifications/outbox.ts";
import { openScratch } from "./lib/scratch.ts";

const { values } = parseArgs({
  options: {
    attempts: { type: "string", default: "50000" },
    questions: { type: "string", default: "100" },
    practice: { type: "string", default: "2000" },
  },
});
const ATTEMPTS = Number(values.attempts);
const QUESTIONS = Number(values.questions);
const PRACTICE = Math.min(Number(values.practice), ATTEMPTS);
const EXAM_ID = "00000000-0000-4000-8000-00000000e001";
const GOAL_SECONDS = 600;
// Noon in India: outside quiet hours, so every message may go at once.
const NOW = new Date("2026-12-01T06:30:00Z");

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(db: Db) {
  await db.execute(sql`select setseed(0.64)`);
  await db.execute(sql`insert into exam_categories (id, name) values
    ('00000000-0000-4000-8000-00000000c001', 'Bench category')`);
  await db.execute(sql`insert into exams (id, title, category_id, time_limit_seconds, passing_marks,
                         marks_per_question, negative_mark_fraction)
    values (${EXAM_ID}, 'Bench GS Paper I mock', '00000000-0000-4000-8000-00000000c001', 7200, 40, 2, 0.3333)`);
  await db.execute(sql`insert into questions (exam_id, question_text, options, correct_answer, created_at)
    select ${EXAM_ID}, 'Question ' || n, '{"A":"a","B":"b","C":"c","D":"d"}'::jsonb,
           (array['A','B','C','D'])[1 + n % 4], now() - (1000 - n) * interval '1 second'
      from generate_series(1, ${QUESTIONS}::int) n`);
  await db.execute(sql`create unlogged table bench_questions as
    select id, correct_answer, (random() * 4 - 2) as difficulty from questions where exam_id = ${EXAM_ID}`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values ('bench-admin', 'Bench Admin', 'admin@bench.test', true)`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'u' || g, 'Student ' || g, 'student' || g || '@bench.test', true
      from generate_series(1, ${ATTEMPTS}::int) g`);
  await db.execute(sql`insert into exam_attempts
      (user_id, exam_id, started_at, deadline_at, completed_at, time_taken_seconds, is_ranked)
    select 'u' || g, ${EXAM_ID}, now() - interval '3 hours', now() - interval '1 hour',
           now() - interval '2 hours', 3600 + floor(random() * 3600)::int, true
      from generate_series(1, ${ATTEMPTS}::int) g`);
  // Answers: right with a probability that rises with ability and falls with difficulty; a
  // tenth left blank; a wrong one spread over the distractors.
  await db.execute(sql`
    insert into student_answers (attempt_id, question_id, selected_answer, client_seq, time_spent_seconds, answered_at)
    select a.id, q.id, case
          when random() < 0.1 then null
          when random() < 1 / (1 + exp(q.difficulty - a.ability)) then q.correct_answer
          else (array['A','B','C','D'])[1 + ((ascii(q.correct_answer) - 65 + 1 + floor(random() * 3)::int) % 4)]
        end, 1, 30 + floor(random() * 60)::int, now()
      from (select id, (random() + random() + random() - 1.5) * 2 as ability from exam_attempts) a
      cross join bench_questions q`);
  await db.execute(sql`update student_answers sa set is_correct = coalesce(sa.selected_answer = q.correct_answer, false)
      from questions q where q.id = sa.question_id`);
  await db.execute(sql`update exam_attempts a
       set score = s.score, passed = s.score >= 40
      from (select attempt_id,
                   round(100.0 * (2 * count(*) filter (where is_correct)
                          - 0.6666 * count(*) filter (where selected_answer is not null and not is_correct))
                         / (2 * ${QUESTIONS}::int), 2) as score
              from student_answers group by attempt_id) s
     where s.attempt_id = a.id`);
  // Practice tests drawn with the question to change (the first `practice` students', taken).
  await db.execute(sql`insert into question_sets (id, user_id, kind, title, time_limit_seconds, question_count)
    select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'u' || g, 'practice', 'Practice ' || g, 600, 10
      from generate_series(1, ${PRACTICE}::int) g`);
  await db.execute(sql`insert into question_set_items (set_id, question_id, position)
    select s.id, q.id, q.n from question_sets s
     cross join (select id, row_number() over (order by created_at) as n from questions
                  where exam_id = ${EXAM_ID} order by created_at offset 40 limit 10) q`);
  await db.execute(sql`insert into exam_attempts (user_id, practice_id, started_at, deadline_at, completed_at, time_taken_seconds, score)
    select s.user_id, s.id, now() - interval '1 hour', now(), now() - interval '30 minutes', 600, 50
      from question_sets s`);
  await db.execute(sql`insert into student_answers (attempt_id, question_id, selected_answer, is_correct, client_seq)
    select a.id, i.question_id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], false, 1
      from exam_attempts a join question_set_items i on i.set_id = a.practice_id`);
  await db.transaction((tx) => rebuildAnswerStats(tx, { kind: "exam", id: EXAM_ID }));
  await db.execute(sql`analyze`);
}

async function main() {
  const { database, cleanup } = await openScratch("bench_regrade");
  const db = database.db;
  try {
    const server = rowsOf<{ version: string }>(await db.execute(sql`select version()`))[0]?.version;
    console.log(
      `database: ${server?.split(" on ")[0]}; ${cpus().length} cores; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    let started = performance.now();
    await seed(db);
    console.log(
      `seeded ${ATTEMPTS.toLocaleString("en-IN")} attempts × ${QUESTIONS} answers and ${PRACTICE} practice tests in ${seconds(performance.now() - started)}`,
    );

    // The question whose key changes: the 45th (in the practice tests too).
    const [question] = rowsOf<{ id: string; correct_answer: string }>(
      await db.execute(sql`select id, correct_answer from questions where exam_id = ${EXAM_ID}
        order by created_at offset 44 limit 1`),
    );
    if (!question) throw new Error("no question");
    const newKey = question.correct_answer === "A" ? "B" : "A";

    started = performance.now();
    await db.transaction((tx) =>
      applyKeyChange(tx, {
        questionId: question.id,
        change: { kind: "key", answers: [newKey as "A" | "B"] },
        reason: "Bench: the source gives another answer.",
        actorId: "bench-admin",
        now: NOW,
      }),
    );
    const applyMs = performance.now() - started;

    const sent = { email: 0 };
    const logger = createLogger("silent");
    const outbox = createOutbox(db, {
      mailer: {
        send: async () => {
          sent.email += 1;
        },
      },
      logger,
      publicUrl: "http://localhost:3000",
      secret: "bench-secret-bench-secret-bench-secret",
      sendPush: async () => {
        throw new Error("no device in this bench");
      },
      settings: async () => ({ appTitle: "Bench", contactEmail: "team@bench.test" }),
    });

    let regradeMs = 0;
    let deliverStart = 0;
    started = performance.now();
    const done = await runKeyChangeRegrades(db, {
      now: NOW,
      deliver: async (ids, at) => {
        if (deliverStart === 0) {
          deliverStart = performance.now();
          regradeMs = deliverStart - started;
        }
        await outbox.deliver(ids, at);
      },
    });
    const totalMs = performance.now() - started;
    if (deliverStart === 0) regradeMs = totalMs;
    const deliverMs = deliverStart === 0 ? 0 : performance.now() - deliverStart;

    const [change] = await db.select().from(keyChanges);
    const [pending] = await db
      .select({ n: count() })
      .from(outboxTable)
      .where(eq(outboxTable.status, "pending"));
    const held = await db
      .select({ reason: outboxTable.reason, n: count() })
      .from(outboxTable)
      .where(eq(outboxTable.status, "pending"))
      .groupBy(outboxTable.reason);
    if (held.length > 0) console.log("pending by reason:", held);
    console.log(`key change applied (question and log row): ${applyMs.toFixed(1)} ms`);
    console.log(
      `regraded ${change?.attemptsRegraded?.toLocaleString("en-IN")} attempts and wrote ${change?.studentsTold?.toLocaleString("en-IN")} messages (one transaction): ${seconds(regradeMs)}`,
    );
    console.log(
      `delivered ${sent.email.toLocaleString("en-IN")} messages (email fallback; ${pending?.n ?? 0} left pending): ${seconds(deliverMs)}`,
    );
    console.log(
      `key change to every affected student told: ${seconds(totalMs)} (goal ${GOAL_SECONDS} s: ${totalMs / 1000 <= GOAL_SECONDS ? "met" : "NOT met"}); changes regraded: ${done}`,
    );
    started = performance.now();
    const again = await runKeyChangeRegrades(db, { now: NOW });
    console.log(
      `run again: ${again} changes regraded in ${(performance.now() - started).toFixed(1)} ms (nothing pending)`,
    );
    console.log(
      `load after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    await cleanup();
  }
}

await main();
