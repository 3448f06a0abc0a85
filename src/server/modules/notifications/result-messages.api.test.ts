import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import { closesAt, entryAt, type LiveSchedule } from "../../../shared/live-tests.ts";
import type { NotificationPreferences, PushPayload } from "../../../shared/notifications.ts";
import type { Db } from "../../db/client.ts";
import { liveTests, questions } from "../../db/schema/exams.ts";
import { liveTestRegistrations } from "../../db/schema/live-tests.ts";
import { notificationPreferences } from "../../db/schema/notifications.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { createLogger } from "../../lib/logger.ts";
import { createOutboxMailer, type MailMessage } from "../../mail/mailer.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
  testVapidKeys,
} from "../../test/push-service-stand-in.ts";
import { setupTestApp, TEST_ORIGIN, type TestUser } from "../../test/test-app.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { publishDueLiveTests } from "../attempts/live-results.ts";
import { regradeTarget } from "../attempts/regrade.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { sendDueNotifications } from "./dispatcher.ts";
import { createPushSender } from "./push-sender.ts";

// The two messages about a test's result (docs/guides/messages.md): a live test's results
// published (`testResults`) and a score changed by a key correction (`scoreChanged`), both under
// the student's "test results" switch. Each is written in the change's transaction and delivered
// by the dispatcher: real Web Push to a local stand-in, the file mailer, an injected clock.

const setup = setupTestApp({
  users: { a: "student", b: "student", c: "student", d: "student", e: "student" },
  pushLookup: async (hostname) => {
    throw new Error(`no lookup in tests: ${hostname}`);
  },
});
const { t, a, b, c, d, e } = setup;
const logger = createLogger("silent");
let push: PushServiceStandIn;
let mailDir: string;

beforeAll(async () => {
  push = await startPushServiceStandIn();
  mailDir = mkdtempSync(path.join(tmpdir(), "upsc-result-mail-"));
});
afterAll(async () => {
  await push.close();
  rmSync(mailDir, { recursive: true, force: true });
});

/** One round of the sweeper's dispatcher at `now` (India daytime in every test here). */
const sweep = (now: Date) =>
  sendDueNotifications(t.db, {
    deps: {
      mailer: createOutboxMailer(mailDir, "UPSC Prep <no-reply@localhost>", logger),
      logger,
      publicUrl: TEST_ORIGIN,
      secret: "test-secret-test-secret-test-secret-123",
      sendPush: createPushSender(
        { ...testVapidKeys, subject: "mailto:team@example.org" },
        {
          allowHttpLoopback: true,
          lookup: async () => {
            throw new Error("no lookup");
          },
        },
      ),
      settings: async () => ({ appTitle: "UPSC Prep", contactEmail: "team@example.org" }),
    },
    now,
  });

/** Mails the file mailer wrote to `to` (the sweep's other reminders among them: revision cards). */
const mailsTo = (to: string): MailMessage[] =>
  readdirSync(mailDir)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), "utf8")) as MailMessage)
    .filter((mail) => mail.to === to);

async function subscribeDevice(student: TestUser) {
  const subscription = push.subscribe(testVapidKeys.publicKey);
  const saved = await t.request("/api/notifications/subscriptions", {
    cookie: student.cookie,
    body: subscription,
  });
  expect(saved.status).toBe(201);
  return subscription.endpoint;
}

async function setPreferences(student: TestUser, changes: Partial<NotificationPreferences>) {
  const current = await t.request("/api/notifications/settings", { cookie: student.cookie });
  const { preferences } = (await current.json()) as { preferences: NotificationPreferences };
  const saved = await t.request("/api/notifications/preferences", {
    method: "PUT",
    cookie: student.cookie,
    body: { ...preferences, ...changes },
  });
  expect(saved.status).toBe(200);
}

const rowsOf = (kind: "testResults" | "scoreChanged", users: TestUser[], db: Db = t.db) =>
  db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, kind),
        inArray(
          outbox.userId,
          users.map((u) => u.id),
        ),
      ),
    );
const payloads = (endpoint: string) =>
  push.messagesFor(endpoint).map((m) => m.payload as PushPayload);

