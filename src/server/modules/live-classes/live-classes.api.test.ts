import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { videoLessons } from "../../db/schema/library.ts";
import {
  liveClassAttendance,
  liveClasses,
  liveClassReminders,
} from "../../db/schema/live-classes.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createLogger } from "../../lib/logger.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { activateTestPlan } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { createOutbox } from "../notifications/outbox.ts";
import { joinLiveClass } from "./live-classes.ts";

const { t, admin, student, subscriber } = setupTestApp({
  users: { admin: "admin", student: "student", subscriber: "student" },
});

const HOUR = 3_600_000;
let n = 0;

/** A class starting `inHours` from now (negative: in the past), through the admin API. */
async function scheduleClass(
  options: {
    inHours?: number;
    isFree?: boolean;
    durationMinutes?: number;
    title?: string;
    titleHi?: string;
  } = {},
) {
  n += 1;
  const response = await t.request("/api/admin/live-classes", {
    cookie: admin.cookie,
    body: {
      title: options.title ?? `Polity live ${n}`,
      ...(options.titleHi ? { titleHi: options.titleHi } : {}),
      teacher: "Dr. Meera Rao",
      startsAt: new Date(Date.now() + (options.inHours ?? 24) * HOUR).toISOString(),
      durationMinutes: options.durationMinutes ?? 60,
      joinUrl: `https://meet.example.org/class-${n}`,
      recordingUrl: null,
      isFree: options.isFree ?? true,
    },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const rowsOf = async (id: string) => t.db.select().from(liveClasses).where(eq(liveClasses.id, id));
const remindersOf = async (id: string) =>
  t.db.select().from(liveClassReminders).where(eq(liveClassReminders.liveClassId, id));

async function list(user: TestUser | null, query = "") {
  const response = await t.request(`/api/live-classes${query}`, { cookie: user?.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    items: {
      id: string;
      locked: boolean;
      canJoin: boolean;
      status: string;
      recordingUrl: string | null;
      reminded: boolean;
    }[];
    total: number;
  };
}

describe("admins schedule live classes", () => {
  it("creates, edits, lists and deletes a class", async () => {
    const id = await scheduleClass({ title: "Federalism and the Seventh Schedule" });
    const adminList = await t.request("/api/admin/live-classes?search=seventh", {
      cookie: admin.cookie,
    });
    const page = (await adminList.json()) as { items: { id: string; joinUrl: string }[] };
    expect(page.items.map((c) => c.id)).toEqual([id]);
    expect(page.items[0]?.joinUrl).toMatch(/^https:\/\/meet\.example\.org\//);

    const [before] = await rowsOf(id);
    const edited = await t.request(`/api/admin/live-classes/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: {
        title: "Federalism, revised",
        teacher: "Dr. Meera Rao",
        startsAt: before?.startsAt.toISOString(),
        durationMinutes: 90,
        joinUrl: "https://meet.example.org/new",
        recordingUrl: "https://videos.example.org/recording",
        isFree: false,
      },
    });
    expect(edited.status).toBe(200);
    const [after] = await rowsOf(id);
    expect(after).toMatchObject({
      title: "Federalism, revised",
      durationMinutes: 90,
      isFree: false,
    });

    const removed = await t.request(`/api/admin/live-classes/${id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("refuses bad input with a 422 and changes nothing", async () => {
    const id = await scheduleClass();
    const [before] = await rowsOf(id);
    const bad = [
      { joinUrl: "javascript:alert(1)" },
      { joinUrl: "http://meet.example.org/plain-http" },
      { durationMinutes: 5 },
      { durationMinutes: 481 },
      { title: "   " },
      { startsAt: "tomorrow" },
      { recordingUrl: "ftp://files.example.org/x" },
      { topicId: "8a1c6a7e-8c48-4a3e-9d8f-000000000000" },
      { recordingVideoId: "8a1c6a7e-8c48-4a3e-9d8f-000000000000" },
    ];
    for (const change of bad) {
      const response = await t.request(`/api/admin/live-classes/${id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: {
          title: "Changed",
          teacher: "Someone",
          startsAt: new Date(Date.now() + HOUR).toISOString(),
          durationMinutes: 60,
          joinUrl: "https://meet.example.org/changed",
          ...change,
        },
      });
      expect(response.status, JSON.stringify(change)).toBe(422);
    }
    expect(await rowsOf(id)).toEqual([before]);
  });

  it("refuses a topic of another subject, and takes the subject from a topic", async () => {
    const [polity] = await t.db.insert(subjects).values({ name: "Polity LC" }).returning();
    const [history] = await t.db.insert(subjects).values({ name: "History LC" }).returning();
    const [topic] = await t.db
      .insert(topics)
      .values({ subjectId: polity!.id, name: "Parliament" })
      .returning();
    const body = {
      title: "Parliament",
      teacher: "A. Teacher",
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      durationMinutes: 60,
      joinUrl: "https://meet.example.org/p",
    };
    const before = await t.db.select().from(liveClasses);
    const wrong = await t.request("/api/admin/live-classes", {
      cookie: admin.cookie,
      body: { ...body, subjectId: history!.id, topicId: topic!.id },
    });
    expect(wrong.status).toBe(422);
    expect(await t.db.select().from(liveClasses)).toEqual(before);
    const right = await t.request("/api/admin/live-classes", {
      cookie: admin.cookie,
      body: { ...body, topicId: topic!.id },
    });
    const { id } = (await right.json()) as { id: string };
    expect((await rowsOf(id))[0]?.subjectId).toBe(polity!.id);
  });

  it("is for admins only: a student gets 403 and nothing changes", async () => {
    const id = await scheduleClass();
    const [before] = await rowsOf(id);
    const all = await t.db.select().from(liveClasses);
    const create = await t.request("/api/admin/live-classes", {
      cookie: student.cookie,
      body: {
        title: "Mine",
        teacher: "Me",
        startsAt: new Date().toISOString(),
        durationMinutes: 60,
        joinUrl: "https://meet.example.org/x",
      },
    });
    expect(create.status).toBe(403);
    const remove = await t.request(`/api/admin/live-classes/${id}`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect(remove.status).toBe(403);
    expect((await t.request("/api/admin/live-classes", { cookie: student.cookie })).status).toBe(
      403,
    );
    expect(await rowsOf(id)).toEqual([before]);
    expect(await t.db.select().from(liveClasses)).toEqual(all);
  });
});

describe("the schedule", () => {
  it("shows upcoming classes (live first) and past ones apart, with no join link in them", async () => {
    const live = await scheduleClass({ inHours: -0.5 });
    const later = await scheduleClass({ inHours: 5 });
    const past = await scheduleClass({ inHours: -5 });
    const upcoming = await list(null, "?when=upcoming&pageSize=100");
    const ids = upcoming.items.map((c) => c.id);
    expect(ids.indexOf(live)).toBeLessThan(ids.indexOf(later));
    expect(ids).not.toContain(past);
    expect(upcoming.items.find((c) => c.id === live)?.status).toBe("live");
    expect(JSON.stringify(upcoming)).not.toContain("meet.example.org");
    const ended = await list(null, "?when=past&pageSize=100");
    expect(ended.items.map((c) => c.id)).toContain(past);
  });

  it("locks premium classes for visitors and students without a plan, not for subscribers", async () => {
    const id = await scheduleClass({ inHours: 0.1, isFree: false });
    await activateTestPlan(t.db, subscriber.id);
    const find = async (user: TestUser | null) =>
      (await list(user, "?pageSize=100")).items.find((c) => c.id === id);
    expect(await find(null)).toMatchObject({ locked: true, canJoin: false });
    expect(await find(student)).toMatchObject({ locked: true, canJoin: false });
    expect(await find(subscriber)).toMatchObject({ locked: false, canJoin: true });
  });

  it("gives the recording only to those allowed, after the class", async () => {
    const id = await scheduleClass({ inHours: -3, isFree: false });
    await t.db
      .update(liveClasses)
      .set({ recordingUrl: "https://videos.example.org/rec-1" })
      .where(eq(liveClasses.id, id));
    const get = async (user: TestUser) =>
      (await (await t.request(`/api/live-classes/${id}`, { cookie: user.cookie })).json()) as {
        recordingUrl: string | null;
        hasRecording: boolean;
      };
    expect(await get(student)).toMatchObject({ recordingUrl: null, hasRecording: true });
    expect(await get(subscriber)).toMatchObject({
      recordingUrl: "https://videos.example.org/rec-1",
    });

    // Or the recording uploaded as a video lesson: its page, only for those allowed.
    const [lesson] = await t.db
      .insert(videoLessons)
      .values({
        title: "Recording",
        source: "youtube",
        embedId: "dQw4w9WgXcQ",
        publishedAt: new Date(),
      })
      .returning();
    const [row] = await rowsOf(id);
    const put = await t.request(`/api/admin/live-classes/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: {
        title: row!.title,
        teacher: row!.teacher,
        startsAt: row!.startsAt.toISOString(),
        durationMinutes: row!.durationMinutes,
        joinUrl: row!.joinUrl,
        recordingVideoId: lesson!.id,
        isFree: false,
      },
    });
    expect(put.status).toBe(200);
    const paths = async (user: TestUser) =>
      (await (await t.request(`/api/live-classes/${id}`, { cookie: user.cookie })).json()) as {
        recordingPath: string | null;
        hasRecording: boolean;
      };
    expect(await paths(student)).toMatchObject({ recordingPath: null, hasRecording: true });
    expect(await paths(subscriber)).toMatchObject({ recordingPath: `/videos/${lesson!.id}` });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await t.request("/api/live-classes/not-a-uuid")).status).toBe(404);
    const unknown = "0b0e8f1e-1111-4111-8111-111111111111";
    expect((await t.request(`/api/live-classes/${unknown}`)).status).toBe(404);
    expect((await t.request(`/api/live-classes/${unknown}/calendar.ics`)).status).toBe(404);
  });

  it("names the class live now or next for the home page", async () => {
    const response = await t.request("/api/live-classes/next");
    const body = (await response.json()) as { liveClass: { status: string } | null };
    expect(body.liveClass?.status).toMatch(/^(live|upcoming)$/);
  });
});

describe("joining", () => {
  it("redirects to the link when the door is open and records attendance", async () => {
    const id = await scheduleClass({ inHours: 0.1 });
    const response = await t.request(`/api/live-classes/${id}/join`, { cookie: student.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^https:\/\/meet\.example\.org\//);
    const attendance = await t.db
      .select()
      .from(liveClassAttendance)
      .where(eq(liveClassAttendance.liveClassId, id));
    expect(attendance.map((a) => a.userId)).toEqual([student.id]);
  });

  it("refuses a premium class to a student without a plan (403, plans link, nothing stored)", async () => {
    const id = await scheduleClass({ inHours: 0.1, isFree: false });
    const response = await t.request(`/api/live-classes/${id}/join`, { cookie: student.cookie });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { details: { plansUrl: string } } };
    expect(body.error.details.plansUrl).toBe("/student/subscriptions");
    expect(response.headers.get("location")).toBeNull();
    expect(
      await t.db.select().from(liveClassAttendance).where(eq(liveClassAttendance.liveClassId, id)),
    ).toEqual([]);
  });

  it("needs an account", async () => {
    const id = await scheduleClass({ inHours: 0.1 });
    expect((await t.request(`/api/live-classes/${id}/join`)).status).toBe(401);
  });

  it("opens 15 minutes before the start and closes at the end (on an injected clock)", async () => {
    const id = await scheduleClass({ inHours: 48, durationMinutes: 60 });
    const [row] = await rowsOf(id);
    const start = row!.startsAt.getTime();
    const viewer = { userId: student.id, role: "student" as const };
    await expect(
      joinLiveClass(t.db, { viewer, id, now: new Date(start - 16 * 60_000) }),
    ).rejects.toThrow(/opens 15 minutes before/);
    await expect(
      joinLiveClass(t.db, { viewer, id, now: new Date(start + 60 * 60_000) }),
    ).rejects.toThrow(/has ended/);
    await expect(
      joinLiveClass(t.db, { viewer, id, now: new Date(start - 15 * 60_000) }),
    ).resolves.toBe(row!.joinUrl);
  });
});

describe("the calendar file", () => {
  it("is an iCalendar event with the class's times and the page, not the join link", async () => {
    const id = await scheduleClass({ inHours: 30, title: "Economy; GDP, and growth" });
    const [row] = await rowsOf(id);
    const response = await t.request(`/api/live-classes/${id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const ics = await response.text();
    const utc = (at: Date) =>
      at
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(ics).toContain("BEGIN:VCALENDAR\r\n");
    expect(ics).toContain(`DTSTART:${utc(row!.startsAt)}\r\n`);
    expect(ics).toContain(`DTEND:${utc(new Date(row!.startsAt.getTime() + 3_600_000))}\r\n`);
    expect(ics).toContain("SUMMARY:Economy\\; GDP\\, and growth\r\n");
    expect(ics).toContain("TRIGGER:-PT15M");
    expect(ics).toContain("URL:http://localhost:3000/live-classes");
    expect(ics).not.toContain("meet.example.org");
  });

  it("carries no raw line break from an admin's title: a lone CR is escaped like a newline", async () => {
    const id = await scheduleClass({ title: "Polity\rX-INJECTED:1\r\nmore\nend" });
    const ics = await (await t.request(`/api/live-classes/${id}/calendar.ics`)).text();
    expect(ics).toContain("SUMMARY:Polity\\nX-INJECTED:1\\nmore\\nend\r\n");
    // Every CR is part of a CRLF line end; no line starts with the injected property.
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics.split("\r\n").some((line) => line.startsWith("X-INJECTED"))).toBe(false);
  });

  it("is in Hindi for a Hindi reader where the class has a Hindi title (profile, else the lang cookie)", async () => {
    const id = await scheduleClass({ title: "Polity live", titleHi: "राजव्यवस्था लाइव" });
    const summary = async (init: { cookie?: string; headers?: Record<string, string> }) =>
      /^SUMMARY[^\r]*/m.exec(
        await (await t.request(`/api/live-classes/${id}/calendar.ics`, init)).text(),
      )?.[0];
    expect(await summary({})).toBe("SUMMARY:Polity live");
    expect(await summary({ headers: { cookie: "lang=hi" } })).toBe(
      "SUMMARY;LANGUAGE=hi:राजव्यवस्था लाइव",
    );
    const reader = await t.createUser("student");
    const chosen = await t.request("/api/account/language", {
      method: "PUT",
      cookie: reader.cookie,
      body: { language: "hi" },
    });
    expect(chosen.status).toBe(200);
    expect(await summary({ cookie: reader.cookie })).toBe("SUMMARY;LANGUAGE=hi:राजव्यवस्था लाइव");
    // Without a Hindi title, the English one, for every reader.
    const plain = await scheduleClass({ title: "Economy live" });
    const ics = await (
      await t.request(`/api/live-classes/${plain}/calendar.ics`, { headers: { cookie: "lang=hi" } })
    ).text();
    expect(ics).toContain("SUMMARY:Economy live\r\n");
  });
});

describe("reminders", () => {
  it("sets and clears a reminder; refuses one for an ended class or a locked one", async () => {
    const id = await scheduleClass({ inHours: 2 });
    const set = await t.request(`/api/live-classes/${id}/reminder`, {
      method: "PUT",
      cookie: student.cookie,
    });
    expect(await set.json()).toEqual({ reminded: true });
    expect((await list(student, "?pageSize=100")).items.find((c) => c.id === id)?.reminded).toBe(
      true,
    );
    // Another student's reminders are their own.
    expect((await list(subscriber, "?pageSize=100")).items.find((c) => c.id === id)?.reminded).toBe(
      false,
    );
    await t.request(`/api/live-classes/${id}/reminder`, {
      method: "DELETE",
      cookie: student.cookie,
    });
    expect(await remindersOf(id)).toEqual([]);

    const ended = await scheduleClass({ inHours: -3 });
    const late = await t.request(`/api/live-classes/${ended}/reminder`, {
      method: "PUT",
      cookie: student.cookie,
    });
    expect(late.status).toBe(409);
    expect(await remindersOf(ended)).toEqual([]);

    const premium = await scheduleClass({ inHours: 2, isFree: false });
    const locked = await t.request(`/api/live-classes/${premium}/reminder`, {
      method: "PUT",
      cookie: student.cookie,
    });
    expect(locked.status).toBe(403);
    expect(await remindersOf(premium)).toEqual([]);
  });

  it("mails each reminder once, 30 minutes before, and again after the class is moved", async () => {
    const id = await scheduleClass({ inHours: 72, title: "Ethics case studies" });
    await t.request(`/api/live-classes/${id}/reminder`, { method: "PUT", cookie: student.cookie });
    const [row] = await rowsOf(id);
    const start = row!.startsAt.getTime();
    const mail: MailMessage[] = [];
    // The reminder mails are the outbox's (docs/guides/messages.md): its sweep plans and sends them.
    const outbox = createOutbox(t.db, {
      mailer: { send: async (m: MailMessage) => void mail.push(m) },
      logger: createLogger("silent"),
      publicUrl: "http://localhost:3000",
      secret: "test-secret-test-secret-test-secret-123",
      sendPush: async () => "failed",
      settings: async () => ({ appTitle: "My Exam App", contactEmail: "contact@example.com" }),
    });
    await outbox.sweep(new Date(start - 31 * 60_000));
    expect(mail.filter((m) => m.to === student.email)).toEqual([]);
    await outbox.sweep(new Date(start - 29 * 60_000));
    await outbox.sweep(new Date(start - 20 * 60_000));
    const mine = mail.filter((m) => m.to === student.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe("Starting soon: Ethics case studies");
    expect(mine[0]?.text).toContain("http://localhost:3000/live-classes");
    expect(mine[0]?.text).not.toContain("meet.example.org");

    // Moved a day later: the reminder goes again for the new time.
    const moved = await t.request(`/api/admin/live-classes/${id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: {
        title: row!.title,
        teacher: row!.teacher,
        startsAt: new Date(start + 24 * HOUR).toISOString(),
        durationMinutes: row!.durationMinutes,
        joinUrl: row!.joinUrl,
      },
    });
    expect(moved.status).toBe(200);
    expect((await remindersOf(id))[0]?.sentAt).toBeNull();
    await outbox.sweep(new Date(start + 24 * HOUR - 10 * 60_000));
    expect(mail.filter((m) => m.to === student.email)).toHaveLength(2);
  });
});
