// npm run bench:chaos -- [--attempts 1000] [--smoke]
//
// Fault injection on the exam engine: scripted students on two app instances on PostgreSQL run
// the real client's answer queue, retry logic and submit (`AnswerQueue`, and `AnswerSync` with
// its `submit`, from src/web/features/exams/lib, with a Node transport: fetch with the cookie, an
// AbortController, an "offline" switch) while faults hit them at random: requests aborted mid-flight, offline
// periods of 5-60 s, page reloads (memory lost, localStorage kept), an instance killed with
// SIGKILL and restarted mid-exam (twice, one per instance), and every database connection of
// the app terminated once (pg_terminate_backend, a dropped pool). At the end the database is
// checked: every acknowledged answer stored, every answer the student chose stored or refused
// with its reason, every attempt graded exactly once with the score recomputed here.
// `--smoke`: 20 attempts, one instance restart and one pool drop, a short exam; under 2 minutes.
// Loopback only; every loop is bounded and a watchdog stops the run if it overruns.
import pg from "pg";
import { ATTEMPTS, BUDGET_MS, CONFIG, SMOKE, SWEEP_S, values } from "./lib/chaos-config.ts";
import { counts, flights, instances, Student, stuckReport } from "./lib/chaos-student.ts";
import {
  checkAttempts,
  createExam,
  scratchDatabase,
  seedPeople,
  signInAll,
  waitAllGraded,
} from "./lib/exam-setup.ts";
import { type AppInstance, createInstances } from "./lib/instances.ts";
import { runBench } from "./lib/run-bench.ts";
import { sleep } from "./lib/stats.ts";

let dropDatabase: (() => Promise<void>) | null = null;