/**
 * A change run inside a transaction that then rolls back (the service takes it as its Db);
 * `check` reads inside it, before the rollback.
 */
async function rolledBack(change: (db: Db) => Promise<unknown>, check: (db: Db) => Promise<void>) {
  await expect(
    t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await change(db);
      await check(db);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
}

let aDevice: string;
let dDevice: string;
beforeAll(async () => {
  aDevice = await subscribeDevice(a);
  dDevice = await subscribeDevice(d);
  // b has no device: the reminder is emailed. c switched test results off. d and e take nothing
  // in the live test; e reads the app in Hindi.
  await setPreferences(c, { testResults: false });
  await t.db.update(profiles).set({ uiLanguage: "hi" }).where(eq(profiles.id, e.id));
});

describe("a live test's results published", () => {
  const MINUTE = 60_000;
  // 10:00 India time on a weekday far ahead: out of quiet hours.
  const opensAt = new Date(Date.UTC(2030, 1, 1, 4, 30));

  /** A live test a, b and c sit (a all right, b three, c one), each submitting after 10 minutes. */
  async function sitting(choices: OptionKey[][]) {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    const schedule: LiveSchedule = {
      opensAt,
      entryMinutes: 3,
      durationMinutes: 30,
      resultsAt: null,
    };
    await t.db.insert(liveTests).values({ examId: exam.id, ...schedule });
    const attempts = new Map<string, string>();
    for (const [i, user] of [a, b, c].entries()) {
      await t.db
        .insert(liveTestRegistrations)
        .values({ examId: exam.id, userId: user.id, displayName: `Name ${i}` });
      const at = entryAt(schedule, exam.id, user.id);
      const session = await startAttempt(t.db, {
        viewer: { userId: user.id, role: "student" },
        target: { kind: "live", id: exam.id },
        now: at,
      });
      await saveAnswers(t.db, {
        userId: user.id,
        attemptId: session.attempt.id,
        body: {
          answers: (choices[i] ?? []).map((choice, q) => ({
            questionId: qs[q]?.id ?? "",
            selectedAnswer: choice,
            markedForReview: false,
            clientSeq: q + 1,
          })),
        },
        now: at,
      });
      await submitAttempt(t.db, {
        userId: user.id,
        attemptId: session.attempt.id,
        now: new Date(at.getTime() + 10 * MINUTE),
      });
      attempts.set(user.id, session.attempt.id);
    }
    return { exam, schedule, attempts };
  }

  it("writes one row per ranked student with the publication, and the dispatcher delivers it", async () => {
    const run = await sitting([
      ["A", "B", "C", "D"],
      ["A", "B", "C", "A"],
      ["A", "A", "A", "A"],
    ]);
    const after = new Date(closesAt(run.schedule).getTime() + 20_000);

    // Before the close: nothing published, nothing written.
    await publishDueLiveTests(t.db, new Date(closesAt(run.schedule).getTime() - 1000));
    expect(await rowsOf("testResults", [a, b, c, d, e])).toEqual([]);

    // Rolled back with the publication: no row, and the test is still unpublished.
    await rolledBack(
      (db) => publishDueLiveTests(db, after),
      async (db) => expect(await rowsOf("testResults", [a, b, c], db)).toHaveLength(3),
    );
    expect(await rowsOf("testResults", [a, b, c])).toEqual([]);
    const [unpublished] = await t.db
      .select()
      .from(liveTests)
      .where(eq(liveTests.examId, run.exam.id));
    expect(unpublished?.publishedAt).toBeNull();

    expect(await publishDueLiveTests(t.db, after)).toBe(1);
    const rows = await rowsOf("testResults", [a, b, c, d, e]);
    // Only the three who sat it; d and e get none.
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id, c.id].sort());
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(a.id)).toMatchObject({
      status: "pending",
      dedupeKey: `testResults:${run.exam.id}:${a.id}`,
      payload: {
        title: run.exam.title,
        rank: 1,
        of: 3,
        url: `/results/${run.attempts.get(a.id)}`,
      },
    });
    expect(byUser.get(c.id)?.payload).toMatchObject({ rank: 3, of: 3 });
    expect(byUser.get(a.id)?.createdAt).toEqual(after);

    // A second run (and a second instance's) writes no second row.
    await publishDueLiveTests(t.db, new Date(after.getTime() + MINUTE));
    expect(await rowsOf("testResults", [a, b, c, d, e])).toHaveLength(3);

    await sweep(new Date(after.getTime() + MINUTE));
    // a: pushed, with the rank and the link to the result.
    expect(payloads(aDevice)).toContainEqual({
      title: `Results of ${run.exam.title} are out`,
      body: "Your All-India rank: 1 of 3. See your score and the answers.",
      url: `${TEST_ORIGIN}/results/${run.attempts.get(a.id)}`,
      tag: expect.stringMatching(/^testResults:/),
    });
    // b: no device, so emailed (the email fallback), with the link.
    const [mail] = mailsTo(b.email).filter((m) => m.subject.startsWith("Results of"));
    expect(mail?.subject).toBe(`Results of ${run.exam.title} are out`);
    expect(mail?.text).toContain("Your All-India rank: 2 of 3.");
    expect(mail?.text).toContain(`${TEST_ORIGIN}/results/${run.attempts.get(b.id)}`);
    // c switched it off: dropped, nothing sent.
    const delivered = new Map(
      (await rowsOf("testResults", [a, b, c])).map((r) => [r.userId, [r.status, r.reason]]),
    );
    expect(delivered.get(a.id)).toEqual(["sent", null]);
    expect(delivered.get(b.id)).toEqual(["sent", null]);
    expect(delivered.get(c.id)).toEqual(["dropped", "off"]);
    expect(mailsTo(c.email).filter((m) => m.subject.startsWith("Results of"))).toEqual([]);
    expect(payloads(dDevice)).toEqual([]);
  });
});

