// Set-up and the final database check shared by the exam benchmarks (storm, chaos): a scratch
// PostgreSQL database, an admin, one exam with negative marking, students inserted directly
// (one precomputed password hash) and signed in through the real API, and a grading log kept
// by a trigger in the scratch database only (it proves each attempt was graded exactly once).
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../../src/server/auth/password.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { account, user } from "../../src/server/db/schema/auth.ts";
import { examAttempts, questions, studentAnswers } from "../../src/server/db/schema/exams.ts";
import { createScratchDatabase } from "../../src/server/db/scratch-database.ts";
import { createAdmin } from "../../src/server/modules/account/create-admin.ts";
import { prepareDatabase } from "../../src/server/prepare-database.ts";
import { CSV_REQUIRED_HEADERS } from "../../src/shared/question-csv.ts";
import type { AppInstance } from "./instances.ts";
import { addQuestionBank, DEFAULT_BANK } from "./question-bank.ts";
import { cookieOf, pool } from "./stats.ts";

export const KEYS = ["A", "B", "C", "D"] as const;
export type Key = (typeof KEYS)[number];
export const PASSWORD = "bench-pass-Tq7-92";
/** UPSC-style marking: 2 marks a question, a quarter off for a wrong answer. */
const MARKS = 2;
const PENALTY = 0.25;

/** A fresh database next to the one DATABASE_URL names (dropped by `drop`). */
export async function scratchDatabase(prefix: string) {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith("postgres")) {
    throw new Error(
      "Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test",
    );
  }
  return createScratchDatabase(base, prefix);
}

