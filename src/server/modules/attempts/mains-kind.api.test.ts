import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mainsQuestions } from "../../db/schema/evaluation.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { errorOf, setupTestApp } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "./attempt-grading.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

const HOUR = 3_600_000;

/** A published Mains test of two GS II questions, open from an hour ago for `closesInHours`. */
async function createTest(
  values: Partial<typeof mainsTests.$inferInsert> = {},
  closesInHours = 24,
) {
  const now = Date.now();
  const [test] = await t.db
    .insert(mainsTests)
    .values({
      title: "GS II full-length 1",
      paper: "gs2",
      opensAt: new Date(now - HOUR),
      closesAt: new Date(now + closesInHours * HOUR),
      published: true,
      ...values,
    })
    .returning();
  const questions = await t.db
    .insert(mainsQuestions)
    .values(
      [1, 2].map((n) => ({
        paper: "gs2" as const,
        questionText: `Discuss the role of the Finance Commission (${n}).`,
        publishDate: "2026-01-01",
        marks: 15,
      })),
    )
    .returning();
  await t.db.insert(mainsTestQuestions).values(
    questions.map((q, i) => ({
      testId: test!.id,
      questionId: q.id,
      position: i + 1,
      marks: 15,
      wordLimit: 250,
    })),
  );
  return test!;
}

const start = (user: typeof student, id: string) =>
  t.client(user)["mains-tests"][":id"].attempts.$post({ param: { id } });

describe("the mains attempt kind on the engine", () => {
  it("starts within the window with the paper, and its deadline is the writing time plus the upload grace", async () => {
    const test = await createTest({ durationMinutes: 180, uploadGraceMinutes: 30 });
    const overview = await t.client(student)["mains-tests"][":id"].overview.$get({
      param: { id: test.id },
    });
    expect(overview.status).toBe(200);
    const read = await overview.json();
    expect(read.questionCount).toBe(2);
    expect(read.mains).toMatchObject({ totalMarks: 30, durationMinutes: 180 });

    const started = await start(student, test.id);
    expect(started.status).toBe(200);
    const session = await started.json();
    expect(session.questions).toEqual([]);
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, session.attempt.id));
    expect(row!.mainsTestId).toBe(test.id);
    const length = row!.deadlineAt.getTime() - row!.startedAt.getTime();
    expect(length).toBe((180 + 30) * 60_000);

    // A reload resumes the same attempt.
    const again = await (await start(student, test.id)).json();
    expect(again.attempt.id).toBe(session.attempt.id);
  });

  it("never runs past the close plus the grace", async () => {
    const test = await createTest({ uploadGraceMinutes: 30 }, 1);
    const session = await (await start(student, test.id)).json();
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, session.attempt.id));
    expect(row!.deadlineAt.getTime()).toBe(test.closesAt.getTime() + 30 * 60_000);
  });

  it("refuses a start before the window, after it, and on an unpublished test, and stores nothing", async () => {
    const early = await createTest({ opensAt: new Date(Date.now() + HOUR) });
    const late = await createTest({
      opensAt: new Date(Date.now() - 3 * HOUR),
      closesAt: new Date(Date.now() - HOUR),
    });
    const hidden = await createTest({ published: false });
    expect((await start(other, early.id)).status).toBe(409);
    expect((await start(other, late.id)).status).toBe(409);
    const unseen = await start(other, hidden.id);
    expect(unseen.status).toBe(404);
    expect((await errorOf(unseen)).message).toBe("Mains test not found.");
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.userId, other.id));
    expect(rows).toEqual([]);
    // An admin may open an unpublished test, to check it.
    expect((await start(admin, hidden.id)).status).toBe(200);
  });

  it("needs a plan for a premium test", async () => {
    const test = await createTest({ isFree: false });
    const refused = await start(other, test.id);
    expect(refused.status).toBe(403);
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.userId, other.id));
    expect(rows).toEqual([]);
  });

  it("records the booklet absent when the attempt closes without one, and is taken once", async () => {
    const test = await createTest();
    const session = await (await start(student, test.id)).json();
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, session.attempt.id));
    const after = new Date(row!.deadlineAt.getTime() + 60_000);
    expect(await finalizeExpiredAttempts(t.db, { now: after })).toBeGreaterThanOrEqual(1);
    const [booklet] = await t.db
      .select()
      .from(mainsBooklets)
      .where(eq(mainsBooklets.attemptId, session.attempt.id));
    expect(booklet).toMatchObject({ status: "absent", userId: student.id, testId: test.id });
    const twice = await start(student, test.id);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe("You have already taken this Mains test.");
  });
});
