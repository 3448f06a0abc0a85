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
import { parseArgs } from "node:util";
import pg from "pg";
import {
  AnswerQueue,
  nextClientSeq,
  type PendingAnswer,
} from "../src/web/features/exams/lib/answer-queue.ts";
import { AnswerSync } from "../src/web/features/exams/lib/answer-sync.ts";
import { ApiError, unwrap } from "../src/web/lib/api.ts";
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
import { MapStorage, runBench } from "./lib/run-bench.ts";
import { sleep } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    attempts: { type: "string" },
    smoke: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const SMOKE = values.smoke;
type Config = {
  attempts: number;
  questions: number;
  timeLimitS: number;
  spreadS: number;
  paceS: [number, number];
  offlineS: [number, number];
};
const CONFIG: Config = SMOKE
  ? { attempts: 20, questions: 8, timeLimitS: 60, spreadS: 8, paceS: [1, 4], offlineS: [5, 15] }
  : {
      attempts: 1000,
      questions: 15,
      timeLimitS: 240,
      spreadS: 90,
      paceS: [2, 8],
      offlineS: [5, 60],
    };
const ATTEMPTS = Number(values.attempts ?? CONFIG.attempts);
const GRACE_MS = 15_000;
const SWEEP_S = 3;
/** The whole run, set-up excluded; the watchdog ends it past this. */
const BUDGET_MS = (CONFIG.spreadS + CONFIG.timeLimitS + (SMOKE ? 120 : 420)) * 1000;
const P_ABORT = 0.04;
const P_OFFLINE = 0.3;
const P_RELOAD = 0.25;
const P_LEAVE = 0.05;
/** How often a student presses Submit again after the screen reports a failed submit. */
const SUBMIT_PRESSES = 3;
/** As the app's client (REQUEST_TIMEOUT_MS): a request with no answer by then counts as a network error. */
const REQUEST_TIMEOUT_MS = 25_000;

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)] as T;
const never = <T>() => new Promise<T>(() => {});

let instances: AppInstance[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
const counts = new Map<string, number>();
/** Requests not yet settled, for the watchdog: which student waits on what, where, since when. */
type Flight = { student: number; what: string; instance: string; since: number };
const flights = new Set<Flight>();
const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);

/** One page load: the in-memory objects a reload throws away. */
type Page = { sync: AnswerSync; dead: boolean; controllers: Set<AbortController> };

type Seen = { seq: number; answer: Key | null };

class Student {
  readonly storage = new MapStorage();
  instance: number;
  offlineUntil = 0;
  attemptId = "";
  deadline = 0;
  seqFloor = 0;
  page: Page | null = null;
  /** What the student last chose per question (the human's memory, not the page's). */
  readonly chosen = new Map<string, Seen>();
  /** The newest answer per question the client saw the server acknowledge. */
  readonly acked = new Map<string, Seen>();
  /** Answers the server refused for good (409/404), with its message. */
  readonly refused = new Map<string, Seen & { reason: string }>();
  submittedScore: number | undefined;
  outcome = "running";
  /** Where the student's script is (for the watchdog): the step it awaits. */
  step = "waiting to start";

  constructor(
    readonly index: number,
    readonly cookie: string,
    readonly exam: BenchExam,
  ) {
    this.instance = index % instances.length;
  }

  base() {
    return (instances[this.instance] as AppInstance).base;
  }

  /** What localStorage holds for this attempt (the queue as a reload would find it). */
  queued(): Map<string, PendingAnswer> {
    const raw = this.storage.getItem(`exam-answers:${this.attemptId}`);
    return new Map((JSON.parse(raw ?? "[]") as PendingAnswer[]).map((p) => [p.questionId, p]));
  }

  offline() {
    return Date.now() < this.offlineUntil;
  }

