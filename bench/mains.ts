// npm run bench:mains -- [--booklets 1000] [--mentors 30] [--runs 200] [--keep]
// Decision 063: one Mains test of 20 questions with `booklets` submitted booklets (default
// 1,000; each 20 to 40 pages as mains_booklet_files rows with made-up storage keys), an answer
// per question, a `first` marking per answer and a blind `second` for a tenth of them, on
// PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a scratch
// database is created on it and dropped after). 70% of the booklets are marked (by `mentors`
// mentors, two of whom run two marks high and low) and evaluated; the rest wait.
// The app runs as a real server on a free port (bench/lib/instances.ts) and is measured over
// HTTP: p50/p95 over `runs` calls of the admins' marking calibration and examiner agreement
// (goal p95 under 50 ms); the mentor queue and a mentor's desk (same goal); every mentor
// claiming at once, never two on one booklet; and the publication of results for all booklets.
//
// The desk's and the results' routes are built on other branches: their paths are in
// DESK_ROUTES, and each part that uses them is its own function, reporting "skipped" while its
// route answers the app's generic 404 (not mounted here).
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { hashPassword } from "../src/server/auth/password.ts";
import { type Database, openDatabase } from "../src/server/db/client.ts";
import { createScratchDatabase } from "../src/server/db/scratch-database.ts";
import { createAdmin } from "../src/server/modules/account/create-admin.ts";
import { API_MESSAGES } from "../src/shared/api-messages.ts";
import { closeConnections, type LightResponse, request } from "./lib/http-client.ts";
import { type AppInstance, createInstances } from "./lib/instances.ts";
import { cookieOf, measureAgainstGoal } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    booklets: { type: "string", default: "1000" },
    mentors: { type: "string", default: "30" },
    runs: { type: "string", default: "200" },
    /** Leaves the scratch database (its URL printed) to read the plans with EXPLAIN. */
    keep: { type: "boolean", default: false },
  },
});
const BOOKLETS = Number(values.booklets);
const MENTORS = Number(values.mentors);
const RUNS = Number(values.runs);
const QUESTIONS = 20;
const MARKED_SHARE = 0.7;
const GOAL_MS = 50;
const PASSWORD = "bench-pass-Tq7-92-mains";
const TEST_ID = "00000000-0000-4000-a000-000000000001";

