// npm run bench:exam -- [--students 1000] [--concurrency 50] [--questions 100] [--bank 5000] [--baseline]
//
// N simulated students open the same exam, save an answer for every question (one request per
// answer, as the app does) and submit, as fast as the server allows. The server runs as its own
// process (`tsx src/server/index.ts`) on DATABASE_URL (a fresh database is created next to the
// one named, and dropped afterwards) or, without it, on a fresh embedded database. Afterwards the
// server is stopped and the database is checked directly: every answer sent must be stored and
// every attempt graded with the expected score.
//
// --baseline (PostgreSQL only) measures the saves alone against the hardware floor: all students
// start first, then the answer saves are timed as their own phase, then everyone submits. The
// save phase alternates, slice by slice of students (--rounds), between the app and a bare Hono
// process doing one upsert per request (bench/lib/baseline-server.ts), driven with the same client
// code, request count and concurrency; both lines and their ratio are printed. --profile writes a V8 CPU profile of the server's measured run (the server restarts
// after set-up, so sign-up hashing stays out of it); `tsx bench/lib/profile-summary.ts` lists the
// top self-time functions.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import { examAttempts, studentAnswers } from "../src/server/db/schema/exams.ts";
import { createScratchDatabase } from "../src/server/db/scratch-database.ts";
import { CSV_REQUIRED_HEADERS } from "../src/shared/question-csv.ts";
import { addCpu, type CpuReading, cpuPerRequest, readCpu } from "./lib/cpu.ts";
import { csvImportForm } from "./lib/exam-setup.ts";
import { addQuestionBank, DEFAULT_BANK } from "./lib/question-bank.ts";
import { cookieOf, pct, pool } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "50" },
    questions: { type: "string", default: "100" },
    port: { type: "string", default: "3900" },
    keep: { type: "boolean", default: false },
    /** Write a V8 CPU profile of the server to .reports/profile/. */
    profile: { type: "boolean", default: false },
    /** Time the save phase alone and compare it with a bare one-upsert server (PostgreSQL). */
    baseline: { type: "boolean", default: false },
    /** --baseline: the save phase alternates app and baseline over this many slices of students. */
    rounds: { type: "string", default: "4" },
    /** Questions of other exams in the database (bench/lib/question-bank.ts): a real install's bank. */
    bank: { type: "string", default: String(DEFAULT_BANK) },
  },
});
const STUDENTS = Number(values.students);
const CONCURRENCY = Number(values.concurrency);
const QUESTIONS = Number(values.questions);
const PORT = Number(values.port);
const ROUNDS = Math.max(1, Number(values.rounds));
const BASE = `http://127.0.0.1:${PORT}`;
const BASELINE_PORT = PORT + 1;
/** Where `call` sends requests: the app, or the baseline server in --baseline's second run. */
let target = BASE;
const KEYS = ["A", "B", "C", "D"] as const;

type Stats = { name: string; ms: number[]; errors: number };
const stats = new Map<string, Stats>();
function record(name: string, ms: number, ok: boolean) {
  const s = stats.get(name) ?? { name, ms: [], errors: 0 };
  s.ms.push(ms);
  if (!ok) s.errors += 1;
  stats.set(name, s);
}

