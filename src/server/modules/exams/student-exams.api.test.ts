import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t } = setupTestApp();

type Listed = { id: string; openAttemptId: string | null; openAttemptSecondsLeft: number | null };

describe("the student's exam list", () => {
  it("filter=paused lists only my exams in progress, with the time left on the clock", async () => {
    const student = await t.createUser("student");
    const other = await t.createUser("student");
    const started = await createExamFixture(t.db);
    const untouched = await createExamFixture(t.db);
    const response = await t.request(`/api/exams/${started.exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const attemptId = (await response.json()).attempt.id as string;
    // 23 minutes left, whatever the fixture's time limit.
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(Date.now() + 23 * 60_000) })
      .where(eq(examAttempts.id, attemptId));

    const paused: Listed[] = await (
      await t.request("/api/exams?filter=paused", { cookie: student.cookie })
    ).json();
    expect(paused.map((e) => e.id)).toEqual([started.exam.id]);
    expect(paused[0]?.openAttemptId).toBe(attemptId);
    expect(paused[0]?.openAttemptSecondsLeft).toBeGreaterThan(23 * 60 - 30);
    expect(paused[0]?.openAttemptSecondsLeft).toBeLessThanOrEqual(23 * 60);

    const all: Listed[] = await (await t.request("/api/exams", { cookie: student.cookie })).json();
    expect(all.find((e) => e.id === untouched.exam.id)).toMatchObject({
      openAttemptId: null,
      openAttemptSecondsLeft: null,
    });

    // Another student sees neither my attempt nor its clock.
    expect(
      await (await t.request("/api/exams?filter=paused", { cookie: other.cookie })).json(),
    ).toEqual([]);
    const theirs: Listed[] = await (await t.request("/api/exams", { cookie: other.cookie })).json();
    expect(theirs.find((e) => e.id === started.exam.id)).toMatchObject({
      openAttemptId: null,
      openAttemptSecondsLeft: null,
    });
  });
});
