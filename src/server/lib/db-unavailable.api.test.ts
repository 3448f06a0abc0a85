import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/client.ts";
import { studentAnswers } from "../db/schema/exams.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { setupTestApp } from "../test/test-app.ts";
import { isDatabaseUnavailable } from "./db-errors.ts";

/** What drizzle throws when PostgreSQL ended the connection under a query (pg_terminate_backend). */
const terminated = () =>
  new Error("Failed query: insert into student_answers ...", {
    cause: Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    }),
  });

describe("isDatabaseUnavailable", () => {
  it("knows a lost or refused connection from other database errors", () => {
    expect(isDatabaseUnavailable(terminated())).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error("x", { cause: Object.assign(new Error("y"), { code: "ECONNREFUSED" }) }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
    expect(isDatabaseUnavailable("57P01")).toBe(false);
  });
});

const { t, student } = setupTestApp({ users: { student: "student" } });

async function openAttempt() {
  const fixture = await createExamFixture(t.db);
  const started = await t.request(`/api/exams/${fixture.exam.id}/attempts`, {
    method: "POST",
    cookie: student.cookie,
  });
  expect(started.status).toBe(200);
  const attemptId = (await started.json()).attempt.id as string;
  return { attemptId, questionId: fixture.questions[0]?.id as string };
}

const stored = (attemptId: string) =>
  t.db
    .select({ q: studentAnswers.questionId, a: studentAnswers.selectedAnswer })
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId));

describe("a database connection lost under a request", () => {
  it("answers 503 UNAVAILABLE (the client retries), stores nothing, and the retry is saved", async () => {
    const { attemptId, questionId } = await openAttempt();
    const body = {
      answers: [{ questionId, selectedAnswer: "B", markedForReview: false, clientSeq: 5 }],
    };
    const before = await stored(attemptId);
    // The driver fails the save's write once, as a terminated connection does (the upsert is a
    // prepared statement, so this is below drizzle: the pool on PostgreSQL, PGlite itself here).
    type Driver = { query: (query: unknown, ...rest: unknown[]) => Promise<unknown> };
    const driver = (t.db as unknown as { $client: Driver }).$client;
    const query = driver.query.bind(driver);
    let failedWrites = 0;
    const spy = vi.spyOn(driver, "query").mockImplementation((q, ...rest) => {
      const text = typeof q === "string" ? q : ((q as { text?: string }).text ?? "");
      if (failedWrites === 0 && /insert into "?student_answers/.test(text)) {
        failedWrites += 1;
        return Promise.reject(terminated());
      }
      return query(q, ...rest);
    });
    try {
      const refused = await t.request(`/api/attempts/${attemptId}/answers`, {
        method: "POST",
        body,
        cookie: student.cookie,
      });
      expect(failedWrites).toBe(1);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe("2");
      expect((await refused.json()).error.code).toBe("UNAVAILABLE");
      expect(await stored(attemptId)).toEqual(before);
    } finally {
      spy.mockRestore();
    }
    const retried = await t.request(`/api/attempts/${attemptId}/answers`, {
      method: "POST",
      body,
      cookie: student.cookie,
    });
    expect(retried.status).toBe(200);
    expect(await stored(attemptId)).toEqual([{ q: questionId, a: "B" }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: after every connection is terminated, requests answer 200 or 503, never 500, and the pool recovers",
    async () => {
      const { attemptId, questionId } = await openAttempt();
      // Only this file's own scratch database: other runs share the server.
      const current = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const name = current.rows[0]?.name;
      expect(name).toMatch(/^test_/);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [name],
        );
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const r = await t.request(`/api/attempts/${attemptId}/answers`, {
          method: "POST",
          body: {
            answers: [
              { questionId, selectedAnswer: "C", markedForReview: false, clientSeq: 10 + i },
            ],
          },
          cookie: student.cookie,
        });
        statuses.push(r.status);
      }
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
    },
  );
});

describe("an instance whose pool is exhausted", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: a query that waited DATABASE_POOL_WAIT_MS for a connection fails as unavailable (503, shed), and the pool serves the next",
    async () => {
      const database = await openDatabase({
        databaseUrl: process.env.TEST_DATABASE_URL,
        poolSize: 1,
        poolWaitMs: 200,
      });
      try {
        let release: () => void = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let holding: () => void = () => {};
        const inside = new Promise<void>((resolve) => {
          holding = resolve;
        });
        // The pool's one connection, held by a transaction until released.
        const holder = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          holding();
          await held;
        });
        await inside;
        const shed = await database.db.execute(sql`select 1`).then(
          () => null,
          (error: unknown) => error,
        );
        expect(isDatabaseUnavailable(shed)).toBe(true);
        release();
        await holder;
        const served = (await database.db.execute(sql`select 2 as n`)) as unknown as {
          rows: { n: number }[];
        };
        expect(served.rows[0]?.n).toBe(2);
      } finally {
        await database.close();
      }
    },
  );
});