describe("a key corrected", () => {
  // 11:00 India time, far ahead.
  const at = new Date(Date.UTC(2030, 2, 1, 5, 30));

  async function take(
    user: TestUser,
    target: { kind: "exam" | "quiz"; id: string },
    choices: (OptionKey | null)[],
    ids: string[],
  ) {
    const session = await startAttempt(t.db, {
      viewer: { userId: user.id, role: "student" },
      target,
    });
    await saveAnswers(t.db, {
      userId: user.id,
      attemptId: session.attempt.id,
      body: {
        answers: ids.map((questionId, i) => ({
          questionId,
          selectedAnswer: choices[i] ?? null,
          markedForReview: false,
          clientSeq: i + 1,
        })),
      },
    });
    await submitAttempt(t.db, { userId: user.id, attemptId: session.attempt.id });
    return session.attempt.id;
  }

  it("tells each student whose score or pass changed, once, with a link to the review", async () => {
    // The first key says A (the fixture's cycle); it should have been B.
    const { exam, questions: qs } = await createExamFixture(t.db, { passingMarks: 70 });
    const ids = qs.map((q) => q.id);
    const ref = { kind: "exam" as const, id: exam.id };
    const attempts = {
      a: await take(a, ref, ["B", "B", "C", "D"], ids), // 75 -> 100
      b: await take(b, ref, ["A", "B", "C", "D"], ids), // 100 -> 75 (still passed)
      c: await take(c, ref, ["B", "A", "A", "A"], ids), // 0 -> 25, switched off
      d: await take(d, ref, [null, "B", "C", "D"], ids), // 75 either way: no message
    };
    const students = [a, b, c, d, e];
    await t.db
      .update(questions)
      .set({ correctAnswer: "B" })
      .where(eq(questions.id, ids[0] ?? ""));

    // A refused regrade (no such exam) and a rolled-back one write nothing.
    await expect(
      regradeTarget(t.db, { ref: { kind: "exam", id: crypto.randomUUID() }, now: at }),
    ).rejects.toThrow();
    await rolledBack(
      (db) => regradeTarget(db, { ref, now: at }),
      async (db) => expect(await rowsOf("scoreChanged", students, db)).toHaveLength(3),
    );
    expect(await rowsOf("scoreChanged", students)).toEqual([]);

    const outcome = await regradeTarget(t.db, { ref, now: at });
    expect(outcome).toMatchObject({ attempts: 4, regraded: 3 });
    const rows = await rowsOf("scoreChanged", students);
    expect(rows.map((r) => r.userId).sort()).toEqual([a.id, b.id, c.id].sort());
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(b.id)).toMatchObject({
      status: "pending",
      dedupeKey: `scoreChanged:exam-${exam.id}@${at.toISOString()}:${b.id}`,
      payload: { title: exam.title, titleHi: "", url: `/results/${attempts.b}` },
    });

    // Regrading again changes nothing and writes nothing.
    expect(await regradeTarget(t.db, { ref, now: new Date(at.getTime() + 60_000) })).toMatchObject({
      regraded: 0,
    });
    expect(await rowsOf("scoreChanged", students)).toHaveLength(3);

    await sweep(new Date(at.getTime() + 60_000));
    expect(payloads(aDevice)).toContainEqual({
      title: `Your score in ${exam.title} changed`,
      body: "A key was corrected and your attempt was graded again. See your new score in the review.",
      url: `${TEST_ORIGIN}/results/${attempts.a}`,
      tag: expect.stringMatching(/^scoreChanged:/),
    });
    const mail = mailsTo(b.email).find((m) => m.subject.startsWith("Your score in"));
    expect(mail?.text).toContain(`${TEST_ORIGIN}/results/${attempts.b}`);
    const delivered = new Map(
      (await rowsOf("scoreChanged", students)).map((r) => [r.userId, [r.status, r.reason]]),
    );
    expect(delivered.get(c.id)).toEqual(["dropped", "off"]);
    expect(payloads(dDevice).filter((p) => p.tag.startsWith("scoreChanged:"))).toEqual([]);
  });

  it("says it in the reader's language, with a quiz's Hindi title, one message for two attempts", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, { title: "Economy quiz" });
    await t.db.update(quizzes).set({ titleHi: "अर्थव्यवस्था क्विज़" }).where(eq(quizzes.id, quiz.id));
    const ids = qs.map((q) => q.id);
    const ref = { kind: "quiz" as const, id: quiz.id };
    const device = await subscribeDevice(e);
    await take(e, ref, ["D", "B", "C", "D"], ids);
    const retake = await take(e, ref, ["D", "B", "C", null], ids);
    await t.db
      .update(questions)
      .set({ correctAnswer: "D" })
      .where(eq(questions.id, ids[0] ?? ""));

    await regradeTarget(t.db, { ref, now: new Date(at.getTime() + 3_600_000) });
    const rows = await rowsOf("scoreChanged", [e]);
    // Both attempts changed; the student gets one message, linking to the latest.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ url: `/results/${retake}` });
    await sweep(new Date(at.getTime() + 3_660_000));
    expect(payloads(device)).toEqual([
      {
        title: "अर्थव्यवस्था क्विज़ में आपका स्कोर बदल गया है",
        body: "उत्तर कुंजी सुधारी गई और आपका प्रयास फिर से जाँचा गया। समीक्षा में अपना नया स्कोर देखें।",
        url: `${TEST_ORIGIN}/results/${retake}`,
        tag: expect.stringMatching(/^scoreChanged:/),
      },
    ]);
  });
});

describe("an app cached before the test-results switch", () => {
  it("saves the other switches and leaves the stored test-results switch as it was", async () => {
    const current = await t.request("/api/notifications/settings", { cookie: c.cookie });
    const { preferences } = (await current.json()) as { preferences: NotificationPreferences };
    expect(preferences.testResults).toBe(false);
    const { testResults: _left, ...older } = preferences;
    const saved = await t.request("/api/notifications/preferences", {
      method: "PUT",
      cookie: c.cookie,
      body: { ...older, revisionDue: !older.revisionDue },
    });
    expect(saved.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, c.id));
    expect(row).toMatchObject({ testResults: false, revisionDue: !older.revisionDue });
    // As it was for the tests above.
    await setPreferences(c, { revisionDue: older.revisionDue });
  });
});
