// npm run bench:evaluation-queue -- [--copies 20000] [--mentors 20] [--runs 300]
// Decision 042: the mentors' queue with `copies` submissions (default 20,000) on PostgreSQL
// (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch database is
// created on it and dropped after). A fifth are evaluated, a tenth held by a live claim, a
// twentieth held by a lapsed claim (back in the queue), the rest submitted.
// Measures p50/p95 over `runs` calls of the queue's first page (unfiltered, by paper, by subject)
// and a late page, the mentor's desk and the admins' summary; goal p95 under 50 ms.
// Then `mentors` mentors claim the 20 oldest waiting copies at once, 5 rounds, all through the
// service's one conditional update, and the bench checks that each copy went to exactly one
// mentor and that every other attempt was refused.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { evaluationSummary } from "../src/server/modules/evaluation/evaluation-report.ts";
import { claimCopy, listQueue, mentorDesk } from "../src/server/modules/evaluation/mentor-desk.ts";
import { openScratch } from "./lib/scratch.ts";
import { measureAgainstGoal } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    copies: { type: "string", default: "20000" },
    mentors: { type: "string", default: "20" },
    runs: { type: "string", default: "300" },
  },
});
const COPIES = Number(values.copies);
const MENTORS = Number(values.mentors);
const RUNS = Number(values.runs);
const GOAL_MS = 50;
const QUESTIONS = 400;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function seed(database: Database) {
  const db = database.db;
  // One student per copy's question spread: COPIES / QUESTIONS students answer every question.
  const students = Math.ceil(COPIES / QUESTIONS);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 's' || g, 'Student ' || g, 'student' || g || '@bench.test', true from generate_series(1, ${students}) g`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'm' || g, 'Mentor ' || g, 'mentor' || g || '@bench.test', true from generate_series(1, ${MENTORS}) g`);
  await db.execute(sql`update profiles set role = 'mentor' where id like 'm%'`);
  await db.execute(sql`insert into subjects (id, name, sort_order)
    select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'Subject ' || g, g from generate_series(1, 10) g`);
  await db.execute(sql`insert into mains_questions (paper, subject_id, question_text, marks, word_limit, publish_date, model_answer)
    select (array['gs1','gs2','gs3','gs4','essay','optional'])[1 + g % 6],
           ('00000000-0000-4000-8000-' || lpad((1 + g % 10)::text, 12, '0'))::uuid,
           'Discuss question ' || g || ' of the bench, long enough to look like a real Mains question.',
           case when g % 2 = 0 then 10 else 15 end, case when g % 2 = 0 then 150 else 250 end,
           current_date - (g % 365), 'Key points.'
      from generate_series(1, ${QUESTIONS}) g`);
  await db.execute(sql`
    with numbered as (
      select q.id as question_id, 's' || s as user_id, row_number() over () as n
        from mains_questions q cross join generate_series(1, ${students}) s
       limit ${COPIES}
    )
    insert into answer_copies (question_id, user_id, status, format, page_count, submitted_at, due_at,
                               claimed_by, claimed_at, claim_expires_at, evaluated_at, evaluated_by, marks, rating)
    select question_id, user_id,
           case when n % 5 = 0 then 'evaluated' when n % 10 in (1, 3) then 'claimed' else 'submitted' end,
           'images', 3,
           now() - interval '20 days' + (n * interval '80 seconds'),
           now() - interval '17 days' + (n * interval '80 seconds'),
           case when n % 5 = 0 or n % 10 in (1, 3) then 'm' || (1 + n % ${MENTORS}) end,
           case when n % 5 = 0 or n % 10 in (1, 3) then now() - interval '1 day' end,
           case when n % 10 = 1 then now() + interval '12 hours' when n % 10 = 3 then now() - interval '1 hour' end,
           case when n % 5 = 0 then now() - interval '20 days' + (n * interval '80 seconds') + interval '50 hours' end,
           case when n % 5 = 0 then 'm' || (1 + n % ${MENTORS}) end,
           case when n % 5 = 0 then 6 end,
           case when n % 5 = 0 and n % 3 = 0 then 1 + n % 5 end
      from numbered`);
  await db.execute(sql`analyze`);
  const [row] = rowsOf<{ n: number; waiting: number }>(
    await db.execute(sql`select count(*)::int as n,
      count(*) filter (where status = 'submitted' or (status = 'claimed' and claim_expires_at <= now()))::int as waiting
      from answer_copies`),
  );
  console.log(
    `seeded ${row?.n} copies (${row?.waiting} waiting), ${QUESTIONS} questions, ${MENTORS} mentors`,
  );
}

const measure = (label: string, run: () => Promise<unknown>) =>
  measureAgainstGoal(label, run, { runs: RUNS, goalMs: GOAL_MS });

const { database, cleanup } = await openScratch("bench_evaluation");
let failed = false;
try {
  console.log(
    `PostgreSQL; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await seed(database);
  const db = database.db;
  const now = () => new Date();
  const p95s = [
    await measure("queue, first page", () =>
      listQueue(db, { query: { page: 1, pageSize: 20 }, now: now() }),
    ),
    await measure("queue, GS II", () =>
      listQueue(db, { query: { page: 1, pageSize: 20, paper: "gs2" }, now: now() }),
    ),
    await measure("queue, one subject", () =>
      listQueue(db, {
        query: { page: 1, pageSize: 20, subjectId: "00000000-0000-4000-8000-000000000003" },
        now: now(),
      }),
    ),
    await measure("queue, page 200", () =>
      listQueue(db, { query: { page: 200, pageSize: 20 }, now: now() }),
    ),
    await measure("mentor's desk", () =>
      mentorDesk(db, { viewer: { userId: "m1", role: "mentor" }, now: now() }),
    ),
    await measure("admins' summary", () => evaluationSummary(db, now())),
  ];
  if (p95s.some((p) => p >= GOAL_MS)) failed = true;

  // Claims under contention: every mentor tries every one of the 20 oldest waiting copies at once.
  let wins = 0;
  let refusals = 0;
  for (let round = 0; round < 5; round += 1) {
    const oldest = (
      await listQueue(db, { query: { page: 1, pageSize: 20 }, now: now() })
    ).items.map((c) => c.id);
    const attempts = oldest.flatMap((copyId) =>
      Array.from({ length: MENTORS }, (_, m) =>
        claimCopy(db, { viewer: { userId: `m${m + 1}`, role: "mentor" }, copyId, now: now() }).then(
          () => "won" as const,
          (error: { code?: string }) => {
            if (error.code !== "CONFLICT") throw error;
            return "refused" as const;
          },
        ),
      ),
    );
    const results = await Promise.all(attempts);
    wins += results.filter((r) => r === "won").length;
    refusals += results.filter((r) => r === "refused").length;
    const [check] = rowsOf<{ held: number }>(
      await db.execute(sql`select count(*)::int as held from answer_copies
        where id in (${sql.join(
          oldest.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and status = 'claimed' and claim_expires_at > now()`),
    );
    if (check?.held !== oldest.length) failed = true;
  }
  const expectedWins = 5 * 20;
  console.log(
    `claims: ${MENTORS} mentors × 20 copies × 5 rounds: ${wins} won (expected ${expectedWins}), ${refusals} refused (expected ${expectedWins * (MENTORS - 1)})`,
  );
  if (wins !== expectedWins || refusals !== expectedWins * (MENTORS - 1)) failed = true;
} finally {
  await cleanup();
}
console.log(failed ? "FAILED" : "all within the goal; every copy claimed exactly once");
if (failed) process.exitCode = 1;
