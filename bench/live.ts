// npm run bench:live -- [--students 3000] [--instances 2] [--questions 100] [--entry 2]
//   [--duration 6] [--lead 90] [--refreshes 4] [--sweep 5] [--bank 5000] [--share] [--keep]
//
// An All-India live test (decisions 047 and 050) on app instances and PostgreSQL, with the app's
// own answer-sync client (`AnswerQueue`, `AnswerSync` and the live Start's retry from
// src/web/features/exams/lib) over a Node transport. An admin schedules the exam through the API to
// open `--lead` seconds later with an entry window of `--entry` minutes and `--duration` minutes.
// Every student (signed in beforehand) then:
// - registration: opens the list of live tests, registers (a display name, 10% anonymous) and
//   loads the waiting room, at a random moment in the first 40% of the lead;
// - waiting room: refreshes it `--refreshes` times in all before their entry time;
// - staggered start: presses Start at their own entry time (from the waiting room, on the server's
//   clock) plus up to 2 s; a start the instance's queue turns away as busy (503) is retried as the
//   app does;
// - answering: a choice every 2-8 s through AnswerSync (15% of answers changed later); 5% close
//   the tab midway once saved (the sweeper grades them at the deadline), 10% submit early, the
//   rest are submitted by the app when their timer reaches zero;
// - publication: the sweeper grades and publishes rank and percentile after the close.
// Afterwards the database is checked: every acknowledged answer stored, every attempt graded
// exactly once with the score recomputed here, one result per attempt with the rank (score
// desc, then time; ties share) and the percentile recomputed here, published within 60 s of the
// close. Prints latency by request, and the CPU of the instances, PostgreSQL and this client per
// student for each phase.
//
// `--share`: the per-instance share run of docs/deploy.md (one instance, say --students 1250
// --instances 1): the latency goals save p99 < 300 ms and start p99 < 1 s are part of the verdict.
// Needs DATABASE_URL (PostgreSQL); a scratch database is created next to it and dropped.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import { examAttempts, liveTests } from "../src/server/db/schema/exams.ts";
import { liveTestRegistrations, liveTestResults } from "../src/server/db/schema/live-tests.ts";
import { ANSWER_GRACE_SECONDS } from "../src/shared/exams.ts";
import { closesAt, type LiveSchedule, staggerSeconds } from "../src/shared/live-tests.ts";
import {
  AnswerQueue,
  nextClientSeq,
  type PendingAnswer,
} from "../src/web/features/exams/lib/answer-queue.ts";
import { AnswerSync } from "../src/web/features/exams/lib/answer-sync.ts";
import { isBusy, startWithRetry } from "../src/web/features/exams/lib/live-start.ts";
import { ApiError, unwrap } from "../src/web/lib/api.ts";
import { addCpu, type CpuReading, readCpu } from "./lib/cpu.ts";
import {
  api,
  type BenchExam,
  checkAttempts,
  createExam,
  KEYS,
  type Key,
  scratchDatabase,
  seedPeople,
  signIn,
  signInAll,
  waitAllGraded,
} from "./lib/exam-setup.ts";
import { closeConnections, request } from "./lib/http-client.ts";
import { type AppInstance, createInstances } from "./lib/instances.ts";
import { DEFAULT_BANK } from "./lib/question-bank.ts";
import { MapStorage, runBench } from "./lib/run-bench.ts";
import { LatencyStats, pct, sleep } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "3000" },
    instances: { type: "string", default: "2" },
    questions: { type: "string", default: "100" },
    entry: { type: "string", default: "2" },
    duration: { type: "string", default: "6" },
    lead: { type: "string", default: "90" },
    refreshes: { type: "string", default: "4" },
    sweep: { type: "string", default: "5" },
    share: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    /** Questions of other exams in the database (bench/lib/question-bank.ts). */
    bank: { type: "string", default: String(DEFAULT_BANK) },
  },
});
const STUDENTS = Number(values.students);
const INSTANCES = Number(values.instances);
const QUESTIONS = Number(values.questions);
const ENTRY_MIN = Number(values.entry);
const DURATION_MIN = Number(values.duration);
const LEAD_MS = Number(values.lead) * 1000;
const REFRESHES = Math.max(1, Number(values.refreshes));
const GOALS = { saveP99: 300, startP99: 1000, publishS: 60 };
/** As the app's client (REQUEST_TIMEOUT_MS). */
const REQUEST_TIMEOUT_MS = 25_000;
const GRACE_MS = ANSWER_GRACE_SECONDS * 1000;
const P_LEAVE = 0.05;
const P_EARLY = 0.1;

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)] as T;

