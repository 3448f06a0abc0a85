import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, studentAnswers } from "../../db/schema/exams.ts";
import { type AttemptFactsCache, createAttemptFactsCache } from "../../fast-path/attempt-facts.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { submitAttempt } from "./attempts.service.ts";
import { saveAnswers } from "./save-answers.ts";

const { t, student, other } = setupTestApp({ users: { student: "student", other: "student" } });

let seq = 1;
const answer = (questionId: string, selectedAnswer: OptionKey | null) => ({
  questionId,
  selectedAnswer,
  markedForReview: false,
  clientSeq: seq++,
});

/** An open attempt of `student` with the first two questions answered A and B. */
async function openAttemptWithAnswers() {
  const fixture = await createExamFixture(t.db);
  const started = await t.request(`/api/exams/${fixture.exam.id}/attempts`, {
    method: "POST",
    cookie: student.cookie,
  });
  const attemptId = (await started.json()).attempt.id as string;
  const [q0, q1] = fixture.questions;
  const saved = await t.request(`/api/attempts/${attemptId}/answers`, {
    cookie: student.cookie,
    body: { answers: [answer(q0!.id, "A"), answer(q1!.id, "B")] },
  });
  expect(saved.status).toBe(200);
  return { ...fixture, attemptId };
}

/** Everything stored for an attempt: the attempt row and its answers. */
async function storedState(attemptId: string) {
  const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  const answers = await t.db
    .select()
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId))
    .orderBy(asc(studentAnswers.questionId));
  return { attempt, answers };
}

/**
 * A db that records every write-capable call (reads go through untouched): the query builder's
 * writes, `execute`, transactions, any statement prepared through its session (the save's
 * upsert is a named prepared statement, decision 027) whose SQL writes, and any such statement
 * sent to the node-postgres pool directly (prepared-sql.ts does, decision 051). `statements`
 * lists every statement sent those two ways, reads too.
 */