/** The routes other branches add (decision 063's desk and results); set at the merge. */
const DESK_ROUTES = {
  mentorQueue: "/api/mentor/mains/queue",
  mentorDesk: "/api/mentor/mains/work",
  mark: (markId: string) => `/api/mentor/mains/marks/${markId}`,
  claim: (testId: string) => `/api/mentor/mains/tests/${testId}/claim`,
  publish: (testId: string) => `/api/admin/mains-tests/${testId}/results/publish`,
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuid = (prefix: string, n: number | string) =>
  sql.raw(`('${prefix}' || lpad((${n})::text, 12, '0'))::uuid`);

async function seed(database: Database) {
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'bs' || g, 'Bench Student ' || g, 'bench-student-' || g || '@bench.test', true
      from generate_series(1, ${BOOKLETS}) g`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'bm' || g, 'Bench Mentor ' || lpad(g::text, 2, '0'), 'bench-mentor-' || g || '@bench.test', true
      from generate_series(1, ${MENTORS}) g`);
  await db.execute(sql`insert into account (id, account_id, provider_id, user_id, password)
    select 'acc-bm' || g, 'bm' || g, 'credential', 'bm' || g, ${hash}
      from generate_series(1, ${MENTORS}) g`);
  await db.execute(sql`update profiles set role = 'mentor' where id like 'bm%'`);

  // The test closed six days ago; results were promised 120 hours after the close.
  await db.execute(sql`insert into mains_tests (id, title, paper, opens_at, closes_at, published,
                         evaluation_mode, double_mark_percent, turnaround_hours)
    values (${TEST_ID}, 'Bench GS II full test', 'gs2', now() - interval '6 days 4 hours',
            now() - interval '6 days', true, 'booklet', 10, 120)`);
  await db.execute(sql`insert into mains_questions (id, paper, question_text, marks, word_limit, publish_date, model_answer)
    select ${uuid("00000000-0000-4000-8000-", "g")}, 'gs2',
           'Bench question ' || g || ': examine the role of the Finance Commission in fiscal federalism.',
           case when g <= 10 then 10 else 15 end, case when g <= 10 then 150 else 250 end,
           current_date, 'Key points.'
      from generate_series(1, ${QUESTIONS}) g`);
  await db.execute(sql`insert into mains_test_questions (id, test_id, question_id, position, section, marks, word_limit)
    select ${uuid("00000000-0000-4000-9000-", "g")}, ${TEST_ID}, ${uuid("00000000-0000-4000-8000-", "g")},
           g, 1, case when g <= 10 then 10 else 15 end, case when g <= 10 then 150 else 250 end
      from generate_series(1, ${QUESTIONS}) g`);
  await db.execute(sql`insert into exam_attempts (id, user_id, mains_test_id, started_at, deadline_at, completed_at, score)
    select ${uuid("00000000-0000-4000-b000-", "g")}, 'bs' || g, ${TEST_ID},
           now() - interval '6 days 4 hours', now() - interval '5 days 23 hours 30 minutes',
           now() - interval '6 days 1 hour' + g * interval '2 seconds', 0
      from generate_series(1, ${BOOKLETS}) g`);
  const marked = Math.round(BOOKLETS * MARKED_SHARE);
  await db.execute(sql`insert into mains_booklets (id, attempt_id, test_id, user_id, status, format, page_count,
                         submitted_at, due_at, evaluated_at)
    select ${uuid("00000000-0000-4000-c000-", "g")}, ${uuid("00000000-0000-4000-b000-", "g")}, ${TEST_ID},
           'bs' || g, case when g <= ${marked} then 'evaluated' else 'submitted' end, 'images',
           20 + g % 21, now() - interval '6 days 1 hour' + g * interval '2 seconds',
           now() - interval '1 day',
           case when g <= ${marked} then now() - interval '6 days' + (10 + g % 130) * interval '1 hour' end
      from generate_series(1, ${BOOKLETS}) g`);
  await db.execute(sql`insert into mains_booklet_files (booklet_id, position, storage_key, content_type, bytes)
    select b.id, p, 'answer_copies/bench/' || b.user_id || '/' || p || '.jpg', 'image/jpeg', 250000
      from mains_booklets b cross join lateral generate_series(1, b.page_count) p
     where b.test_id = ${TEST_ID}`);
  await db.execute(sql`insert into mains_booklet_answers (booklet_id, test_question_id, start_page)
    select b.id, q.id, 1 + ((q.position - 1) * b.page_count) / ${QUESTIONS}
      from mains_booklets b cross join mains_test_questions q
     where b.test_id = ${TEST_ID} and q.test_id = ${TEST_ID}`);
  // Each answer has a quality; a marking is that share of the marks, plus its mentor's bias
  // (bm3 two marks high, bm7 two low) and a little noise, to the half mark. A booklet's firsts
  // are one mentor's (booklet mode); its seconds another's.
  await db.execute(sql`
    with a as (
      select ans.id as answer_id, ans.booklet_id, ans.test_question_id, b.status, b.submitted_at,
             q.marks as max, substr(b.user_id, 3)::int as n,
             (abs(hashtext(ans.id::text)) % 1000) / 1000.0 as quality,
             (abs(hashtext(ans.id::text || 'f')) % 1000) / 1000.0 as noise_first,
             (abs(hashtext(ans.id::text || 's')) % 1000) / 1000.0 as noise_second,
             abs(hashtext(ans.id::text || 'sample')) % 10 = 0 as sampled
        from mains_booklet_answers ans
        join mains_booklets b on b.id = ans.booklet_id
        join mains_test_questions q on q.id = ans.test_question_id
       where b.test_id = ${TEST_ID}
    ), rounds as (
      select a.*, r.round,
             'bm' || (1 + (a.n + case when r.round = 'first' then 0 else 11 end) % ${MENTORS}) as mentor,
             case when r.round = 'first' then a.noise_first else a.noise_second end as noise
        from a cross join (values ('first'), ('second')) r(round)
       where r.round = 'first' or a.sampled
    )
    insert into mains_marks (answer_id, booklet_id, test_id, test_question_id, round, status, mentor_id,
                             claimed_at, marked_at, marks, created_at)
    select answer_id, booklet_id, ${TEST_ID}, test_question_id, round,
           case when status = 'evaluated' then 'marked' else 'waiting' end,
           case when status = 'evaluated' then mentor end,
           case when status = 'evaluated' then submitted_at + interval '1 hour' end,
           case when status = 'evaluated' then submitted_at + (2 + n % 100) * interval '1 hour' end,
           case when status = 'evaluated' then
             greatest(0, least(max, round(((0.25 + 0.6 * quality) * max
               + case mentor when 'bm3' then 2 when 'bm7' then -2 else 0 end
               + (noise - 0.5) * 2) * 2) / 2))
           end,
           submitted_at
      from rounds`);
  await db.execute(sql`analyze`);
  const [counts] = rowsOf<{ files: number; marks: number; seconds: number; pairs: number }>(
    await db.execute(sql`select
      (select count(*)::int from mains_booklet_files) as files,
      (select count(*)::int from mains_marks) as marks,
      (select count(*)::int from mains_marks where round = 'second') as seconds,
      (select count(*)::int from mains_marks where round = 'second' and status = 'marked') as pairs`),
  );
  console.log(
    `seeded ${BOOKLETS} booklets (${marked} evaluated), ${counts?.files} files, ${counts?.marks} markings (${counts?.seconds} seconds, ${counts?.pairs} marked pairs), ${MENTORS} mentors`,
  );
}

