import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_PUSH_DEVICES,
  type NotificationPreferences,
  type PushPayload,
} from "../../../shared/notifications.ts";
import { answerCopies, mainsQuestions } from "../../db/schema/evaluation.ts";
import { liveClasses, liveClassReminders } from "../../db/schema/live-classes.ts";
import { notificationPreferences, pushSubscriptions } from "../../db/schema/notifications.ts";
import { outbox as outboxTable } from "../../db/schema/outbox.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { createLogger } from "../../lib/logger.ts";
import { createOutboxMailer, type MailMessage } from "../../mail/mailer.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
  testVapidKeys,
} from "../../test/push-service-stand-in.ts";
import { setupTestApp, TEST_ORIGIN, type TestUser } from "../../test/test-app.ts";
import { evaluationMessages } from "../evaluation/mentor-desk.ts";
import { sendDueNotifications } from "./dispatcher.ts";
import { enqueueMessages } from "./outbox.ts";
import { createPushSender } from "./push-sender.ts";
import { createUnsubscribeToken } from "./unsubscribe-token.ts";

// Reminders end to end (decision 044): the app's routes, the dispatcher on an injected clock,
// real Web Push requests to a local stand-in that decrypts them, and the file outbox.

const users = {
  pusher: "student",
  mailed: "student",
  switchedOff: "student",
  liveStudent: "student",
  expired: "student",
  night: "student",
  racer: "student",
  other: "student",
  mentor: "mentor",
  admin: "admin",
} as const;
const setup = setupTestApp({ users, pushLookup: (hostname) => noLookup(hostname) });
const { t } = setup;

const SECRET = "test-secret-test-secret-test-secret-123";
/** No name is looked up here: the stand-in is an address, and a test reaches no network. */
const noLookup = async (hostname: string): Promise<never> => {
  throw new Error(`no lookup in tests: ${hostname}`);
};
let push: PushServiceStandIn;
let outboxDir: string;
const logger = createLogger("silent");

beforeAll(async () => {
  push = await startPushServiceStandIn();
  outboxDir = mkdtempSync(path.join(tmpdir(), "upsc-outbox-"));
});
afterAll(async () => {
  await push.close();
  rmSync(outboxDir, { recursive: true, force: true });
});

/** Today's India date and a time on it (or on a later day). */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const india = (hhmm: string, plusDays = 0) =>
  new Date(new Date(`${today}T${hhmm}:00+05:30`).getTime() + plusDays * 86_400_000);

function sweep(now: Date) {
  return sendDueNotifications(t.db, {
    deps: {
      mailer: createOutboxMailer(outboxDir, "UPSC Prep <no-reply@localhost>", logger),
      logger,
      publicUrl: TEST_ORIGIN,
      secret: SECRET,
      sendPush: createPushSender(
        { ...testVapidKeys, subject: "mailto:team@example.org" },
        { allowHttpLoopback: true, lookup: noLookup },
      ),
      settings: async () => ({ appTitle: "UPSC Prep", contactEmail: "team@example.org" }),
    },
    now,
  });
}

/** Mails in the outbox, as the file mailer wrote them. */
function outbox(to: string): MailMessage[] {
  return readdirSync(outboxDir)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outboxDir, name), "utf8")) as MailMessage)
    .filter((mail) => mail.to === to);
}

