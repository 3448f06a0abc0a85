// npm run bench:storm -- [--students 3000] [--questions 20] [--minutes 5] [--spread 60]
//
// Exam day: a synchronised start on two app instances (open model). All students sign in first
// (through the real API); then starts arrive spread over `--spread` seconds whatever the server's
// speed, each student answers at human pace (a choice every 2-8 s, some answers changed later,
// ~3% on two tabs, ~10% switching instance mid-exam as behind a load balancer without
// stickiness) and submits; ~5% never submit and are finished by the server's sweeper at the
// deadline. Afterwards the database is checked: every acknowledged answer stored, every attempt
// graded exactly once with the score recomputed here. Needs DATABASE_URL (PostgreSQL); a scratch
// database is created next to it and dropped.
import { parseArgs } from "node:util";
import { nextClientSeq } from "../src/web/features/exams/lib/answer-queue.ts";
import { addCpu, type CpuReading, cpuSeconds, readCpu } from "./lib/cpu.ts";
import {
  api,
  type BenchExam,
  checkAttempts,
  createExam,
  KEYS,
  type Key,
  scratchDatabase,
  seedPeople,
  signInAll,
  waitAllGraded,
} from "./lib/exam-setup.ts";
import { type AppInstance, createInstances } from "./lib/instances.ts";
import { runBench } from "./lib/run-bench.ts";
import { LatencyStats, pct, sleep } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "3000" },
    questions: { type: "string", default: "20" },
    minutes: { type: "string", default: "5" },
    spread: { type: "string", default: "60" },
    sweep: { type: "string", default: "5" },
    keep: { type: "boolean", default: false },
  },
});
const STUDENTS = Number(values.students);
const QUESTIONS = Number(values.questions);
const TIME_LIMIT_S = Number(values.minutes) * 60;
const SPREAD_MS = Number(values.spread) * 1000;
const GOALS = { saveP99: 100, startP99: 500 };

const stats = new LatencyStats();
const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)] as T;

type Acked = Map<string, { seq: number; answer: Key }>;
type Student = {
  cookie: string;
  attemptId?: string;
  acked: Acked;
  submittedScore?: number;
  /** When the attempt's time is up, in Date.now() terms. */
  deadline?: number;
  failed?: string;
};

let instances: AppInstance[] = [];
let dropDatabase: (() => Promise<void>) | null = null;

const errorKinds = new Map<string, number>();
const countError = (kind: string) => errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);

async function timed(name: string, run: () => Promise<Response>) {
  const started = performance.now();
  try {
    const response = await run();
    const text = await response.text();
    stats.record(name, performance.now() - started, response.ok);
    if (!response.ok) countError(`${name} HTTP ${response.status}`);
    return { response, json: text && response.ok ? JSON.parse(text) : null, text };
  } catch (error) {
    stats.record(name, performance.now() - started, false);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    countError(`${name} network (${cause?.code ?? cause?.message ?? String(error)})`);
    throw error;
  }
}

/** One save, as the app sends it (one answer a request); a failure is retried up to 3 times. */
async function save(base: () => string, student: Student, questionId: string, answer: Key) {
  const clientSeq = nextClientSeq();
  const body = {
    answers: [{ questionId, selectedAnswer: answer, markedForReview: false, clientSeq }],
  };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      const { response } = await timed("save", () =>
        api(base(), "POST", `/api/attempts/${student.attemptId}/answers`, {
          body,
          cookie: student.cookie,
        }),
      );
      if (response.ok) {
        const seen = student.acked.get(questionId);
        if (!seen || seen.seq < clientSeq)
          student.acked.set(questionId, { seq: clientSeq, answer });
        return;
      }
      if (response.status === 409) return;
    } catch {
      // network error: retried below
    }
    await sleep(1000);
  }
}

/** One tab answering `order` at human pace. */
async function answerAt(
  base: () => string,
  student: Student,
  order: string[],
  onHalf?: () => void,
) {
  const done: string[] = [];
  // The app stops taking answers when its timer reaches zero (and submits); so do the students.
  const timeLeft = () => (student.deadline ?? Number.POSITIVE_INFINITY) > Date.now();
  for (const [n, questionId] of order.entries()) {
    if (n === Math.floor(order.length / 2)) onHalf?.();
    await sleep(rand(2000, 8000));
    if (!timeLeft()) return;
    await save(base, student, questionId, pick(KEYS));
    done.push(questionId);
    // Some second thoughts: an earlier answer changed.
    if (Math.random() < 0.15) {
      await sleep(rand(2000, 8000));
      if (!timeLeft()) return;
      await save(base, student, pick(done), pick(KEYS));
    }
  }
}

