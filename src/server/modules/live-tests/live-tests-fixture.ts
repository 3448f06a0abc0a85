import { eq } from "drizzle-orm";
import type { LiveSchedule } from "../../../shared/live-tests.ts";
import { examAttempts, exams, liveTests } from "../../db/schema/exams.ts";
import { liveTestRegistrations } from "../../db/schema/live-tests.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";

/**
 * The live-test API tests' set-up (live-tests.api.test.ts, live-test-results.api.test.ts): the
 * app with an admin and two students, and the helpers both files use. Call it at the top level
 * of the test file (it registers the file's hooks).
 */
export function setupLiveTestTests() {
  const { t, admin, student, other } = setupTestApp({
    users: { admin: "admin", student: "student", other: "student" },
  });

  const MINUTE = 60_000;
  const schedules = () => t.db.select().from(liveTests);
  const registrationsOf = (examId: string) =>
    t.db.select().from(liveTestRegistrations).where(eq(liveTestRegistrations.examId, examId));
  const attemptsOf = (examId: string) =>
    t.db.select().from(examAttempts).where(eq(examAttempts.liveTestId, examId));

  /** A live test inserted directly (past opening times are not schedulable through the API). */
  async function liveTest(options: {
    opensAt: Date;
    entryMinutes?: number;
    durationMinutes?: number;
    resultsAt?: Date | null;
    questionCount?: number;
    isFree?: boolean;
  }) {
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: options.questionCount ?? 4,
      negative: { marks: 2, fraction: 1 / 3 },
    });
    if (options.isFree === false)
      await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, exam.id));
    const schedule: LiveSchedule = {
      opensAt: options.opensAt,
      entryMinutes: options.entryMinutes ?? 15,
      durationMinutes: options.durationMinutes ?? 60,
      resultsAt: options.resultsAt ?? null,
    };
    await t.db.insert(liveTests).values({ examId: exam.id, ...schedule });
    return { exam, questions, schedule };
  }

  async function register(user: TestUser, examId: string, body: unknown = { displayName: "Asha" }) {
    return t.request(`/api/live-tests/${examId}/registration`, { cookie: user.cookie, body });
  }

  /** Registers straight in the table (tests of the engine at chosen instants). */
  async function registerRow(userId: string, examId: string, name = "Student", anonymous = false) {
    await t.db
      .insert(liveTestRegistrations)
      .values({ examId, userId, displayName: name, anonymous });
  }

  /** The admin list's registration count of one live test. */
  async function adminCount(examId: string) {
    const listed = await t.request("/api/admin/live-tests?page=1&pageSize=100", {
      cookie: admin.cookie,
    });
    const body = (await listed.json()) as { items: { examId: string; registeredCount: number }[] };
    return body.items.find((i) => i.examId === examId)?.registeredCount;
  }

  const publishedAt = async (examId: string) =>
    (await t.db.select().from(liveTests).where(eq(liveTests.examId, examId)))[0]?.publishedAt ??
    null;

  const asStudent = (userId: string) => ({ userId, role: "student" as const });

  return {
    t,
    admin,
    student,
    other,
    MINUTE,
    schedules,
    registrationsOf,
    attemptsOf,
    liveTest,
    register,
    registerRow,
    adminCount,
    publishedAt,
    asStudent,
  };
}