async function signIn(app: AppInstance, email: string, password: string) {
  const response = await fetch(`${app.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: app.base, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
  return cookieOf(response);
}

/** Whether an answer is the app's 404 for a path no route serves (not a refusal of a route). */
async function isUnmounted(response: LightResponse) {
  if (response.status !== 404) return false;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message === API_MESSAGES.notFound;
}

/** p95 of a GET over HTTP; every answer must be 200. Null when the route is not mounted. */
async function measureGet(app: AppInstance, label: string, path: string, cookie: string) {
  const probe = await request(app.base, "GET", path, { cookie });
  if (await isUnmounted(probe)) {
    console.log(`${label.padEnd(30)} skipped: GET ${path} is not mounted on this branch`);
    return null;
  }
  return measureAgainstGoal(
    label,
    async () => {
      const response = await request(app.base, "GET", path, { cookie });
      if (response.status !== 200)
        throw new Error(`${label}: ${response.status} ${await response.text()}`);
      await response.text();
    },
    { runs: RUNS, goalMs: GOAL_MS },
  );
}

/**
 * The admins' two calibration pages (this branch's routes), after the floor: a light admin read
 * through the same session and middleware, to tell the page's own cost from the machine's.
 */
async function measureCalibration(app: AppInstance, admin: string) {
  await measureGet(app, "floor: light admin read", "/api/admin/evaluations/summary", admin);
  return [
    await measureGet(
      app,
      "marking calibration (test)",
      `/api/admin/mains-tests/${TEST_ID}/calibration`,
      admin,
    ),
    await measureGet(
      app,
      "examiner agreement (GS II)",
      "/api/admin/mains-calibration?paper=gs2",
      admin,
    ),
    await measureGet(app, "examiner agreement (all)", "/api/admin/mains-calibration", admin),
  ];
}

/** The mentor's queue (the desk's route, another branch). */
function measureMentorQueue(app: AppInstance, mentor: string) {
  return measureGet(app, "mentor queue", DESK_ROUTES.mentorQueue, mentor);
}

/** What a mentor holds, read at their desk (the desk's route, another branch). */
function measureMentorDesk(app: AppInstance, mentor: string) {
  return measureGet(app, "mentor desk (held work)", DESK_ROUTES.mentorDesk, mentor);
}

/** One answer at the mentor's desk: the claimed marking with its question, pages and rubric. */
async function measureMentorMark(
  app: AppInstance,
  database: Database,
  email: string,
  mentor: string,
) {
  const [held] = rowsOf<{ id: string }>(
    await database.db.execute(sql`select m.id from mains_marks m join "user" u on u.id = m.mentor_id
      where m.test_id = ${TEST_ID} and m.status = 'claimed' and u.email = ${email} limit 1`),
  );
  if (!held) {
    console.log("mentor desk (one answer)       skipped: the mentor holds nothing");
    return null;
  }
  return measureGet(app, "mentor desk (one answer)", DESK_ROUTES.mark(held.id), mentor);
}

/**
 * Every mentor claims at once (booklet mode: all firsts of the oldest waiting booklet): no booklet
 * may end up with firsts held by two mentors. Returns false on a shared booklet, null if skipped.
 */
async function claimAtOnce(app: AppInstance, database: Database, mentors: string[]) {
  const started = performance.now();
  const answers = await Promise.all(
    mentors.map((cookie) =>
      request(app.base, "POST", DESK_ROUTES.claim(TEST_ID), { cookie, body: { round: "first" } }),
    ),
  );
  const ms = performance.now() - started;
  if (await isUnmounted(answers[0] as LightResponse)) {
    console.log(
      `claims at once                  skipped: POST ${DESK_ROUTES.claim(TEST_ID)} is not mounted`,
    );
    return null;
  }
  const won = answers.filter((a) => a.status === 200 || a.status === 201).length;
  const [check] = rowsOf<{ shared: number; held: number; holders: number }>(
    await database.db.execute(sql`
      with held as (
        select booklet_id, count(distinct mentor_id) as mentors
          from mains_marks
         where test_id = ${TEST_ID} and round = 'first' and status = 'claimed'
         group by booklet_id
      )
      select (select count(*)::int from held where mentors > 1) as shared,
             (select count(*)::int from held) as held,
             (select count(distinct mentor_id)::int from mains_marks
               where test_id = ${TEST_ID} and status = 'claimed') as holders`),
  );
  console.log(
    `claims at once: ${mentors.length} mentors in ${ms.toFixed(0)} ms, ${won} won, ${check?.held} booklets held by ${check?.holders} mentors, ${check?.shared} shared`,
  );
  return check?.shared === 0 && check.held === check.holders;
}

/**
 * Publication of results for every booklet (`recomputeResults` behind the admins' publish route,
 * another branch): the waiting markings are finished first (all booklets evaluated), then one
 * publish is timed. Null if skipped.
 */
async function timePublish(app: AppInstance, database: Database, admin: string) {
  const probe = await request(app.base, "GET", DESK_ROUTES.publish(TEST_ID), { cookie: admin });
  if (probe.status !== 404 && (await isUnmounted(probe))) {
    console.log(
      `publish                        skipped: ${DESK_ROUTES.publish(TEST_ID)} is not mounted`,
    );
    return null;
  }
  await database.db.execute(sql`update mains_marks
       set status = 'marked', mentor_id = coalesce(mentor_id, 'bm1'), marked_at = now(),
           marks = coalesce(marks, 5), claimed_at = coalesce(claimed_at, now()), claim_expires_at = null
     where test_id = ${TEST_ID} and status <> 'marked'`);
  await database.db.execute(sql`update mains_booklets
       set status = 'evaluated', evaluated_at = now(), claimed_by = null, claim_expires_at = null
     where test_id = ${TEST_ID} and status = 'submitted'`);
  const started = performance.now();
  const response = await request(app.base, "POST", DESK_ROUTES.publish(TEST_ID), { cookie: admin });
  const ms = performance.now() - started;
  const [ranked] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from mains_booklets where test_id = ${TEST_ID} and rank is not null`,
    ),
  );
  console.log(
    `publish ${BOOKLETS} booklets: ${response.status} in ${ms.toFixed(0)} ms, ${ranked?.n} ranked`,
  );
  return response.ok && ranked?.n === BOOKLETS;
}

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = await createScratchDatabase(serverUrl, "bench_mains");
const database = await openDatabase({ databaseUrl: scratch.url });
let app: AppInstance | null = null;
let failed = false;
try {
  await database.migrate();
  console.log(
    `PostgreSQL; ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await seed(database);
  const adminEmail = "bench-admin@bench.test";
  await createAdmin(database.db, { email: adminEmail, password: PASSWORD, name: "Bench Admin" });
  const [instance] = await createInstances(1, scratch.url);
  if (!instance) throw new Error("no instance");
  app = instance;
  await app.start();
  const admin = await signIn(app, adminEmail, PASSWORD);
  const mentors: string[] = [];
  for (let g = 1; g <= MENTORS; g += 1)
    mentors.push(await signIn(app, `bench-mentor-${g}@bench.test`, PASSWORD));

  const p95s = [
    ...(await measureCalibration(app, admin)),
    await measureMentorQueue(app, mentors[0] as string),
  ];
  const claims = await claimAtOnce(app, database, mentors);
  p95s.push(await measureMentorDesk(app, mentors[0] as string));
  p95s.push(
    await measureMentorMark(app, database, "bench-mentor-1@bench.test", mentors[0] as string),
  );
  const published = await timePublish(app, database, admin);
  if (p95s.some((p) => p !== null && p >= GOAL_MS)) failed = true;
  if (claims === false || published === false) failed = true;
} finally {
  closeConnections();
  await app?.stop();
  await database.close();
  if (values.keep) console.log(`kept ${scratch.url}`);
  else await scratch.drop();
}
console.log(failed ? "FAILED" : "every measured part within its goal");
if (failed) process.exitCode = 1;