async function runStudent(student: Student, index: number, exam: BenchExam, t0: number) {
  await sleep(Math.max(0, t0 + Math.random() * SPREAD_MS - performance.now()));
  let instance = index % instances.length;
  const base = () => (instances[instance] as AppInstance).base;
  const start = await timed("start", () =>
    api(base(), "POST", `/api/exams/${exam.id}/attempts`, { cookie: student.cookie }),
  );
  if (!start.response.ok) {
    student.failed = `start ${start.response.status}`;
    return;
  }
  student.attemptId = start.json.attempt.id as string;
  // The deadline on this machine's clock, from the server's deadline and clock (as the app does).
  student.deadline =
    Date.now() + Date.parse(start.json.attempt.deadlineAt) - Date.parse(start.json.serverNow);
  const order = (start.json.questions as { id: string }[]).map((q) => q.id);
  const switcher = Math.random() < 0.1;
  const tabs = [
    answerAt(base, student, order, () => {
      if (switcher) instance = (instance + 1) % instances.length;
    }),
  ];
  if (Math.random() < 0.03) {
    // A second tab (on the other instance) resumes the same attempt and answers some questions.
    const other = () => (instances[(index + 1) % instances.length] as AppInstance).base;
    await sleep(rand(1000, 10_000));
    const again = await timed("start", () =>
      api(other(), "POST", `/api/exams/${exam.id}/attempts`, { cookie: student.cookie }),
    );
    if (again.json?.attempt.id !== student.attemptId)
      student.failed = "second tab got another attempt";
    tabs.push(answerAt(other, student, order.slice(0, 6).reverse()));
  }
  await Promise.all(tabs);
  if (Math.random() < 0.05) return; // a straggler: the sweeper finishes it at the deadline
  const submit = await timed("submit", () =>
    api(base(), "POST", `/api/attempts/${student.attemptId}/submit`, { cookie: student.cookie }),
  );
  if (submit.response.ok) student.submittedScore = submit.json.attempt.score;
}

async function cleanup() {
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  if (dropDatabase && !values.keep) await dropDatabase().catch(() => {});
  dropDatabase = null;
}