  /** A request through the app's own error mapping (unwrap: network failure -> ApiError 0). */
  async request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal) {
    if (this.offline()) {
      return unwrap<T>(Promise.reject(new TypeError("offline")) as never);
    }
    if (Math.random() < 0.03) this.instance = (this.instance + 1) % instances.length;
    const flight: Flight = {
      student: this.index,
      what: `${method} ${path}`,
      instance: (instances[this.instance] as AppInstance).name,
      since: Date.now(),
    };
    flights.add(flight);
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      count("requests timed out");
      timeout.abort();
    }, REQUEST_TIMEOUT_MS);
    try {
      return await unwrap<T>(
        api(this.base(), method, path, {
          body,
          cookie: this.cookie,
          signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
        }) as never,
      );
    } catch (error) {
      // The load balancer sends the next request elsewhere half the time.
      if (error instanceof ApiError && error.status === 0 && Math.random() < 0.5)
        this.instance = (this.instance + 1) % instances.length;
      throw error;
    } finally {
      clearTimeout(timer);
      flights.delete(flight);
    }
  }

  /** The transport of the real AnswerSync: fetch, abortable, failing while offline. */
  send(page: Page) {
    return async (attemptId: string, answers: PendingAnswer[]) => {
      if (page.dead) return never<{ rejected: string[] }>();
      const controller = new AbortController();
      page.controllers.add(controller);
      if (Math.random() < P_ABORT) {
        count("requests aborted mid-flight");
        setTimeout(() => controller.abort(), rand(0, 30));
      }
      try {
        const result = await this.request<{ rejected: string[] }>(
          "POST",
          `/api/attempts/${attemptId}/answers`,
          { answers },
          controller.signal,
        );
        if (page.dead) return never<{ rejected: string[] }>();
        count("saves acknowledged");
        for (const a of answers) {
          if (result.rejected.includes(a.questionId)) continue;
          const seen = this.acked.get(a.questionId);
          if (!seen || seen.seq < a.clientSeq)
            this.acked.set(a.questionId, { seq: a.clientSeq, answer: a.selectedAnswer as Key });
        }
        return result;
      } catch (error) {
        if (page.dead) return never<{ rejected: string[] }>();
        const status = error instanceof ApiError ? error.status : -1;
        count(
          `saves failed: ${status === 0 ? "network" : status === -1 ? "reply cut off" : `HTTP ${status}`}`,
        );
        if (status === 409 || status === 404) {
          // AnswerSync drops the whole queue on this answer (the attempt is closed): the batch
          // and anything chosen while it was in flight.
          const reason = error instanceof Error ? error.message : String(error);
          for (const a of [...answers, ...this.queued().values()])
            this.refused.set(a.questionId, {
              seq: a.clientSeq,
              answer: a.selectedAnswer as Key,
              reason,
            });
        }
        throw error;
      } finally {
        page.controllers.delete(controller);
      }
    };
  }

  /** A page load: the attempt from the server, the queue from localStorage, a new AnswerSync. */
  async load(): Promise<boolean> {
    for (let i = 0; i < 60; i += 1) {
      this.step = `loading the attempt page (try ${i + 1})`;
      try {
        const view = await this.request<{
          status: string;
          attempt: { deadlineAt: string };
          answers: { clientSeq: number }[];
        }>("GET", `/api/attempts/${this.attemptId}`);
        if (view.status !== "in_progress") return false;
        this.seqFloor = Math.max(this.seqFloor, ...view.answers.map((a) => a.clientSeq));
        const page: Page = { dead: false, controllers: new Set(), sync: null as never };
        page.sync = new AnswerSync({
          attemptId: this.attemptId,
          queue: new AnswerQueue(this.attemptId, this.storage),
          send: this.send(page),
          onRejected: () => count("answers rejected (question removed)"),
        });
        this.page = page;
        // As the hook does on mount: replay what the last page left queued.
        if (page.sync.pending().length > 0) void page.sync.flush();
        return true;
      } catch {
        await sleep(3000);
      }
    }
    throw new Error(`student ${this.index}: the attempt page never loaded`);
  }

  /** Memory lost, localStorage kept; in-flight requests die with the page. */
  async reload() {
    const page = this.page;
    if (!page) return;
    count("page reloads");
    this.step = "reloading";
    page.dead = true;
    page.sync.cancelRetry();
    for (const c of page.controllers) c.abort();
    this.page = null;
    await sleep(rand(500, 3000));
    if (!(await this.load())) this.outcome = "completed while reloading";
  }

  goOffline(seconds: number) {
    count("offline periods");
    this.offlineUntil = Date.now() + seconds * 1000;
    // Half the time the browser says it is back online (the hook flushes); else the backoff.
    if (Math.random() < 0.5) {
      setTimeout(() => void this.page?.sync.flush(), seconds * 1000 + 10);
    }
  }

  async run(t0: number) {
    await sleep(Math.max(0, t0 + Math.random() * CONFIG.spreadS * 1000 - Date.now()));
    let session: { attempt: { id: string; deadlineAt: string }; questions: { id: string }[] };
    for (let i = 0; ; i += 1) {
      this.step = `starting the attempt (try ${i + 1})`;
      try {
        session = await this.request("POST", `/api/exams/${this.exam.id}/attempts`);
        break;
      } catch (error) {
        if (i >= 40) throw error;
        await sleep(2000);
      }
    }
    this.attemptId = session.attempt.id;
    this.deadline = Date.parse(session.attempt.deadlineAt);
    if (!(await this.load())) {
      this.outcome = "completed before its page loaded";
      return;
    }
    const order = session.questions.map((q) => q.id);

    // This student's faults, at random moments of the exam.
    const span = ((CONFIG.paceS[0] + CONFIG.paceS[1]) / 2) * order.length * 1000;
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (Math.random() < P_OFFLINE)
      timers.push(
        setTimeout(
          () => this.goOffline(rand(CONFIG.offlineS[0], CONFIG.offlineS[1])),
          rand(0, span),
        ),
      );
    let reloadAt = Math.random() < P_RELOAD ? Date.now() + rand(0, span) : Infinity;

    const answered: string[] = [];
    const choose = (questionId: string) => {
      const previous = this.chosen.get(questionId)?.seq ?? 0;
      const answer = pick(KEYS);
      const seq = nextClientSeq(Date.now(), Math.max(this.seqFloor, previous));
      this.chosen.set(questionId, { seq, answer });
      this.page?.sync.record({
        questionId,
        selectedAnswer: answer,
        markedForReview: false,
        clientSeq: seq,
      });
    };
    for (const [n, questionId] of order.entries()) {
      this.step = `answering question ${n + 1} of ${order.length}`;
      await sleep(rand(CONFIG.paceS[0], CONFIG.paceS[1]) * 1000);
      if (Date.now() > reloadAt && this.page) {
        reloadAt = Infinity;
        await this.reload();
      }
      if (!this.page || Date.now() >= this.deadline - 1000) break;
      choose(questionId);
      answered.push(questionId);
      if (Math.random() < 0.15) choose(pick(answered));
    }
    for (const t of timers) clearTimeout(t);
    if (!this.page) return;
    if (Math.random() < P_LEAVE) {
      // Closes the tab once the indicator says saved (bounded); the sweeper grades it.
      this.step = "waiting for saved before leaving";
      for (let i = 0; i < 60 && this.page.sync.pending().length > 0; i += 1) await sleep(2000);
      this.page.dead = true;
      this.page.sync.cancelRetry();
      this.outcome = "left";
      return;
    }
    await this.submit();
  }

  /**
   * The attempt screen's own submit (AnswerSync#submit: every queued answer first, then the
   * submit, each retried while unreachable); after a refusal the student presses Submit again.
   */
  async submit() {
    const page = this.page as Page;
    const flushUntil = this.deadline + GRACE_MS + 120_000;
    const failed = (error: unknown) =>
      count(`submits failed: ${error instanceof ApiError ? error.status || "network" : "?"}`);
    for (let press = 1; press <= SUBMIT_PRESSES; press += 1) {
      this.step = `submitting (press ${press})`;
      const outcome = await page.sync.submit(
        () =>
          this.request<{ attempt: { score: number } }>(
            "POST",
            `/api/attempts/${this.attemptId}/submit`,
          ),
        {
          flushUntil,
          onRetry: ({ phase, attempt, error }) => {
            if (phase === "submit") failed(error);
            this.step = `${phase === "flush" ? "flushing the queue before submit" : "submitting"} (press ${press}, try ${attempt + 1})`;
          },
        },
      );
      switch (outcome.status) {
        case "submitted":
          this.submittedScore = outcome.review.attempt.score;
          this.outcome = "submitted";
          return;
        case "signed-out":
          this.outcome = "signed out";
          return;
        case "unsent":
          this.outcome = "could not send its answers";
          return;
        case "failed":
          failed(outcome.error);
          await sleep(3000);
      }
    }
    this.outcome = "could not submit";
  }
}

/** For each student still running: the step it awaits, its sync's state, its open requests. */
function stuckReport(students: Student[]): string[] {
  const now = Date.now();
  return students
    .filter((s) => s.outcome === "running")
    .map((s) => {
      const sync = s.page?.sync as unknown as { inFlight: unknown; status: string } | undefined;
      const open = [...flights]
        .filter((f) => f.student === s.index)
        .map((f) => `${f.what} on ${f.instance} for ${Math.round((now - f.since) / 1000)} s`);
      return `stuck student ${s.index}: ${s.step}; page ${s.page ? `sync ${sync?.status}, ${sync?.inFlight ? "a send in flight" : "no send in flight"}, ${s.page.sync.pending().length} queued` : "none"}; requests: ${open.join("; ") || "none"}`;
    });
}

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
  instances = await createInstances(2, scratch.url, { SWEEP_INTERVAL_SECONDS: String(SWEEP_S) });
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