/** Ends every connection the app instances hold to the scratch database. */
async function dropConnections(adminUrl: string, database: string) {
  const client = new pg.Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: 10_000,
    query_timeout: 30_000,
  });
  await client.connect();
  try {
    const result = await client.query(
      "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

async function cleanup() {
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  if (dropDatabase && !values.keep) await dropDatabase().catch(() => {});
  dropDatabase = null;
}

async function main() {
  const scratch = await scratchDatabase("bench_chaos");
  dropDatabase = scratch.drop;
  const databaseName = new URL(scratch.url).pathname.slice(1);
  const { adminEmail, emails } = await seedPeople(scratch.url, ATTEMPTS);
  instances.push(
    ...(await createInstances(2, scratch.url, { SWEEP_INTERVAL_SECONDS: String(SWEEP_S) })),
  );
  await Promise.all(instances.map((i) => i.start()));
  const exam = await createExam(scratch.url, (instances[0] as AppInstance).base, adminEmail, {
    questions: CONFIG.questions,
    timeLimitSeconds: CONFIG.timeLimitS,
  });
  const cookies = await signInAll(emails, instances);
  console.log(
    `chaos: ${ATTEMPTS} attempts, ${CONFIG.questions} questions, ${CONFIG.timeLimitS} s exam, starts over ${CONFIG.spreadS} s, 2 instances (ports ${instances.map((i) => i.port).join(", ")})`,
  );

  const students = cookies.map((cookie, i) => new Student(i, cookie, exam));
  const events: string[] = [];
  const t0 = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`chaos: over its ${BUDGET_MS / 1000} s budget; stopping`);
    for (const e of events) console.error(`fault  ${e}`);
    const where = new Map<string, number>();
    for (const s of students) where.set(s.outcome, (where.get(s.outcome) ?? 0) + 1);
    console.error(`students: ${[...where].map(([o, n]) => `${n} ${o}`).join(", ")}`);
    for (const line of stuckReport(students)) console.error(line);
    const died = instances.filter((i) => i.child?.exitCode !== null).map((i) => i.name);
    if (died.length) console.error(`instances that died on their own: ${died.join(", ")}`);
    void cleanup().finally(() => process.exit(2));
  }, BUDGET_MS);
  watchdog.unref();
  // Progress on stderr: who is still running, and requests open for more than 30 s.
  const progress = setInterval(() => {
    const running = students.filter((s) => s.outcome === "running").length;
    const old = [...flights].filter((f) => Date.now() - f.since > 30_000).length;
    console.error(
      `chaos: ${Math.round((Date.now() - t0) / 1000)} s, ${running} students running, ${flights.size} requests open (${old} for over 30 s)`,
    );
    if (running > 0 && running <= 10) for (const line of stuckReport(students)) console.error(line);
  }, 15_000);
  progress.unref();

  // Faults for everyone: instances killed and restarted, the database connections dropped.
  const at = (seconds: number, what: string, run: () => Promise<unknown>) =>
    sleep(Math.max(0, t0 + seconds * 1000 - Date.now()))
      .then(run)
      .then(
        (detail) =>
          events.push(
            `at ${Math.round(seconds)} s: ${what}${detail ? ` (${detail}, ${Math.round((Date.now() - t0) / 1000)} s)` : ""}`,
          ),
        (error: unknown) => events.push(`${what} FAILED: ${String(error)}`),
      );
  const killAndRestart = async (instance: AppInstance) => {
    await instance.kill();
    await sleep(3000);
    await instance.restart();
    return `${instance.name} back`;
  };
  const first = instances[0] as AppInstance;
  const second = instances[1] as AppInstance;
  const span = CONFIG.spreadS + CONFIG.timeLimitS / 2;
  const faults = [
    at(span * 0.3, `SIGKILL ${first.name}, restart after 3 s`, () => killAndRestart(first)),
    at(
      span * 0.55,
      "all database connections terminated",
      async () =>
        `${await dropConnections(process.env.DATABASE_URL as string, databaseName)} backends`,
    ),
  ];
  if (!SMOKE)
    faults.push(
      at(span * 0.8, `SIGKILL ${second.name}, restart after 3 s`, () => killAndRestart(second)),
    );

  const crashed: string[] = [];
  await Promise.all(
    students.map((s) =>
      s.run(t0).catch((error: unknown) => {
        s.outcome = "crashed";
        crashed.push(String(error));
      }),
    ),
  );
  clearInterval(progress);
  await Promise.all(faults);
  const open = await waitAllGraded(scratch.url, exam.id, CONFIG.timeLimitS * 1000 + 60_000);
  const seconds = Math.round((Date.now() - t0) / 1000);
  for (const s of students) if (s.page) s.page.sync.cancelRetry();
  const instanceDied = instances.filter((i) => i.child?.exitCode !== null).map((i) => i.name);
  await Promise.all(instances.map((i) => i.stop()));

  // The verdict, from the database.
  const check = await checkAttempts(scratch.url, exam);
  let ackedAnswers = 0;
  const lost: string[] = [];
  const reported = new Map<string, number>();
  let wrongReply = 0;
  for (const s of students) {
    if (!s.attemptId) continue;
    const stored = check.stored.get(s.attemptId) ?? new Map();
    const queued = s.queued();
    for (const [questionId, a] of s.acked) {
      ackedAnswers += 1;
      const row = stored.get(questionId);
      if (!row || row.seq < a.seq || (row.seq === a.seq && row.answer !== a.answer))
        lost.push(
          `student ${s.index} q ${questionId}: acknowledged (seq ${a.seq}) but stored ${row ? `seq ${row.seq}` : "nothing"}`,
        );
    }
    for (const [questionId, a] of s.chosen) {
      const row = stored.get(questionId);
      if (row && row.seq === a.seq && row.answer === a.answer) continue;
      const refusal = s.refused.get(questionId);
      // Refused for good: only right when time ran out (a submit sends the queue first).
      if (refusal && refusal.seq >= a.seq && check.timedOut.has(s.attemptId)) {
        const reason = `refused by the server: "${refusal.reason}"`;
        reported.set(reason, (reported.get(reason) ?? 0) + 1);
        continue;
      }
      if (queued.has(questionId) && check.timedOut.has(s.attemptId)) {
        const reason = "queued on the device when time ran out (past deadline + grace)";
        reported.set(reason, (reported.get(reason) ?? 0) + 1);
        continue;
      }
      const cause = refusal
        ? `refused ("${refusal.reason}") though the attempt did not time out`
        : queued.has(questionId)
          ? `still queued on the device (student ${s.outcome})`
          : "no record of refusal";
      lost.push(
        `student ${s.index} q ${questionId}: chose seq ${a.seq}, stored ${row ? `seq ${row.seq}` : "nothing"}; ${cause}`,
      );
    }
    const score = check.scores.get(s.attemptId);
    if (s.submittedScore !== undefined && Number(score) !== s.submittedScore) wrongReply += 1;
  }
  const outcomes = new Map<string, number>();
  for (const s of students) outcomes.set(s.outcome, (outcomes.get(s.outcome) ?? 0) + 1);

  for (const e of events) console.log(`fault  ${e}`);
  for (const [what, n] of [...counts].sort()) console.log(`client ${what}: ${n}`);
  console.log(`students: ${[...outcomes].map(([o, n]) => `${n} ${o}`).join(", ")}`);
  for (const [reason, n] of reported) console.log(`reported, not stored: ${n} answers: ${reason}`);
  console.log(
    `grading: ${check.graded} of ${check.attempts} attempts graded, ${check.badGrading.length} not exactly once, ${check.wrongScore.length} with a wrong score, ${wrongReply} submit replies disagreeing, ${open} still open`,
  );
  for (const c of crashed.slice(0, 5)) console.log(`crashed: ${c}`);
  if (instanceDied.length)
    console.log(`instances that died on their own: ${instanceDied.join(", ")}`);
  for (const l of lost.slice(0, 20)) console.log(`LOST ${l}`);
  console.log(`instance logs (errors): ${instances.map((i) => i.logFile).join(", ")}`);
  console.log(
    `${check.attempts} attempts, ${ackedAnswers} acknowledged answers, ${lost.length} lost (${seconds} s)`,
  );
  const failures =
    lost.length +
    crashed.length +
    instanceDied.length +
    open +
    check.notGraded.length +
    check.badGrading.length +
    check.wrongScore.length +
    wrongReply +
    (check.attempts === ATTEMPTS ? 0 : 1) +
    events.filter((e) => e.includes("FAILED")).length;
  process.exitCode = failures === 0 ? 0 : 1;
}

runBench("chaos", main, cleanup, () => instances);