function recordingDb(db: Db) {
  const writes: string[] = [];
  /** Every statement sent through the session or the pool, in order: "read" or "write". */
  const statements: string[] = [];
  const writesSql = /\b(insert|update|delete)\b/i;
  const session = (db as unknown as { session: object }).session;
  const recordingSession = new Proxy(session, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "prepareQuery" || typeof value !== "function") return value;
      return (query: { sql: string }, ...rest: unknown[]) => {
        const prepared = value.apply(target, [query, ...rest]) as {
          execute: (...args: unknown[]) => Promise<unknown>;
        };
        const writing = writesSql.test(query.sql);
        const execute = prepared.execute.bind(prepared);
        prepared.execute = (...args: unknown[]) => {
          statements.push(writing ? "write" : "read");
          if (writing) writes.push("prepared write");
          return execute(...args);
        };
        return prepared;
      };
    },
  });
  const client = (db as unknown as { $client: object }).$client;
  const recordingClient = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "query" || typeof value !== "function") return value;
      return (query: string | { text?: string }, ...rest: unknown[]) => {
        const text = typeof query === "string" ? query : (query.text ?? "");
        const writing = writesSql.test(text);
        statements.push(writing ? "write" : "read");
        if (writing) writes.push("prepared write");
        return value.apply(target, [query, ...rest]);
      };
    },
  });
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "session") return recordingSession;
      if (prop === "$client") return recordingClient;
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (["execute", "insert", "update", "delete", "transaction"].includes(String(prop))) {
        return (...args: unknown[]) => {
          writes.push(String(prop));
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  return { db: proxy, writes, statements };
}

describe("a refused save changes nothing", () => {
  it("another student's save into the attempt: 404, rows unchanged", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const before = await storedState(attemptId);
    const response = await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: other.cookie,
      body: {
        answers: [answer(questions[0]!.id, "D"), answer(questions[2]!.id, "C")],
      },
    });
    expect(response.status).toBe(404);
    expect(await storedState(attemptId)).toEqual(before);

    const submit = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(submit.status).toBe(404);
    expect(await storedState(attemptId)).toEqual(before);
  });

  it("a save after submit: 409, rows unchanged", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const before = await storedState(attemptId);
    const response = await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "D"), answer(questions[3]!.id, "D")] },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe("This exam has already been submitted.");
    expect(await storedState(attemptId)).toEqual(before);
  });

  it("a late save: 409, rows unchanged", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: sql`now() - interval '20 seconds'` })
      .where(eq(examAttempts.id, attemptId));
    const before = await storedState(attemptId);
    const response = await t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "D"), answer(questions[2]!.id, "C")] },
    });
    expect(response.status).toBe(409);
    expect(await storedState(attemptId)).toEqual(before);
  });

  it("is refused before any write is sent to the database", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const body = { answers: [answer(questions[0]!.id, "D")] };
    const foreign = recordingDb(t.db);
    await expect(
      saveAnswers(foreign.db, { userId: other.id, attemptId, body }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(foreign.writes).toEqual([]);

    const late = recordingDb(t.db);
    const afterGrace = new Date(Date.now() + 60 * 60 * 1000);
    await expect(
      saveAnswers(late.db, { userId: student.id, attemptId, body, now: afterGrace }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(late.writes).toEqual([]);

    await submitAttempt(t.db, { userId: student.id, attemptId });
    const completed = recordingDb(t.db);
    await expect(
      saveAnswers(completed.db, { userId: student.id, attemptId, body }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(completed.writes).toEqual([]);

    // The check is not a blanket refusal: the owner's save on time goes through.
    const fresh = await openAttemptWithAnswers();
    const own = recordingDb(t.db);
    const saved = await saveAnswers(own.db, {
      userId: student.id,
      attemptId: fresh.attemptId,
      body: { answers: [answer(fresh.questions[2]!.id, "C")] },
    });
    expect(saved.saved).toBe(1);
    expect(own.writes).toEqual(["prepared write"]);
  });
});

describe("the instance's copy of the refusal facts (decision 052)", () => {
  const save = (
    db: Db,
    facts: AttemptFactsCache,
    attemptId: string,
    questionId: string,
    userId = student.id,
  ) => saveAnswers(db, { userId, attemptId, facts, body: { answers: [answer(questionId, "C")] } });

  it("reads the attempt once: a student's later saves are one statement each", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const facts = createAttemptFactsCache();
    const first = recordingDb(t.db);
    await save(first.db, facts, attemptId, questions[2]!.id);
    expect(first.statements).toEqual(["read", "write"]);
    const later = recordingDb(t.db);
    await save(later.db, facts, attemptId, questions[3]!.id);
    expect(later.statements).toEqual(["write"]);
    expect((await storedState(attemptId)).answers).toHaveLength(4);
  });

  it("refuses another student, and a submit it saw, before any write, with a copy kept", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const facts = createAttemptFactsCache();
    await save(t.db, facts, attemptId, questions[2]!.id);
    const before = await storedState(attemptId);

    const foreign = recordingDb(t.db);
    await expect(
      save(foreign.db, facts, attemptId, questions[3]!.id, other.id),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(foreign.statements).toEqual([]);
    expect(await storedState(attemptId)).toEqual(before);

    await submitAttempt(t.db, { userId: student.id, attemptId });
    facts.completed(attemptId);
    const submitted = await storedState(attemptId);
    const after = recordingDb(t.db);
    await expect(save(after.db, facts, attemptId, questions[3]!.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(after.statements).toEqual([]);
    expect(await storedState(attemptId)).toEqual(submitted);
  });

  it("a submit it did not see (another instance, the sweeper): the upsert refuses it, writes nothing, and the copy learns", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const facts = createAttemptFactsCache();
    await save(t.db, facts, attemptId, questions[2]!.id);
    await submitAttempt(t.db, { userId: student.id, attemptId });
    const submitted = await storedState(attemptId);

    await expect(save(t.db, facts, attemptId, questions[3]!.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This exam has already been submitted.",
    });
    expect(await storedState(attemptId)).toEqual(submitted);
    expect(facts.get(attemptId)?.completed).toBe(true);
    const next = recordingDb(t.db);
    await expect(save(next.db, facts, attemptId, questions[3]!.id)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(next.statements).toEqual([]);
  });

  it("a deadline moved later (maintenance) after the copy was made: the save is read again and kept", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const facts = createAttemptFactsCache();
    await save(t.db, facts, attemptId, questions[2]!.id);
    // The copy says the time is up; the stored deadline was extended since.
    const kept = facts.get(attemptId);
    facts.set(attemptId, { ...kept!, deadlineMs: Date.now() - 60 * 60 * 1000 });
    const saved = await save(t.db, facts, attemptId, questions[3]!.id);
    expect(saved.saved).toBe(1);
    expect(facts.get(attemptId)?.deadlineMs).toBe(kept?.deadlineMs);

    // And a deadline really past is refused before any write, as without a copy.
    const late = recordingDb(t.db);
    await expect(
      saveAnswers(late.db, {
        userId: student.id,
        attemptId,
        facts,
        body: { answers: [answer(questions[3]!.id, "A")] },
        now: new Date(Date.now() + 60 * 60 * 1000),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(late.writes).toEqual([]);
  });

  it("keeps at most its bound, the oldest going first", () => {
    const facts = createAttemptFactsCache(2);
    const f = { userId: "u", completed: false, deadlineMs: 1 };
    facts.set("a", { ...f });
    facts.set("b", { ...f });
    facts.set("a", { ...f, deadlineMs: 2 });
    facts.set("c", { ...f });
    expect(facts.size).toBe(2);
    expect(facts.get("a")).toBeUndefined();
    expect(facts.get("b")).toBeDefined();
    expect(facts.get("c")).toBeDefined();
  });
});

describe("submitting again", () => {
  it("a later, sequential re-submit keeps the first grade and completedAt", async () => {
    const { attemptId, questions } = await openAttemptWithAnswers();
    const first = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const firstBody = await first.json();
    const graded = await storedState(attemptId);
    expect(graded.attempt?.completedAt).not.toBeNull();
    // Meanwhile an answer changes underneath (as a bug or a stray write would do it).
    await t.db
      .update(studentAnswers)
      .set({ selectedAnswer: "A" })
      .where(eq(studentAnswers.questionId, questions[1]!.id));

    const later = new Date(Date.now() + 5 * 60 * 1000);
    const again = await submitAttempt(t.db, { userId: student.id, attemptId, now: later });
    const viaApi = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(again.attempt).toEqual(firstBody.attempt);
    expect((await viaApi.json()).attempt).toEqual(firstBody.attempt);
    expect((await storedState(attemptId)).attempt).toEqual(graded.attempt);
  });
});

describe("the answer key", () => {
  it("stays hidden from the student's own open attempt that has saved answers", async () => {
    const { attemptId, exam } = await openAttemptWithAnswers();
    const reread = await t.request(`/api/attempts/${attemptId}`, { cookie: student.cookie });
    const resumed = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    for (const response of [reread, resumed]) {
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.status).toBe("in_progress");
      expect(body.answers.map((a: { selectedAnswer: string }) => a.selectedAnswer).sort()).toEqual([
        "A",
        "B",
      ]);
      expect(JSON.stringify(body)).not.toMatch(
        /correctAnswer|correct_answer|explanation|isCorrect|is_correct|Because/,
      );
    }
  });
});
