import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { studentAnswers } from "../../db/schema/exams.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, student, other } = setupTestApp({ users: { student: "student", other: "student" } });

let seq = 1;
const answer = (questionId: string, extra: Record<string, unknown> = {}) => ({
  questionId,
  selectedAnswer: "A",
  markedForReview: false,
  clientSeq: seq++,
  ...extra,
});

async function startExam(cookie = student.cookie) {
  const { exam, questions } = await createExamFixture(t.db);
  const response = await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie });
  const body = await response.json();
  return { exam, questions, attemptId: body.attempt.id as string };
}

const save = (attemptId: string, answers: unknown[], cookie = student.cookie) =>
  t.request(`/api/attempts/${attemptId}/answers`, { cookie, body: { answers } });

async function storedRows(attemptId: string) {
  return t.db
    .select({
      questionId: studentAnswers.questionId,
      selectedAnswer: studentAnswers.selectedAnswer,
      confidence: studentAnswers.confidence,
      clientSeq: studentAnswers.clientSeq,
    })
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId))
    .orderBy(asc(studentAnswers.questionId));
}

describe("confidence tags on saved answers", () => {
  it("saves a tag, changes it, clears it, and the resumed attempt returns it", async () => {
    const { exam, questions, attemptId } = await startExam();
    const q = questions[0]!.id;
    expect((await save(attemptId, [answer(q, { confidence: "sure" })])).status).toBe(200);
    expect((await storedRows(attemptId))[0]?.confidence).toBe("sure");

    expect((await save(attemptId, [answer(q, { confidence: "fifty_fifty" })])).status).toBe(200);
    expect((await storedRows(attemptId))[0]?.confidence).toBe("fifty_fifty");

    // Resume (reload, another device): the in-progress view carries the tag.
    const resumed = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const session = await resumed.json();
    expect(session.attempt.id).toBe(attemptId);
    expect(session.answers).toEqual([
      expect.objectContaining({ questionId: q, selectedAnswer: "A", confidence: "fifty_fifty" }),
    ]);

    expect((await save(attemptId, [answer(q, { confidence: null })])).status).toBe(200);
    expect((await storedRows(attemptId))[0]?.confidence).toBeNull();

    // A save without the field (an older client) sends an untagged choice.
    await save(attemptId, [answer(q, { confidence: "guess" })]);
    await save(attemptId, [answer(q, { selectedAnswer: "B" })]);
    expect((await storedRows(attemptId))[0]).toMatchObject({
      selectedAnswer: "B",
      confidence: null,
    });
  });

  it("keeps the newer tag when an older replay arrives late", async () => {
    const { questions, attemptId } = await startExam();
    const q = questions[0]!.id;
    await save(attemptId, [answer(q, { confidence: "guess", clientSeq: 500 })]);
    const late = await save(attemptId, [answer(q, { confidence: "sure", clientSeq: 400 })]);
    expect(late.status).toBe(200);
    expect((await late.json()).stale).toEqual([q]);
    expect((await storedRows(attemptId))[0]).toMatchObject({ confidence: "guess", clientSeq: 500 });
  });

  it("refuses an unknown tag with 422 and leaves the stored answer as it was", async () => {
    const { questions, attemptId } = await startExam();
    const q = questions[0]!.id;
    await save(attemptId, [answer(q, { confidence: "sure" })]);
    const before = await storedRows(attemptId);
    for (const confidence of ["maybe", "SURE", "", 1, true]) {
      const response = await save(attemptId, [
        answer(q, { selectedAnswer: "C", confidence }),
        answer(questions[1]!.id, { confidence: "guess" }),
      ]);
      expect(response.status).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(error)).toContain(
        "Confidence must be sure, fifty_fifty, guess or null.",
      );
    }
    expect(await storedRows(attemptId)).toEqual(before);
  });

  it("refuses a tag on another student's attempt and changes none of its rows", async () => {
    const { questions, attemptId } = await startExam();
    const q = questions[0]!.id;
    await save(attemptId, [answer(q, { confidence: "sure" })]);
    const before = await storedRows(attemptId);
    const response = await save(
      attemptId,
      [answer(q, { selectedAnswer: "D", confidence: "guess" })],
      other.cookie,
    );
    expect(response.status).toBe(404);
    expect(await storedRows(attemptId)).toEqual(before);
  });

  it("works the same for a quiz (one engine)", async () => {
    const { quiz, questions } = await createQuizFixture(t.db);
    const started = await t.request(`/api/quizzes/${quiz.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const attemptId = (await started.json()).attempt.id as string;
    const q = questions[0]!.id;
    expect((await save(attemptId, [answer(q, { confidence: "guess" })])).status).toBe(200);
    expect((await storedRows(attemptId))[0]?.confidence).toBe("guess");
  });
});