const stats = new LatencyStats();
const counts = new Map<string, number>();
const count = (what: string, n = 1) => counts.set(what, (counts.get(what) ?? 0) + n);
let instances: AppInstance[] = [];
let dropDatabase: (() => Promise<void>) | null = null;

type Seen = { seq: number; answer: Key };
type Room = {
  live: { opensAt: string; registeredCount: number } | null;
  me: { registered: boolean; entryAt: string } | null;
  serverNow: string;
};
type Session = {
  attempt: { id: string; deadlineAt: string };
  questions: { id: string }[];
  serverNow: string;
};

class Student {
  readonly storage = new MapStorage();
  readonly acked = new Map<string, Seen>();
  readonly chosen = new Map<string, Seen>();
  attemptId = "";
  /** The attempt's deadline on this machine's clock. */
  deadline = 0;
  outcome = "waiting";
  sync: AnswerSync | null = null;

  constructor(
    readonly index: number,
    readonly cookie: string,
    readonly examId: string,
  ) {}

  base() {
    return (instances[this.index % instances.length] as AppInstance).base;
  }

  /** One request through the app's error mapping, timed under `name`. */
  async request<T>(name: string, method: string, path: string, body?: unknown): Promise<T> {
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const result = await unwrap<T>(
        request(this.base(), method, path, {
          body,
          cookie: this.cookie,
          signal: controller.signal,
        }) as never,
      );
      stats.record(name, performance.now() - started, true);
      return result;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : -1;
      // A start turned away by the queue is the design working, not an error: it is retried.
      const expected = name === "start" && isBusy(error) && status === 503;
      stats.record(name, performance.now() - started, expected);
      count(`${name} ${expected ? "busy (503, retried)" : `failed: HTTP ${status || "network"}`}`);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async run(t0: number, opensAtLocal: number) {
    // Registration: the card list, the registration, the waiting room's first load.
    await sleep(Math.max(0, t0 + Math.random() * LEAD_MS * 0.4 - performance.now()));
    this.outcome = "registering";
    await this.request("list", "GET", "/api/live-tests");
    await this.request("register", "POST", `/api/live-tests/${this.examId}/registration`, {
      displayName: `Student ${this.index}`,
      anonymous: this.index % 10 === 0,
    });
    const room = await this.request<Room>("room", "GET", `/api/live-tests/${this.examId}`);
    const skew = Date.parse(room.serverNow) - Date.now();
    const entryAt = Date.parse(room.me?.entryAt ?? "") - skew;
    if (!room.me?.registered || Number.isNaN(entryAt)) throw new Error("not registered");
    // Waiting room: the other refreshes, at random moments before the student's entry time.
    this.outcome = "waiting room";
    const refreshAt = Array.from({ length: REFRESHES - 1 }, () =>
      rand(Date.now(), Math.max(Date.now(), entryAt - 1000)),
    ).sort((a, b) => a - b);
    for (const at of refreshAt) {
      await sleep(Math.max(0, at - Date.now()));
      await this.request("room", "GET", `/api/live-tests/${this.examId}`);
    }
    if (entryAt < opensAtLocal - 1000) throw new Error("entry time before the opening");
    // Start at the student's entry time, plus a human's reaction.
    await sleep(Math.max(0, entryAt - Date.now() + rand(0, 2000)));
    this.outcome = "starting";
    const pressed = performance.now();
    const session = await startWithRetry(() =>
      this.request<Session>("start", "POST", `/api/live-tests/${this.examId}/attempts`),
    );
    stats.record("entered", performance.now() - pressed, true);
    this.attemptId = session.attempt.id;
    this.deadline =
      Date.now() + Date.parse(session.attempt.deadlineAt) - Date.parse(session.serverNow);
    this.sync = new AnswerSync({
      attemptId: this.attemptId,
      queue: new AnswerQueue(this.attemptId, this.storage),
      send: async (attemptId: string, answers: PendingAnswer[]) => {
        const result = await this.request<{ rejected: string[] }>(
          "save",
          "POST",
          `/api/attempts/${attemptId}/answers`,
          { answers },
        );
        for (const a of answers) {
          if (result.rejected.includes(a.questionId)) continue;
          const seen = this.acked.get(a.questionId);
          if (!seen || seen.seq < a.clientSeq)
            this.acked.set(a.questionId, { seq: a.clientSeq, answer: a.selectedAnswer as Key });
        }
        return result;
      },
      onRejected: () => count("answers rejected"),
    });
    await this.answer(session.questions.map((q) => q.id));
  }

  async answer(order: string[]) {
    const sync = this.sync as AnswerSync;
    this.outcome = "answering";
    const leaves = Math.random() < P_LEAVE;
    const early = !leaves && Math.random() < P_EARLY;
    const stopAt = leaves || early ? rand(Date.now(), this.deadline) : this.deadline;
    const answered: string[] = [];
    const choose = (questionId: string) => {
      const seq = nextClientSeq(Date.now(), this.chosen.get(questionId)?.seq ?? 0);
      const answer = pick(KEYS);
      this.chosen.set(questionId, { seq, answer });
      sync.record({ questionId, selectedAnswer: answer, markedForReview: false, clientSeq: seq });
    };
    for (const questionId of order) {
      await sleep(rand(2000, 8000));
      // The app stops taking answers when its timer reaches zero.
      if (Date.now() >= Math.min(stopAt, this.deadline - 1000)) break;
      choose(questionId);
      answered.push(questionId);
      if (Math.random() < 0.15) {
        await sleep(rand(2000, 8000));
        if (Date.now() >= Math.min(stopAt, this.deadline - 1000)) break;
        choose(pick(answered));
      }
    }
    if (leaves) {
      // Closes the tab once the indicator says saved (bounded); the sweeper grades it.
      for (let i = 0; i < 60 && sync.pending().length > 0; i += 1) await sleep(2000);
      sync.cancelRetry();
      this.outcome = "left";
      return;
    }
    // The app submits when the timer reaches zero (or when the student finishes early).
    if (!early) await sleep(Math.max(0, this.deadline - Date.now()));
    this.outcome = "submitting";
    const outcome = await sync.submit(
      () => this.request("submit", "POST", `/api/attempts/${this.attemptId}/submit`),
      { flushUntil: this.deadline + GRACE_MS },
    );
    this.outcome =
      outcome.status === "submitted"
        ? early
          ? "submitted early"
          : "auto-submitted"
        : `submit ${outcome.status}`;
  }
}

/** Where the CPU went between two instants: instances, PostgreSQL, this client. */
class PhaseCpu {
  private last: CpuReading;
  readonly rows: { name: string; seconds: number; cpu: CpuReading }[] = [];
  private lastAt = performance.now();

