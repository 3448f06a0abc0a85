// npm run bench:exam -- [--students 1000] [--concurrency 50] [--questions 100]
//
// N simulated students open the same exam, save an answer for every question (one request per
// answer, as the app does) and submit, as fast as the server allows. The server runs as its own
// process (`tsx src/server/index.ts`) on DATABASE_URL (a fresh database is created next to the
// one named, and dropped afterwards) or, without it, on a fresh embedded database. Afterwards the
// server is stopped and the database is checked directly: every answer sent must be stored and
// every attempt graded with the expected score.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client.ts";
import { examAttempts, studentAnswers } from "../src/server/db/schema/exams.ts";
import { createScratchDatabase } from "../src/server/db/scratch-database.ts";
import { cookieOf, LatencyStats, pool } from "./lib/stats.ts";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "50" },
    questions: { type: "string", default: "100" },
    port: { type: "string", default: "3900" },
    keep: { type: "boolean", default: false },
    /** Write a V8 CPU profile of the server to .reports/profile/. */
    profile: { type: "boolean", default: false },
  },
});
const STUDENTS = Number(values.students);
const CONCURRENCY = Number(values.concurrency);
const QUESTIONS = Number(values.questions);
const PORT = Number(values.port);
const BASE = `http://127.0.0.1:${PORT}`;
const KEYS = ["A", "B", "C", "D"] as const;

const stats = new LatencyStats();
const record = (name: string, ms: number, ok: boolean) => stats.record(name, ms, ok);

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
    response = await fetch(BASE + urlPath, {
      method,
      headers: {
        origin: BASE,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
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

async function startServer(db: { url?: string; dataDir?: string }): Promise<ChildProcess> {
  const dataDir = db.dataDir ?? mkdtempSync(path.join(tmpdir(), "bench-exam-files-"));
  const nodeArgs = values.profile ? ["--cpu-prof", "--cpu-prof-dir=.reports/profile"] : [];
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
  for (let i = 0; i < 600; i += 1) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function stopServer(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

async function main() {
  const db = await prepareDatabase();
  console.log(
    `database: ${db.url ? "PostgreSQL" : "embedded PGlite"}; ${STUDENTS} students, ${QUESTIONS} questions, concurrency ${CONCURRENCY}`,
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
      password: "bench-pass",
      name: "Bench Admin",
    });
    await direct.close();
    server = await startServer(db);
    const adminCookie = cookieOf(
      (
        await call("setup", "POST", "/api/auth/sign-in/email", {
          email: adminEmail,
          password: "bench-pass",
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
    const csv = ["question_text,option_a,option_b,option_c,option_d,correct_answer,explanation"];
    for (let q = 0; q < QUESTIONS; q += 1)
      csv.push(`Bench question ${q}?,One,Two,Three,Four,${KEYS[q % 4]},Because.`);
    await call(
      "setup",
      "POST",
      "/api/admin/questions/import",
      { examId: exam.id, csv: csv.join("\n") },
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
        password: "bench-pass",
        metadata: { full_name: "Bench Student" },
      });
      student.cookie = cookieOf(
        (
          await call("setup", "POST", "/api/auth/sign-in/email", {
            email: student.email,
            password: "bench-pass",
          })
        ).response,
      );
    });
    if (signupFailures) throw new Error(`${signupFailures} students could not sign up`);
    console.log(
      `set-up: ${STUDENTS} students signed up and in, ${Math.round((performance.now() - setupStarted) / 1000)} s`,
    );
    stats.clear();

    // The measured run.
    const started = performance.now();
    const failures = await pool(students, CONCURRENCY, async (student, s) => {
      const session = (
        await call("start", "POST", `/api/exams/${exam.id}/attempts`, undefined, student.cookie)
      ).json;
      student.attemptId = session.attempt.id;
      let seq = 0;
      for (const [q, question] of session.questions.entries()) {
        const correct = KEYS[q % 4] as string;
        await call(
          "answer",
          "POST",
          `/api/attempts/${session.attempt.id}/answers`,
          {
            answers: [
              {
                questionId: question.id,
                selectedAnswer: chosenAnswer(s, q, correct),
                markedForReview: false,
                clientSeq: ++seq,
              },
            ],
          },
          student.cookie,
        );
      }
      await call(
        "submit",
        "POST",
        `/api/attempts/${session.attempt.id}/submit`,
        undefined,
        student.cookie,
      );
    });
    const seconds = (performance.now() - started) / 1000;
    const all = stats.all();
    const requests = all.reduce((n, s) => n + s.ms.length, 0);
    const errors = all.reduce((n, s) => n + s.errors, 0) + failures;
    for (const line of stats.lines(seconds)) console.log(line);
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
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