async function call(
  name: string,
  method: string,
  urlPath: string,
  body?: unknown,
  cookie?: string,
) {
  const started = performance.now();
  let response: Response | null = null;
  try {
    response = await fetch(target + urlPath, {
      method,
      headers: {
        origin: BASE,
        ...(body === undefined || body instanceof FormData
          ? {}
          : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await response.text();
    record(name, performance.now() - started, response.ok);
    if (!response.ok) throw new Error(`${name} ${response.status} ${text.slice(0, 200)}`);
    return { json: text ? JSON.parse(text) : null, response };
  } catch (error) {
    if (!response) record(name, performance.now() - started, false);
    throw error;
  }
}

/** The answer student s gives to question q: right two times in three. */
function chosenAnswer(s: number, q: number, correct: string): string {
  return (s + q) % 3 === 0 ? (KEYS.find((k) => k !== correct) ?? "A") : correct;
}

const statsLine = (s: Stats, seconds: number) =>
  `${s.name.padEnd(8)} ${String(s.ms.length).padStart(7)} req  ${(s.ms.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${pct(s.ms, 50).toFixed(1)} ms  p95 ${pct(s.ms, 95).toFixed(1)} ms  p99 ${pct(s.ms, 99).toFixed(1)} ms  errors ${s.errors}`;

/** One request per answer, in order, as the app sends them; `name` files the timings. */
async function saveEveryAnswer(
  cookie: string,
  attemptId: string,
  s: number,
  questionIds: string[],
  name = "answer",
) {
  let seq = 0;
  for (const [q, questionId] of questionIds.entries()) {
    const correct = KEYS[q % 4] as string;
    await call(
      name,
      "POST",
      `/api/attempts/${attemptId}/answers`,
      {
        answers: [
          {
            questionId,
            selectedAnswer: chosenAnswer(s, q, correct),
            markedForReview: false,
            clientSeq: ++seq,
          },
        ],
      },
      cookie,
    );
  }
}

/**
 * --baseline's save phase: the students in `ROUNDS` slices; each slice saves every answer on the
 * app and then the same answers on bench/lib/baseline-server.ts (the other way round every second
 * slice), with the same client code and concurrency, so a change in the machine's load lands on
 * both sides. Adds each side's time to `seconds` ("answer", "baseline"); returns app failures.
 */
async function compareSaves(
  url: string,
  appPid: number | undefined,
  students: { cookie: string; attemptId: string }[],
  questionIds: string[][],
  seconds: Map<string, number>,
  cpu: Map<string, CpuReading>,
) {
  const floor = await startBaselineServer(url);
  let failures = 0;
  try {
    for (let r = 0; r < ROUNDS; r += 1) {
      const slice = students
        .map((_, s) => s)
        .slice(
          Math.floor((r * students.length) / ROUNDS),
          Math.floor(((r + 1) * students.length) / ROUNDS),
        );
      const sides =
        r % 2 === 0 ? (["answer", "baseline"] as const) : (["baseline", "answer"] as const);
      for (const side of sides) {
        target = side === "answer" ? BASE : `http://127.0.0.1:${BASELINE_PORT}`;
        const pid = side === "answer" ? appPid : floor.pid;
        const cpuBefore = readCpu(pid);
        const started = performance.now();
        const failed = await pool(slice, CONCURRENCY, async (s) => {
          const student = students[s] as { cookie: string; attemptId: string };
          await saveEveryAnswer(student.cookie, student.attemptId, s, questionIds[s] ?? [], side);
        });
        seconds.set(side, (seconds.get(side) ?? 0) + (performance.now() - started) / 1000);
        const spent = cpu.get(side) ?? { server: 0, postgres: 0, client: 0 };
        addCpu(spent, cpuBefore, readCpu(pid));
        cpu.set(side, spent);
        if (side === "baseline" && failed) throw new Error(`baseline: ${failed} students failed`);
        failures += failed;
      }
    }
  } finally {
    target = BASE;
    await stopServer(floor);
  }
  return failures;
}

async function prepareDatabase(): Promise<{
  url?: string;
  dataDir?: string;
  cleanup: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-exam-"));
    return { dataDir, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const scratch = await createScratchDatabase(base, "bench_exam");
  return { url: scratch.url, cleanup: async () => (values.keep ? undefined : scratch.drop()) };
}

async function waitForHealth(base: string, child: ChildProcess, what: string) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

let filesDir: string | undefined;

async function startServer(
  db: { url?: string; dataDir?: string },
  options: { profile?: boolean } = {},
): Promise<ChildProcess> {
  // One files folder for every restart: it holds the secret that signs the session cookies.
  filesDir ??= mkdtempSync(path.join(tmpdir(), "bench-exam-files-"));
  const dataDir = db.dataDir ?? filesDir;
  const nodeArgs = options.profile ? ["--cpu-prof", "--cpu-prof-dir=.reports/profile"] : [];
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "src/server/index.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000000",
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return waitForHealth(BASE, child, "server");
}

/** The floor: bench/lib/baseline-server.ts on the same scratch database. */
async function startBaselineServer(url: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "lib", "baseline-server.ts")],
    {
      env: { ...process.env, PORT: String(BASELINE_PORT), DATABASE_URL: url },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return waitForHealth(`http://127.0.0.1:${BASELINE_PORT}`, child, "baseline server");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

async function main() {
  if (values.baseline && !process.env.DATABASE_URL) {
    throw new Error("--baseline needs DATABASE_URL (the floor is one PostgreSQL upsert)");
  }
  const db = await prepareDatabase();
  console.log(
    `database: ${db.url ? "PostgreSQL" : "embedded PGlite"}; ${STUDENTS} students, ${QUESTIONS} questions (a bank of ${values.bank} more), concurrency ${CONCURRENCY}`,
  );
  let server = await startServer(db);
  try {
    // Admin, exam and questions through the API; the admin is created with the CLI's own code.
    const adminEmail = `bench-admin-${Date.now()}@example.com`;
    await stopServer(server); // PGlite is single-process: create the admin while the server is down.
    const direct = await openDatabase({
      databaseUrl: db.url,
      dataDir: db.dataDir && path.join(db.dataDir, "db"),
    });
    const { createAdmin } = await import("../src/server/modules/account/create-admin.ts");
    await createAdmin(direct.db, {
      email: adminEmail,
      password: "bench-pass-Tq7-92",
      name: "Bench Admin",
    });
    await addQuestionBank(direct.db, Number(values.bank));
    await direct.close();
    server = await startServer(db);
    const adminCookie = cookieOf(
      (
        await call("setup", "POST", "/api/auth/sign-in/email", {
          email: adminEmail,
          password: "bench-pass-Tq7-92",
        })
      ).response,
    );
    const category = (
      await call(
        "setup",
        "POST",
        "/api/admin/categories",
        { name: `Bench ${Date.now()}` },
        adminCookie,
      )
    ).json;
    const exam = (
      await call(
        "setup",
        "POST",
        "/api/admin/exams",
        {
          title: "Bench exam",
          categoryId: category.id,
          timeLimitSeconds: 3 * 3600,
          passingMarks: 60,
        },
        adminCookie,
      )
    ).json;
    const csv = [CSV_REQUIRED_HEADERS.join(",")];
    for (let q = 0; q < QUESTIONS; q += 1)
      csv.push(`Bench question ${q}?,One,Two,Three,Four,${KEYS[q % 4]},Because.`);
    await call(
      "setup",
      "POST",
      "/api/admin/questions/import",
      csvImportForm({ examId: exam.id }, csv.join("\n")),
      adminCookie,
    );

    // Students sign up and sign in (set-up, not measured).
    const setupStarted = performance.now();
    const students: { email: string; cookie: string; attemptId?: string }[] = Array.from(
      { length: STUDENTS },
      (_, s) => ({
        email: `bench-${Date.now()}-${s}@example.com`,
        cookie: "",
      }),
    );
    const signupFailures = await pool(students, 8, async (student) => {
      await call("setup", "POST", "/api/auth/sign-up/email", {
        name: "Bench Student",
        email: student.email,
        password: "bench-pass-Tq7-92",
        metadata: { full_name: "Bench Student" },
      });
      student.cookie = cookieOf(
        (
          await call("setup", "POST", "/api/auth/sign-in/email", {
            email: student.email,
            password: "bench-pass-Tq7-92",
          })
        ).response,
      );
    });
    if (signupFailures) throw new Error(`${signupFailures} students could not sign up`);
    console.log(
      `set-up: ${STUDENTS} students signed up and in, ${Math.round((performance.now() - setupStarted) / 1000)} s`,
    );
    stats.clear();
    const startAttemptOf = async (student: (typeof students)[number]) => {
      const session = (
        await call("start", "POST", `/api/exams/${exam.id}/attempts`, undefined, student.cookie)
      ).json as { attempt: { id: string }; questions: { id: string }[] };
      student.attemptId = session.attempt.id;
      return session;
    };
    const questionIdsOf = (session: { questions: { id: string }[] }) =>
      session.questions.map((q) => q.id);
    const submitOf = async (student: (typeof students)[number]) => {
      await call(
        "submit",
        "POST",
        `/api/attempts/${student.attemptId}/submit`,
        undefined,
        student.cookie,
      );
    };
    if (values.profile) {
      // A fresh server process for the measured run, so its profile leaves out set-up.
      await stopServer(server);
      server = await startServer(db, { profile: true });
    }

    const saveAll = (student: (typeof students)[number], s: number, questionIds: string[]) =>
      saveEveryAnswer(student.cookie, student.attemptId as string, s, questionIds);
    let seconds: number;
    let failures: number;
    /** --baseline: each phase's own duration, for its req/s. */
    const phaseSeconds = new Map<string, number>();
    /** --baseline: CPU spent by server, PostgreSQL and client in each side's save phase. */
    const phaseCpu = new Map<string, CpuReading>();
    const questionIds: string[][] = [];
    if (!values.baseline) {
      // The measured run: each student starts, answers every question and submits.
      const started = performance.now();
      failures = await pool(students, CONCURRENCY, async (student, s) => {
        const session = await startAttemptOf(student);
        await saveAll(student, s, questionIdsOf(session));
        await submitOf(student);
      });
      seconds = (performance.now() - started) / 1000;
    } else {
      // The same work in three timed phases, so the saves are measured alone (and compared).
      const started = performance.now();
      const startCpu = readCpu(server.pid);
      failures = await pool(students, CONCURRENCY, async (student, s) => {
        questionIds[s] = questionIdsOf(await startAttemptOf(student));
      });
      phaseSeconds.set("start", (performance.now() - started) / 1000);
      phaseCpu.set("start", { server: 0, postgres: 0, client: 0 });
      addCpu(phaseCpu.get("start") as CpuReading, startCpu, readCpu(server.pid));
      failures += await compareSaves(
        db.url as string,
        server.pid,
        students as { cookie: string; attemptId: string }[],
        questionIds,
        phaseSeconds,
        phaseCpu,
      );
      const submitStarted = performance.now();
      const submitCpu = readCpu(server.pid);
      failures += await pool(students, CONCURRENCY, submitOf);
      phaseSeconds.set("submit", (performance.now() - submitStarted) / 1000);
      phaseCpu.set("submit", { server: 0, postgres: 0, client: 0 });
      addCpu(phaseCpu.get("submit") as CpuReading, submitCpu, readCpu(server.pid));
      seconds = (performance.now() - started) / 1000;
    }
    const all = [...stats.values()];
    const requests = all.reduce((n, s) => n + s.ms.length, 0);
    const errors = all.reduce((n, s) => n + s.errors, 0) + failures;
    for (const s of all) {
      console.log(statsLine(s, phaseSeconds.get(s.name) ?? seconds));
    }
    const app = stats.get("answer");
    const floor = stats.get("baseline");
    if (values.baseline && app && floor) {
      const throughput =
        app.ms.length /
        (phaseSeconds.get("answer") ?? 1) /
        (floor.ms.length / (phaseSeconds.get("baseline") ?? 1));
      const p99 = pct(app.ms, 99) / pct(floor.ms, 99);
      console.log(
        `save/baseline throughput ${throughput.toFixed(2)}, p99 ratio ${p99.toFixed(1)} (load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")})`,
      );
      for (const [phase, spent] of phaseCpu) {
        const count = stats.get(phase)?.ms.length ?? 0;
        if (count) console.log(`cpu per ${phase}: ${cpuPerRequest(spent, count)}`);
      }
    }
    await stopServer(server);

    // Verify in the database.
    const check = await openDatabase({
      databaseUrl: db.url,
      dataDir: db.dataDir && path.join(db.dataDir, "db"),
    });
    const attemptIds = students.flatMap((s) => (s.attemptId ? [s.attemptId] : []));
    const [saved] = await check.db
      .select({ n: sql<number>`count(*)::int` })
      .from(studentAnswers)
      .where(
        and(
          inArray(studentAnswers.attemptId, attemptIds),
          isNotNull(studentAnswers.selectedAnswer),
        ),
      );
    const completed = await check.db
      .select({ id: examAttempts.id, score: examAttempts.score })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, exam.id), isNotNull(examAttempts.completedAt)));
    const expectedScores = new Map(
      students.map((student, s) => {
        let right = 0;
        for (let q = 0; q < QUESTIONS; q += 1) if ((s + q) % 3 !== 0) right += 1;
        return [student.attemptId, ((right / QUESTIONS) * 100).toFixed(2)];
      }),
    );
    const wrongScores = completed.filter((a) => expectedScores.get(a.id) !== a.score).length;
    await check.close();
    const expectedAnswers = STUDENTS * QUESTIONS;
    const lost = expectedAnswers - (saved?.n ?? 0);
    const missingResults = STUDENTS - completed.length;
    console.log(
      `results: ${completed.length} of ${STUDENTS} graded, ${wrongScores} with a wrong score, ${missingResults} missing`,
    );
    console.log(
      `${STUDENTS} students, ${saved?.n ?? 0} answers, ${errors + wrongScores + missingResults} errors, ${lost} lost answers, ${Math.round(requests / seconds)} req/s`,
    );
    process.exitCode = errors + lost + wrongScores + missingResults === 0 ? 0 : 1;
  } finally {
    if (server.exitCode === null) await stopServer(server).catch(() => {});
    await db.cleanup();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