  constructor(private readonly pids: () => (number | undefined)[]) {
    this.last = readCpu(pids());
  }

  mark(name: string) {
    const now = readCpu(this.pids());
    const cpu: CpuReading = { server: 0, postgres: 0, client: 0 };
    addCpu(cpu, this.last, now);
    this.last = now;
    const at = performance.now();
    this.rows.push({ name, seconds: (at - this.lastAt) / 1000, cpu });
    this.lastAt = at;
  }

  lines(students: number): string[] {
    const per = (ms: number | null) => (ms === null ? "?" : (ms / students).toFixed(1));
    const cores = (ms: number | null, s: number) =>
      ms === null ? "?" : (ms / 1000 / s).toFixed(2);
    return this.rows.map(
      (r) =>
        `${r.name.padEnd(28)} ${r.seconds.toFixed(0).padStart(4)} s  CPU ms per student: instances ${per(r.cpu.server)}, postgres ${per(r.cpu.postgres)}, client ${per(r.cpu.client)}  (cores busy: ${cores(r.cpu.server, r.seconds)}, ${cores(r.cpu.postgres, r.seconds)}, ${cores(r.cpu.client, r.seconds)})`,
    );
  }
}

/** Polls until the live test is published (bounded); its publication time, or null. */
async function waitPublished(url: string, examId: string, until: number) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    for (;;) {
      const [row] = await database.db
        .select({ publishedAt: liveTests.publishedAt })
        .from(liveTests)
        .where(eq(liveTests.examId, examId));
      if (row?.publishedAt) return row.publishedAt;
      if (Date.now() > until) return null;
      await sleep(1000);
    }
  } finally {
    await database.close();
  }
}