/** Subscribes a browser of the stand-in with the app's public key, through the API. */
async function subscribeDevice(student: TestUser) {
  const key = await t.request("/api/notifications/vapid-public-key");
  const { publicKey } = (await key.json()) as { publicKey: string };
  const subscription = push.subscribe(publicKey);
  const saved = await t.request("/api/notifications/subscriptions", {
    cookie: student.cookie,
    body: subscription,
  });
  expect(saved.status).toBe(201);
  return subscription;
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

async function evaluatedCopy(student: TestUser, evaluatedAt: Date) {
  const [question] = await t.db
    .insert(mainsQuestions)
    .values({ paper: "gs2", questionText: "Discuss federalism.", publishDate: today })
    .returning();
  if (!question) throw new Error("no question");
  const [copy] = await t.db
    .insert(answerCopies)
    .values({
      questionId: question.id,
      userId: student.id,
      status: "evaluated",
      format: "typed",
      typedAnswer: "My private answer text",
      marks: "7.5",
      comment: "A private comment",
      evaluatedAt,
    })
    .returning();
  if (!copy) throw new Error("no copy");
  // Publishing writes the "evaluated" reminder with the copy (docs/guides/messages.md); this
  // copy is made directly, so its reminder is enqueued here as publishing would.
  const published = evaluationMessages({
    copyId: copy.id,
    studentId: student.id,
    questionId: question.id,
    question: question.questionText,
    marks: 7.5,
    outOf: 10,
    now: evaluatedAt,
  }).filter((message) => message.kind === "answerEvaluated");
  await enqueueMessages(t.db, { messages: published, now: evaluatedAt });
  return { question, copy };
}

async function liveClassWithReminder(student: TestUser, startsAt: Date, title: string) {
  const [row] = await t.db
    .insert(liveClasses)
    .values({
      title,
      teacher: "Dr. Meera Rao",
      startsAt,
      durationMinutes: 60,
      joinUrl: "https://meet.example.org/class",
    })
    .returning();
  if (!row) throw new Error("no class");
  await t.db.insert(liveClassReminders).values({ userId: student.id, liveClassId: row.id });
  return row;
}

/** The student's reminders in the outbox, under the names the tests read. */
const deliveriesOf = (student: TestUser) =>
  t.db
    .select({
      type: outboxTable.kind,
      status: outboxTable.status,
      reason: outboxTable.reason,
      notBefore: outboxTable.dueAt,
      attempts: outboxTable.attempts,
      lastError: outboxTable.lastError,
    })
    .from(outboxTable)
    .where(eq(outboxTable.userId, student.id));
const devicesOf = (student: TestUser) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
const payloads = (endpoint: string) =>
  push.messagesFor(endpoint).map((m) => m.payload as PushPayload);

describe("the routes", () => {
  it("give the VAPID public key and a student's default switches", async () => {
    const key = await t.request("/api/notifications/vapid-public-key");
    expect(await key.json()).toEqual({ publicKey: testVapidKeys.publicKey });
    const settings = await t.request("/api/notifications/settings", {
      cookie: setup.other.cookie,
    });
    expect(await settings.json()).toEqual({
      preferences: {
        quizLive: true,
        answerEvaluated: true,
        revisionDue: true,
        liveClass: true,
        testResults: true,
        discussionReply: true,
        emailFallback: true,
      },
      devices: 0,
    });
  });

  it("are for students: a visitor gets 401, a mentor or an admin 403", async () => {
    const device = push.subscribe(testVapidKeys.publicKey);
    expect((await t.request("/api/notifications/subscriptions", { body: device })).status).toBe(
      401,
    );
    for (const user of [setup.mentor, setup.admin]) {
      const refused = await t.request("/api/notifications/subscriptions", {
        cookie: user.cookie,
        body: device,
      });
      expect(refused.status).toBe(403);
    }
    expect(await t.db.$count(pushSubscriptions)).toBe(0);
  });

  it("refuse an endpoint that is not https (or loopback http) and keys that are not P-256", async () => {
    const device = push.subscribe(testVapidKeys.publicKey);
    const cases = [
      { ...device, endpoint: "ftp://push.example.org/x" },
      { ...device, endpoint: "http://push.example.org/x" },
      { ...device, endpoint: "javascript:alert(1)" },
      { ...device, keys: { ...device.keys, p256dh: Buffer.alloc(65, 1).toString("base64url") } },
      { ...device, keys: { ...device.keys, auth: Buffer.alloc(8).toString("base64url") } },
      { ...device, keys: { p256dh: "not base64!", auth: device.keys.auth } },
    ];
    for (const body of cases) {
      const refused = await t.request("/api/notifications/subscriptions", {
        cookie: setup.other.cookie,
        body,
      });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /This browser gave invalid push (address|keys)|invalid push address/,
      );
    }
    expect(await devicesOf(setup.other)).toEqual([]);
  });

  it("save the switches all at once, refusing a partial or wrong body with nothing changed", async () => {
    await setPreferences(setup.other, { revisionDue: false });
    const before = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, setup.other.id));
    for (const body of [{ quizLive: false }, { ...before[0], quizLive: "no" }]) {
      const refused = await t.request("/api/notifications/preferences", {
        method: "PUT",
        cookie: setup.other.cookie,
        body,
      });
      expect(refused.status).toBe(422);
    }
    const after = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, setup.other.id));
    expect(after).toEqual(before);
    expect(after[0]?.revisionDue).toBe(false);
    await setPreferences(setup.other, { revisionDue: true });
  });

  it("let a student remove only their own device: another's endpoint is 404, its row unchanged", async () => {
    const device = await subscribeDevice(setup.racer);
    const before = await devicesOf(setup.racer);
    const refused = await t.request("/api/notifications/subscriptions", {
      method: "DELETE",
      cookie: setup.other.cookie,
      body: { endpoint: device.endpoint },
    });
    expect(refused.status).toBe(404);
    expect(await devicesOf(setup.racer)).toEqual(before);

    const removed = await t.request("/api/notifications/subscriptions", {
      method: "DELETE",
      cookie: setup.racer.cookie,
      body: { endpoint: device.endpoint },
    });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { devices: number }).devices).toBe(0);
    expect(await devicesOf(setup.racer)).toEqual([]);
  });
});