/** Migrations, the admin, `count` students (verified, one shared hash) and the grading log. */
export async function seedPeople(url: string, count: number) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await prepareDatabase(database, { seedDemo: false });
    const stamp = Date.now();
    const adminEmail = `bench-admin-${stamp}@example.com`;
    await createAdmin(database.db, { email: adminEmail, password: PASSWORD, name: "Bench Admin" });
    const hash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: count }, (_, i) => `bench-${stamp}-${i}@example.com`);
    const now = new Date();
    for (let i = 0; i < emails.length; i += 500) {
      const chunk = emails.slice(i, i + 500).map((email) => ({
        id: crypto.randomUUID().replaceAll("-", ""),
        email,
      }));
      // The profile (role student) is created by the trigger of decision 002.
      await database.db.insert(user).values(
        chunk.map((c) => ({
          id: c.id,
          name: "Bench Student",
          email: c.email,
          emailVerified: true,
          metadata: { full_name: "Bench Student" },
          createdAt: now,
          updatedAt: now,
        })),
      );
      await database.db.insert(account).values(
        chunk.map((c) => ({
          id: crypto.randomUUID().replaceAll("-", ""),
          accountId: c.id,
          providerId: "credential",
          userId: c.id,
          password: hash,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    await database.db.execute(sql.raw(GRADE_LOG_SQL));
    return { adminEmail, emails };
  } finally {
    await database.close();
  }
}

const GRADE_LOG_SQL = `
create table bench_grade_log (
  attempt_id uuid not null, event text not null, score numeric, at timestamptz not null default clock_timestamp()
);
create function bench_log_grade() returns trigger language plpgsql as $$
begin
  if old.completed_at is null and new.completed_at is not null then
    insert into bench_grade_log (attempt_id, event, score) values (new.id, 'graded', new.score);
  elsif old.completed_at is not null and (new.completed_at is distinct from old.completed_at
        or new.score is distinct from old.score) then
    insert into bench_grade_log (attempt_id, event, score) values (new.id, 'regraded', new.score);
  end if;
  return new;
end $$;
create trigger bench_log_grade after update on exam_attempts
  for each row execute function bench_log_grade();`;

/** A JSON request to an instance, as the browser sends it (Origin of that instance). */
/** The question import's form: the CSV text as a UTF-8 file, and the target's id. */
export function csvImportForm(target: { examId?: string; quizId?: string }, csv: string): FormData {
  const form = new FormData();
  form.append("file", new File([csv], "questions.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(target)) if (value) form.append(name, value);
  return form;
}

/** A request to the server: a body as JSON, or a FormData as multipart. */
export async function api(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const isForm = options.body instanceof FormData;
  return fetch(base + urlPath, {
    method,
    headers: {
      origin: base,
      ...(options.body === undefined || isForm ? {} : { "content-type": "application/json" }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function json(response: Response, what: string) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

export async function signIn(base: string, email: string): Promise<string> {
  const r = await api(base, "POST", "/api/auth/sign-in/email", {
    body: { email, password: PASSWORD },
  });
  await json(r, `sign-in ${email}`);
  return cookieOf(r);
}

export type BenchExam = { id: string; keys: Map<string, Key>; questionIds: string[] };

/** The exam, through the admin API: `count` questions, keys A, B, C, D in turn. */
export async function createExam(
  url: string,
  base: string,
  adminEmail: string,
  options: { questions: number; timeLimitSeconds: number; bank?: number },
): Promise<BenchExam> {
  const cookie = await signIn(base, adminEmail);
  const category = await json(
    await api(base, "POST", "/api/admin/categories", {
      body: { name: `Bench ${Date.now()}` },
      cookie,
    }),
    "category",
  );
  const exam = await json(
    await api(base, "POST", "/api/admin/exams", {
      body: {
        title: "Bench exam",
        categoryId: category.id,
        timeLimitSeconds: options.timeLimitSeconds,
        passingMarks: 33,
        marksPerQuestion: MARKS,
        negativeMarkFraction: PENALTY,
      },
      cookie,
    }),
    "exam",
  );
  const csv = [CSV_REQUIRED_HEADERS.join(",")];
  for (let q = 0; q < options.questions; q += 1)
    csv.push(`Bench question ${q}?,One,Two,Three,Four,${KEYS[q % 4]},Because.`);
  await json(
    await api(base, "POST", "/api/admin/questions/import", {
      body: csvImportForm({ examId: exam.id }, csv.join("\n")),
      cookie,
    }),
    "questions",
  );
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await addQuestionBank(database.db, options.bank ?? DEFAULT_BANK);
    const rows = await database.db
      .select({ id: questions.id, key: questions.correctAnswer })
      .from(questions)
      .where(eq(questions.examId, exam.id));
    return {
      id: exam.id,
      keys: new Map(rows.map((r) => [r.id, r.key as Key])),
      questionIds: rows.map((r) => r.id),
    };
  } finally {
    await database.close();
  }
}

/** Signs every email in through the real API, spread over the instances. */
export async function signInAll(emails: string[], instances: AppInstance[], concurrency = 8) {
  const cookies: string[] = new Array(emails.length).fill("");
  const failures = await pool(emails, concurrency, async (email, i) => {
    cookies[i] = await signIn((instances[i % instances.length] as AppInstance).base, email);
  });
  if (failures) throw new Error(`${failures} students could not sign in`);
  return cookies;
}

/** The score the exam's rules give, computed here independently of the server. */
export function expectedScore(
  stored: Map<string, { answer: string | null }>,
  keys: Map<string, Key>,
): string {
  let marks = 0;
  for (const [questionId, key] of keys) {
    const answer = stored.get(questionId)?.answer ?? null;
    if (answer === null) continue;
    marks += answer === key ? MARKS : -MARKS * PENALTY;
  }
  // Hundredths of a percent, halves rounded up (towards +infinity) as the app's rule does.
  return (Math.round((marks / (keys.size * MARKS)) * 10000) / 100).toFixed(2);
}

export type StoredAnswer = { seq: number; answer: string | null };
export type AttemptCheck = {
  attempts: number;
  graded: number;
  notGraded: string[];
  badGrading: string[];
  wrongScore: string[];
  stored: Map<string, Map<string, StoredAnswer>>;
  scores: Map<string, string | null>;
  /** Completed at its deadline: time ran out (the sweeper or a late page load graded it). */
  timedOut: Set<string>;
};

/**
 * Reads every attempt of the exam back: grading log, stored answers, scores recomputed. `live`:
 * the attempts at the exam's live test (they belong to the live test, not to the exam).
 */
export async function checkAttempts(
  url: string,
  exam: BenchExam,
  options: { live?: boolean } = {},
): Promise<AttemptCheck> {
  const ofExam = options.live
    ? eq(examAttempts.liveTestId, exam.id)
    : eq(examAttempts.examId, exam.id);
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const attempts = await database.db
      .select({
        id: examAttempts.id,
        score: examAttempts.score,
        completedAt: examAttempts.completedAt,
        deadlineAt: examAttempts.deadlineAt,
      })
      .from(examAttempts)
      .where(ofExam);
    const answers = await database.db
      .select({
        attemptId: studentAnswers.attemptId,
        questionId: studentAnswers.questionId,
        answer: studentAnswers.selectedAnswer,
        seq: studentAnswers.clientSeq,
      })
      .from(studentAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, studentAnswers.attemptId))
      .where(ofExam);
    const log = (
      (await database.db.execute(
        sql`select attempt_id, event from bench_grade_log`,
      )) as unknown as { rows: { attempt_id: string; event: string }[] }
    ).rows;
    const stored = new Map<string, Map<string, StoredAnswer>>();
    for (const a of answers) {
      const m = stored.get(a.attemptId) ?? new Map<string, StoredAnswer>();
      m.set(a.questionId, { seq: Number(a.seq), answer: a.answer });
      stored.set(a.attemptId, m);
    }
    const gradings = new Map<string, number>();
    for (const l of log) gradings.set(l.attempt_id, (gradings.get(l.attempt_id) ?? 0) + 1);
    const check: AttemptCheck = {
      attempts: attempts.length,
      graded: 0,
      notGraded: [],
      badGrading: [],
      wrongScore: [],
      stored,
      scores: new Map(attempts.map((a) => [a.id, a.score])),
      timedOut: new Set(
        attempts
          .filter((a) => a.completedAt && a.completedAt.getTime() === a.deadlineAt.getTime())
          .map((a) => a.id),
      ),
    };
    for (const a of attempts) {
      if (!a.completedAt) {
        check.notGraded.push(a.id);
        continue;
      }
      check.graded += 1;
      if ((gradings.get(a.id) ?? 0) !== 1 || a.completedAt > a.deadlineAt)
        check.badGrading.push(a.id);
      const mine = stored.get(a.id) ?? new Map();
      if (mine.size !== exam.keys.size || expectedScore(mine, exam.keys) !== a.score)
        check.wrongScore.push(a.id);
    }
    return check;
  } finally {
    await database.close();
  }
}

/** Waits (bounded) until no attempt of the exam is open: the sweeper finishes stragglers. */
export async function waitAllGraded(
  url: string,
  examId: string,
  timeoutMs: number,
  options: { live?: boolean } = {},
) {
  const column = options.live ? examAttempts.liveTestId : examAttempts.examId;
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [open] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(examAttempts)
        .where(sql`${column} = ${examId} and ${examAttempts.completedAt} is null`);
      if ((open?.n ?? 0) === 0) return 0;
      if (Date.now() > until) return open?.n ?? 0;
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await database.close();
  }
}