/** The published results checked against ranks and percentiles recomputed here. */
async function checkResults(url: string, examId: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const attempts = await database.db
      .select({
        id: examAttempts.id,
        score: examAttempts.score,
        time: examAttempts.timeTakenSeconds,
      })
      .from(examAttempts)
      .where(eq(examAttempts.liveTestId, examId));
    const results = await database.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, examId));
    const [registered] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveTestRegistrations)
      .where(eq(liveTestRegistrations.examId, examId));
    const [live] = await database.db.select().from(liveTests).where(eq(liveTests.examId, examId));
    const byAttempt = new Map(results.map((r) => [r.attemptId, r]));
    const scored = attempts.map((a) => ({ id: a.id, score: Number(a.score), time: a.time ?? 0 }));
    let wrongRank = 0;
    let wrongPercentile = 0;
    for (const a of scored) {
      const r = byAttempt.get(a.id);
      if (!r) continue;
      const better = scored.filter(
        (b) => b.score > a.score || (b.score === a.score && b.time < a.time),
      ).length;
      const atMost = scored.filter((b) => b.score <= a.score).length;
      if (r.rank !== better + 1) wrongRank += 1;
      if (
        Math.abs(Number(r.percentile) - Math.round((10000 * atMost) / scored.length) / 100) > 0.01
      )
        wrongPercentile += 1;
    }
    return {
      attempts: attempts.length,
      results: results.length,
      missing: attempts.filter((a) => !byAttempt.has(a.id)).length,
      late: results.filter((r) => r.late).length,
      wrongRank,
      wrongPercentile,
      registeredRows: registered?.n ?? 0,
      registeredCount: live?.registeredCount ?? 0,
    };
  } finally {
    await database.close();
  }
}

async function cleanup() {
  closeConnections();
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  if (dropDatabase && !values.keep) await dropDatabase().catch(() => {});
  dropDatabase = null;
}