describe("devices", () => {
  it(`keep at most ${MAX_PUSH_DEVICES} per student: a new one replaces the oldest, the new one is kept`, async () => {
    const student = await t.createUser("student");
    const endpoints: string[] = [];
    for (let i = 0; i <= MAX_PUSH_DEVICES; i += 1) {
      endpoints.push((await subscribeDevice(student)).endpoint);
    }
    const kept = (await devicesOf(student)).map((device) => device.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(kept).toContain(endpoints.at(-1));
    // A twelfth replaces one of theirs: the table holds as many rows as before, so no other
    // student's device was taken.
    const others = await t.db.$count(pushSubscriptions);
    await subscribeDevice(student);
    expect(await t.db.$count(pushSubscriptions)).toBe(others);
  });
});

describe("the dispatcher", () => {
  let pusherDevice: { endpoint: string };
  let liveDevice: { endpoint: string };
  let offDevice: { endpoint: string };
  let expiredDevice: { endpoint: string };
  let quizId: string;

  beforeAll(async () => {
    pusherDevice = await subscribeDevice(setup.pusher);
    liveDevice = await subscribeDevice(setup.liveStudent);
    offDevice = await subscribeDevice(setup.switchedOff);
    expiredDevice = await subscribeDevice(setup.expired);
    await setPreferences(setup.switchedOff, { quizLive: false, answerEvaluated: false });
    await setPreferences(setup.liveStudent, { quizLive: false });
    for (const student of [setup.night, setup.racer, setup.other]) {
      await setPreferences(student, { quizLive: false });
    }
    const { quiz, questions } = await createQuizFixture(t.db, {
      title: "Daily current affairs, June",
    });
    quizId = quiz.id;
    // Two cards due today for the pusher.
    await t.db.insert(revisionCards).values(
      questions.slice(0, 2).map((q) => ({
        userId: setup.pusher.id,
        questionId: q.id,
        source: "wrong" as const,
        due: india("06:00"),
      })),
    );
    await evaluatedCopy(setup.pusher, india("09:30"));
    await evaluatedCopy(setup.switchedOff, india("09:30"));
    await evaluatedCopy(setup.mailed, india("09:30"));
  });

  it("pushes each kind, encrypted for the device: the stand-in decrypts title, body and link only", async () => {
    const sent = await sweep(india("10:00"));
    const got = payloads(pusherDevice.endpoint);
    expect(got.map((p) => p.title).sort()).toEqual([
      "Revision cards are due",
      "Today's quiz is live",
      "Your answer has been evaluated",
    ]);
    const quiz = got.find((p) => p.title === "Today's quiz is live");
    expect(quiz).toEqual({
      title: "Today's quiz is live",
      body: '"Daily current affairs, June" is ready. Take it now and see where you stand.',
      url: `${TEST_ORIGIN}/quiz/${quizId}/attempt`,
      tag: expect.stringMatching(/^quizLive:/),
    });
    expect(got.find((p) => p.title === "Revision cards are due")?.body).toMatch(
      /revision today: 2\./,
    );
    const evaluated = got.find((p) => p.title === "Your answer has been evaluated");
    expect(evaluated?.url).toMatch(/\/student\/answer-evaluation\/[\w-]+$/);
    // No answer data in any payload.
    expect(JSON.stringify(got)).not.toMatch(/7\.5|private/);
    // The protocol: VAPID for the stand-in's origin, a TTL no longer than the day, Urgency.
    for (const message of push.messagesFor(pusherDevice.endpoint)) {
      expect(message.claims.aud).toBe(push.origin);
      expect(message.claims.sub).toBe("mailto:team@example.org");
      expect(message.urgency).toBe("normal");
      expect(message.ttl).toBeGreaterThan(0);
    }
    expect(push.messagesFor(pusherDevice.endpoint).find((m) => m.topic === "quizLive")?.ttl).toBe(
      14 * 3600,
    );
    expect(push.refused.filter((r) => r.status !== 410)).toEqual([]);
    expect(sent.push).toBeGreaterThanOrEqual(3);
    const [device] = await devicesOf(setup.pusher);
    expect(device?.lastSuccessAt?.toISOString()).toBe(india("10:00").toISOString());
  });

  it("sends nothing for a kind switched off, even to a subscribed device", async () => {
    expect(push.messagesFor(offDevice.endpoint)).toEqual([]);
    const rows = await deliveriesOf(setup.switchedOff);
    expect(rows.map((r) => [r.type, r.status, r.reason]).sort()).toEqual([
      ["answerEvaluated", "dropped", "off"],
      ["quizLive", "dropped", "off"],
    ]);
  });

  it("emails a student without push, with one-click unsubscribe headers and link", async () => {
    const mails = outbox(setup.mailed.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Today's quiz is live");
    expect(mail?.text).toContain(`${TEST_ORIGIN}/quiz/${quizId}/attempt`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const post = /^<(.+)>$/.exec(mail?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(post).toMatch(/^http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=/);
    expect(mail?.text).toContain(`${TEST_ORIGIN}/unsubscribe?token=`);
    // The evaluated answer has its own mail at publishing: never a second one from here.
    const evaluated = (await deliveriesOf(setup.mailed)).find((r) => r.type === "answerEvaluated");
    expect([evaluated?.status, evaluated?.reason]).toEqual(["dropped", "no_channel"]);

    // RFC 8058: the mail app POSTs the form body, with no cookie and no Origin.
    const unsubscribed = await t.app.request(post.replace(TEST_ORIGIN, ""), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, setup.mailed.id));
    expect(row?.emailFallback).toBe(false);
    expect(row?.quizLive).toBe(true);
    const page = await t.request(post.replace(TEST_ORIGIN, ""));
    expect(await page.json()).toEqual({ emailFallback: false });
  });

  it("refuses a bad unsubscribe token with 400 and changes nothing", async () => {
    const rowsBefore = await t.db.select().from(notificationPreferences);
    const genuine = createUnsubscribeToken(SECRET, setup.other.id);
    const [, signature] = genuine.split(".");
    const forged = [
      `${Buffer.from(setup.pusher.id).toString("base64url")}.${signature}`,
      createUnsubscribeToken("another-secret-another-secret-12345", setup.other.id),
      `${genuine}x`,
      "garbage",
      createUnsubscribeToken(SECRET, "no-such-user"),
    ];
    for (const token of forged) {
      for (const method of ["GET", "POST"]) {
        const refused = await t.request(
          `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
          { method },
        );
        expect(refused.status).toBe(400);
      }
    }
    expect(await t.db.select().from(notificationPreferences)).toEqual(rowsBefore);
  });

  it("sends each reminder once: a second sweep finds nothing new", async () => {
    const before = push.received.length;
    const files = readdirSync(outboxDir).length;
    const sent = await sweep(india("10:05"));
    expect(sent).toEqual({ push: 0, email: 0 });
    expect(push.received.length).toBe(before);
    expect(readdirSync(outboxDir).length).toBe(files);
  });

  it("keeps to the daily cap: a fourth reminder that cannot wait for tomorrow is dropped", async () => {
    await liveClassWithReminder(setup.pusher, india("12:10"), "Polity live");
    await sweep(india("12:00"));
    expect(payloads(pusherDevice.endpoint)).toHaveLength(3);
    const live = (await deliveriesOf(setup.pusher)).find((r) => r.type === "liveClass");
    expect([live?.status, live?.reason]).toEqual(["dropped", "cap"]);
  });

  it("announces a live class 15 minutes ahead with high urgency and a TTL up to its start", async () => {
    await liveClassWithReminder(setup.liveStudent, india("13:20"), "Economy live");
    await sweep(india("13:00")); // 20 minutes before: not yet
    expect(push.messagesFor(liveDevice.endpoint)).toEqual([]);
    await sweep(india("13:06"));
    const [message] = push.messagesFor(liveDevice.endpoint);
    expect(message?.payload).toMatchObject({
      title: "Starting soon: Economy live",
      body: expect.stringMatching(/starts at 1:20\s?pm \(India time\)/i),
      url: `${TEST_ORIGIN}/live-classes`,
    });
    expect(message?.urgency).toBe("high");
    expect(message?.ttl).toBe(14 * 60);
  });

  it("deletes a subscription the push service calls gone (410)", async () => {
    push.expire(expiredDevice.endpoint);
    // The quiz reminder was sent at 10:00; a new evaluated answer arrives.
    await evaluatedCopy(setup.expired, india("14:00"));
    await sweep(india("14:01"));
    expect(
      push.refused.some((r) => r.endpoint === expiredDevice.endpoint && r.status === 410),
    ).toBe(true);
    expect(await devicesOf(setup.expired)).toEqual([]);
    const row = (await deliveriesOf(setup.expired)).find((r) => r.type === "answerEvaluated");
    // An evaluated answer has no email fallback (its own mail went at publishing): failed, gone.
    expect([row?.status, row?.reason]).toEqual(["failed", "gone"]);
  });

  it("keeps a device at an address the server refuses to reach: a failure like any other (tried again later), never gone", async () => {
    const student = await t.createUser("student");
    // A row from before the address rule (registration now refuses it): the metadata service.
    const device = push.subscribe(testVapidKeys.publicKey);
    await t.db.insert(pushSubscriptions).values({
      userId: student.id,
      endpoint: "https://169.254.169.254/latest/meta-data/",
      ...device.keys,
    });
    const requests = push.received.length + push.refused.length;
    await evaluatedCopy(student, india("14:30"));
    await sweep(india("14:31"));
    expect(push.received.length + push.refused.length).toBe(requests);
    expect(await devicesOf(student)).toHaveLength(1);
    const row = (await deliveriesOf(student)).find((r) => r.type === "answerEvaluated");
    expect([row?.status, row?.attempts, row?.lastError]).toEqual(["pending", 1, "push failed"]);
  });

  it("holds a reminder through quiet hours until 07:00 and drops one that expires before", async () => {
    const device = await subscribeDevice(setup.night);
    await evaluatedCopy(setup.night, india("22:30"));
    await liveClassWithReminder(setup.night, india("23:10"), "Late class");
    await sweep(india("23:00"));
    expect(push.messagesFor(device.endpoint)).toEqual([]);
    const rows = await deliveriesOf(setup.night);
    const live = rows.find((r) => r.type === "liveClass");
    expect([live?.status, live?.reason]).toEqual(["dropped", "quiet_hours"]);
    const held = rows.find((r) => r.type === "answerEvaluated");
    expect(held?.status).toBe("pending");
    expect(held?.notBefore.toISOString()).toBe(india("07:00", 1).toISOString());

    await sweep(india("06:59", 1));
    expect(push.messagesFor(device.endpoint)).toEqual([]);
    await sweep(india("07:00", 1));
    expect(payloads(device.endpoint).map((p) => p.title)).toEqual([
      "Your answer has been evaluated",
    ]);
  });

  it("sends once when two instances sweep at the same moment", async () => {
    const device = await subscribeDevice(setup.racer);
    await evaluatedCopy(setup.racer, india("08:00", 1));
    await Promise.all([sweep(india("08:01", 1)), sweep(india("08:01", 1))]);
    expect(push.messagesFor(device.endpoint)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(outboxTable)
      .where(and(eq(outboxTable.userId, setup.racer.id), eq(outboxTable.kind, "answerEvaluated")));
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });
});
