import { eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteSettings } from "../../db/schema/content.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";

const { t, admin } = setupTestApp({ users: { admin: "admin" } });

const settings = (maintenanceMode: boolean) => ({
  appTitle: "UPSC Prep",
  contactEmail: "help@upscprep.example",
  maintenanceMode,
  examName: "UPSC CSE",
  examDate: "2027-05-23",
});
const save = (maintenanceMode: boolean) =>
  t.request("/api/settings", {
    method: "PUT",
    body: settings(maintenanceMode),
    cookie: admin.cookie,
  });

async function startFor(cookie: string, examId: string) {
  const response = await t.request(`/api/exams/${examId}/attempts`, { method: "POST", cookie });
  return (await response.json()).attempt.id as string;
}
const attemptRow = async (id: string) =>
  (await t.db.select().from(examAttempts).where(eq(examAttempts.id, id)))[0];

describe("maintenance mode and open attempts", () => {
  it("gives open attempts the maintenance time back when it is switched off", async () => {
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 600 });
    const student = await t.createUser("student");
    const late = await t.createUser("student");
    const done = await t.createUser("student");
    const openId = await startFor(student.cookie, exam.id);
    const lateId = await startFor(late.cookie, exam.id);
    const doneId = await startFor(done.cookie, exam.id);
    await t.request(`/api/attempts/${doneId}/submit`, { method: "POST", cookie: done.cookie });

    expect((await save(true)).status).toBe(200);
    const [on] = await t.db.select().from(siteSettings);
    expect(on?.maintenanceStartedAt).toBeInstanceOf(Date);
    // Pretend maintenance began 20 minutes ago; one attempt had already run out before that.
    const began = new Date(Date.now() - 20 * 60_000);
    await t.db.update(siteSettings).set({ maintenanceStartedAt: began });
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(began.getTime() - 60_000) })
      .where(eq(examAttempts.id, lateId));
    await t.db
      .update(examAttempts)
      .set({ startedAt: new Date(began.getTime() - 5 * 60_000) })
      .where(eq(examAttempts.id, openId));
    const [open, lateBefore, doneBefore] = await Promise.all([
      attemptRow(openId),
      attemptRow(lateId),
      attemptRow(doneId),
    ]);

    // The sweeper leaves attempts alone while maintenance is on.
    await finalizeExpiredAttempts(t.db, { now: new Date(Date.now() + 3_600_000) });
    expect((await attemptRow(openId))?.completedAt).toBeNull();

    const off = await save(false);
    expect(off.status).toBe(200);
    const [row] = await t.db.select().from(siteSettings);
    expect(row?.maintenanceMode).toBe(false);
    expect(row?.maintenanceStartedAt).toBeNull();
    // Extended by exactly the time from the start of maintenance to the switch-off.
    const switchedOff = row?.updatedAt.getTime() ?? 0;
    expect((await attemptRow(openId))?.deadlineAt.getTime()).toBe(
      (open?.deadlineAt.getTime() ?? 0) + (switchedOff - began.getTime()),
    );
    expect((await attemptRow(lateId))?.deadlineAt).toEqual(lateBefore?.deadlineAt);
    expect(await attemptRow(doneId)).toEqual(doneBefore);
  });

  it("extends nothing when a save leaves maintenance as it was", async () => {
    const { exam } = await createExamFixture(t.db);
    const student = await t.createUser("student");
    const id = await startFor(student.cookie, exam.id);
    const before = await attemptRow(id);
    await save(false);
    await save(false);
    expect(await attemptRow(id)).toEqual(before);
    expect(
      await t.db.select().from(examAttempts).where(isNull(examAttempts.completedAt)),
    ).not.toHaveLength(0);
  });
});