async function main() {
  const scratch = await scratchDatabase("bench_storm");
  dropDatabase = scratch.drop;
  const setupStarted = performance.now();
  const { adminEmail, emails } = await seedPeople(scratch.url, STUDENTS);
  instances = await createInstances(2, scratch.url, {
    SWEEP_INTERVAL_SECONDS: String(values.sweep),
  });
  // The first instance applies nothing new (seedPeople migrated); both start together.
  await Promise.all(instances.map((i) => i.start()));
  const exam = await createExam(scratch.url, (instances[0] as AppInstance).base, adminEmail, {
    questions: QUESTIONS,
    timeLimitSeconds: TIME_LIMIT_S,
  });
  const cookies = await signInAll(emails, instances);
  console.log(
    `set-up: ${STUDENTS} students signed in on 2 instances (${instances.map((i) => i.port).join(", ")}), ${Math.round((performance.now() - setupStarted) / 1000)} s`,
  );
  console.log(
    `exam: ${QUESTIONS} questions, ${TIME_LIMIT_S} s; starts spread over ${SPREAD_MS / 1000} s; sweeper every ${values.sweep} s`,
  );
  const students: Student[] = cookies.map((cookie) => ({ cookie, acked: new Map() }));
  stats.clear();
  const t0 = performance.now();
  // CPU of both instances, PostgreSQL and this client, read every 30 s: is the machine the limit?
  const pids = () => instances.map((i) => i.child?.pid);
  const cpuWindows: string[] = [];
  let lastCpu = readCpu(pids());
  let lastAt = t0;
  const cpuTotal: CpuReading = { server: 0, postgres: 0, client: 0 };
  const readWindow = () => {
    const now = readCpu(pids());
    const spent: CpuReading = { server: 0, postgres: 0, client: 0 };
    addCpu(spent, lastCpu, now);
    addCpu(cpuTotal, lastCpu, now);
    lastCpu = now;
    const windowMs = performance.now() - lastAt;
    lastAt = performance.now();
    const at = Math.round((lastAt - t0) / 1000);
    const cores = (ms: number | null) => (ms === null ? "?" : (ms / windowMs).toFixed(1));
    cpuWindows.push(
      `${at} s: servers ${cores(spent.server)}, postgres ${cores(spent.postgres)}, client ${cores(spent.client)}`,
    );
  };
  const cpuTimer = setInterval(readWindow, 30_000);
  const watchdog = setTimeout(
    () => {
      console.error("storm: over its time budget; stopping");
      void cleanup().finally(() => process.exit(2));
    },
    SPREAD_MS + (TIME_LIMIT_S + 300) * 1000,
  );
  watchdog.unref();
  const crashed: string[] = [];
  await Promise.all(
    students.map((s, i) =>
      runStudent(s, i, exam, t0).catch((error: unknown) => {
        crashed.push(String(error));
        s.failed = String(error);
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(cpuTimer);
  readWindow();
  const open = await waitAllGraded(scratch.url, exam.id, (TIME_LIMIT_S + 120) * 1000);
  const total = (performance.now() - t0) / 1000;
  for (const line of stats.lines(seconds)) console.log(line);
  console.log(`cpu over the run: ${cpuSeconds(cpuTotal)} (2 cores: ${Math.round(2 * seconds)} s)`);
  console.log(`cpu in cores, by 30 s window: ${cpuWindows.join("; ")}`);
  for (const i of instances)
    if (i.child?.exitCode !== null) crashed.push(`${i.name} exited with ${i.child?.exitCode}`);
  await Promise.all(instances.map((i) => i.stop()));

  const check = await checkAttempts(scratch.url, exam);
  let acked = 0;
  let lost = 0;
  let wrongReply = 0;
  for (const s of students) {
    if (!s.attemptId) continue;
    const stored = check.stored.get(s.attemptId) ?? new Map();
    for (const [questionId, a] of s.acked) {
      acked += 1;
      const row = stored.get(questionId);
      if (!row || row.seq < a.seq || (row.seq === a.seq && row.answer !== a.answer)) lost += 1;
    }
    const score = check.scores.get(s.attemptId);
    if (s.submittedScore !== undefined && Number(score) !== s.submittedScore) wrongReply += 1;
  }
  const failed = students.filter((s) => s.failed).length;
  const errors = stats.all().reduce((n, s) => n + s.errors, 0) + failed + crashed.length;
  const problems =
    check.notGraded.length + check.badGrading.length + check.wrongScore.length + wrongReply;
  console.log(
    `attempts: ${check.attempts} of ${STUDENTS}, ${check.graded} graded (${students.filter((s) => s.submittedScore !== undefined).length} submitted, the rest by the sweeper), ${check.badGrading.length} not graded exactly once, ${check.wrongScore.length} with a wrong score, ${wrongReply} submit replies disagreeing, ${open} still open`,
  );
  for (const [kind, n] of errorKinds) console.log(`errors: ${n} ${kind}`);
  for (const c of crashed.slice(0, 5)) console.log(`  ${c}`);
  console.log(`instance logs (errors): ${instances.map((i) => i.logFile).join(", ")}`);
  const saveMs = stats.get("save")?.ms ?? [];
  const startMs = stats.get("start")?.ms ?? [];
  const met = {
    errors: errors === 0,
    lost: lost === 0,
    save: pct(saveMs, 99) < GOALS.saveP99,
    start: pct(startMs, 99) < GOALS.startP99,
  };
  console.log(
    `${STUDENTS} students, ${acked} acknowledged answers, ${errors} errors, ${lost} lost answers; run ${Math.round(total)} s`,
  );
  console.log(
    `goals: 0 errors ${met.errors ? "met" : "MISSED"}, 0 lost ${met.lost ? "met" : "MISSED"}, save p99 < ${GOALS.saveP99} ms ${met.save ? "met" : "MISSED"} (${pct(saveMs, 99).toFixed(1)}), start p99 < ${GOALS.startP99} ms ${met.start ? "met" : "MISSED"} (${pct(startMs, 99).toFixed(1)})`,
  );
  process.exitCode = Object.values(met).every(Boolean) && problems === 0 && open === 0 ? 0 : 1;
}

runBench("storm", main, cleanup, () => instances);