async function main() {
  const scratch = await scratchDatabase("bench_live");
  dropDatabase = scratch.drop;
  const setupStarted = performance.now();
  const { adminEmail, emails } = await seedPeople(scratch.url, STUDENTS);
  instances = await createInstances(INSTANCES, scratch.url, {
    SWEEP_INTERVAL_SECONDS: String(values.sweep),
  });
  await Promise.all(instances.map((i) => i.start()));
  const first = instances[0] as AppInstance;
  const exam: BenchExam = await createExam(scratch.url, first.base, adminEmail, {
    questions: QUESTIONS,
    timeLimitSeconds: DURATION_MIN * 60,
    bank: Number(values.bank),
  });
  const cookies = await signInAll(emails, instances);
  console.log(
    `set-up: ${STUDENTS} students signed in on ${INSTANCES} instance(s), ${Math.round((performance.now() - setupStarted) / 1000)} s; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );

  // The admin schedules the live test through the API.
  const adminCookie = await signIn(first.base, adminEmail);
  const opensAt = new Date(Date.now() + LEAD_MS);
  const scheduled = await api(first.base, "POST", "/api/admin/live-tests", {
    cookie: adminCookie,
    body: {
      examId: exam.id,
      opensAt: opensAt.toISOString(),
      entryMinutes: ENTRY_MIN,
      durationMinutes: DURATION_MIN,
    },
  });
  if (!scheduled.ok) throw new Error(`schedule: ${scheduled.status} ${await scheduled.text()}`);
  const schedule: LiveSchedule = {
    opensAt,
    entryMinutes: ENTRY_MIN,
    durationMinutes: DURATION_MIN,
    resultsAt: null,
  };
  const close = closesAt(schedule);
  console.log(
    `live test: ${QUESTIONS} questions, opens in ${LEAD_MS / 1000} s, entry ${ENTRY_MIN} min (staggered over ${staggerSeconds(schedule)} s), ${DURATION_MIN} min each, closes ${close.toISOString()}; sweeper every ${values.sweep} s`,
  );

  const students = cookies.map((cookie, i) => new Student(i, cookie, exam.id));
  const t0 = performance.now();
  const opensLocal = opensAt.getTime();
  const cpu = new PhaseCpu(() => instances.map((i) => i.child?.pid));
  const marks = [
    setTimeout(() => cpu.mark("registration, waiting room"), opensLocal - Date.now()),
    setTimeout(
      () => cpu.mark("staggered start"),
      opensLocal + (staggerSeconds(schedule) + 5) * 1000 - Date.now(),
    ),
  ];
  const watchdog = setTimeout(
    () => {
      console.error("live: over its time budget; stopping");
      for (const s of students.filter((x) => !x.outcome.match(/submitted|left|failed/)).slice(0, 5))
        console.error(`  student ${s.index}: ${s.outcome}`);
      void cleanup().finally(() => process.exit(2));
    },
    close.getTime() - Date.now() + 600_000,
  );
  watchdog.unref();
  const crashed: string[] = [];
  await Promise.all(
    students.map((s) =>
      s.run(t0, opensLocal).catch((error: unknown) => {
        crashed.push(`student ${s.index} (${s.outcome}): ${String(error)}`);
        s.outcome = `failed while ${s.outcome}`;
      }),
    ),
  );
  for (const m of marks) clearTimeout(m);
  cpu.mark("answering, auto-submit");
  const runSeconds = (performance.now() - t0) / 1000;
  // Idle until the close (nobody can still be answering), then grading and publication.
  await sleep(Math.max(0, close.getTime() - Date.now()));
  cpu.mark("idle until the close");
  const publishedAt = await waitPublished(scratch.url, exam.id, close.getTime() + 300_000);
  cpu.mark("grading, publication");
  const publishSeconds = publishedAt ? (publishedAt.getTime() - close.getTime()) / 1000 : null;
  const open = await waitAllGraded(scratch.url, exam.id, 60_000, { live: true });

  for (const line of stats.lines(runSeconds)) console.log(line);
  for (const line of cpu.lines(STUDENTS)) console.log(line);
  for (const i of instances)
    if (i.child?.exitCode !== null) crashed.push(`${i.name} exited with ${i.child?.exitCode}`);
  await Promise.all(instances.map((i) => i.stop()));

  const check = await checkAttempts(scratch.url, exam, { live: true });
  const results = await checkResults(scratch.url, exam.id);
  let acked = 0;
  let lost = 0;
  for (const s of students) {
    if (!s.attemptId) continue;
    const stored = check.stored.get(s.attemptId) ?? new Map();
    for (const [questionId, a] of s.acked) {
      acked += 1;
      const row = stored.get(questionId);
      if (!row || row.seq < a.seq || (row.seq === a.seq && row.answer !== a.answer)) lost += 1;
    }
  }
  const outcomes = new Map<string, number>();
  for (const s of students) outcomes.set(s.outcome, (outcomes.get(s.outcome) ?? 0) + 1);
  console.log(`outcomes: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(", ")}`);
  for (const [what, n] of counts) console.log(`requests: ${n} ${what}`);
  for (const c of crashed.slice(0, 5)) console.log(`  ${c}`);
  const errors = stats.all().reduce((n, s) => n + s.errors, 0) + crashed.length;
  const problems =
    check.notGraded.length +
    check.badGrading.length +
    check.wrongScore.length +
    (check.attempts === STUDENTS ? 0 : 1) +
    results.missing +
    results.late +
    results.wrongRank +
    results.wrongPercentile +
    (results.registeredRows === STUDENTS && results.registeredCount === STUDENTS ? 0 : 1);
  console.log(
    `registrations: ${results.registeredRows} rows, the card's count ${results.registeredCount}`,
  );
  console.log(
    `attempts: ${check.attempts} of ${STUDENTS}, ${check.graded} graded, ${check.badGrading.length} not graded exactly once (or after the deadline), ${check.wrongScore.length} with a wrong score, ${open} still open`,
  );
  console.log(
    `results: ${results.results} for ${results.attempts} attempts (${results.missing} missing, ${results.late} late), ${results.wrongRank} wrong ranks, ${results.wrongPercentile} wrong percentiles; published ${publishSeconds === null ? "NEVER" : `${publishSeconds.toFixed(1)} s after the close`}`,
  );
  const saveMs = stats.get("save")?.ms ?? [];
  const startMs = stats.get("start")?.ms ?? [];
  const met = {
    errors: errors === 0,
    lost: lost === 0,
    publication: publishSeconds !== null && publishSeconds <= GOALS.publishS,
    ...(values.share
      ? { save: pct(saveMs, 99) < GOALS.saveP99, start: pct(startMs, 99) < GOALS.startP99 }
      : {}),
  };
  console.log(
    `${STUDENTS} students, ${acked} acknowledged answers, ${errors} errors, ${lost} lost answers; load average now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `goals: 0 errors ${met.errors ? "met" : "MISSED"}, 0 lost ${met.lost ? "met" : "MISSED"}, published within ${GOALS.publishS} s ${met.publication ? "met" : "MISSED"}${values.share ? `, save p99 < ${GOALS.saveP99} ms ${met.save ? "met" : "MISSED"} (${pct(saveMs, 99).toFixed(1)}), start p99 < ${GOALS.startP99} ms ${met.start ? "met" : "MISSED"} (${pct(startMs, 99).toFixed(1)})` : ""}; checks ${problems === 0 ? "passed" : `FAILED (${problems})`}`,
  );
  process.exitCode = Object.values(met).every(Boolean) && problems === 0 && open === 0 ? 0 : 1;
}

runBench("live", main, cleanup, () => instances);
