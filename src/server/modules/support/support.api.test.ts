import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/outbox.ts";
import { feedback, supportTickets } from "../../db/schema/support.ts";
import { createLogger } from "../../lib/logger.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { createOutbox } from "../notifications/outbox.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { answerTicket, createTicket } from "./support.service.ts";

const { t, admin, student, other } = setupTestApp({
  users: { admin: "admin", student: "student", other: "student" },
});

let ipCounter = 0;
/** Each test sends from its own address, so the form's limit does not carry over. */
const freshIp = () => `10.0.0.${++ipCounter}`;

const ticket = (overrides: Record<string, unknown> = {}) => ({
  name: "Asha Rao",
  email: "asha@example.com",
  subject: "Payment taken twice",
  message: "I paid for Pro Monthly and was charged twice.",
  ...overrides,
});

async function send(body: unknown, init: { cookie?: string; ip?: string } = {}) {
  const response = await t.request("/api/support/tickets", { body, ...init });
  return { status: response.status, body: await response.json() };
}

async function call(path: string, init: Parameters<typeof t.request>[1] = {}) {
  const response = await t.request(path, init);
  return { status: response.status, body: await response.json() };
}

describe("support requests", () => {
  it("goes from a student to the team by mail, is answered and closed, and the answer comes back to the account's email", async () => {
    const mailsBefore = t.mail.length;
    // The form says another address: a signed-in student is answered at their account's.
    const sent = await send(ticket(), { cookie: student.cookie, ip: freshIp() });
    expect(sent.status).toBe(201);
    const [stored] = await t.db
      .select({ email: supportTickets.email })
      .from(supportTickets)
      .where(eq(supportTickets.id, sent.body.id));
    expect(stored?.email).toBe(student.email);
    expect(sent.body).toMatchObject({ status: "open", subject: "Payment taken twice" });
    const toTeam = t.mail.slice(mailsBefore);
    expect(toTeam).toHaveLength(1);
    expect(toTeam[0]).toMatchObject({
      to: "contact@example.com",
      replyTo: student.email,
      subject: "[My Exam App support] Payment taken twice",
    });
    expect(toTeam[0]?.text).toContain("charged twice");
    expect(toTeam[0]?.text).toContain("http://localhost:3000/admin/support");

    const mine = await call("/api/support/tickets", { cookie: student.cookie });
    expect(mine.body.items.map((x: { id: string }) => x.id)).toContain(sent.body.id);

    const listed = await call("/api/admin/support/tickets?status=open", { cookie: admin.cookie });
    expect(listed.body.items[0]).toMatchObject({ id: sent.body.id, email: student.email });

    const answered = await call(`/api/admin/support/tickets/${sent.body.id}/answer`, {
      cookie: admin.cookie,
      body: { answer: "We have refunded the second payment.", close: true },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ mailSent: true, ticket: { status: "closed" } });
    const reply = t.mail.at(-1);
    expect(reply).toMatchObject({
      to: student.email,
      replyTo: "contact@example.com",
      subject: "Re: Payment taken twice",
    });
    expect(reply?.text).toContain("We have refunded the second payment.");

    const seen = await call(`/api/support/tickets/${sent.body.id}`, { cookie: student.cookie });
    expect(seen.body).toMatchObject({
      status: "closed",
      answer: "We have refunded the second payment.",
    });
    // A closed request takes no further answer.
    const late = await call(`/api/admin/support/tickets/${sent.body.id}/answer`, {
      cookie: admin.cookie,
      body: { answer: "More." },
    });
    expect(late.status).toBe(409);
  });

  it("takes a visitor's request, stored without a user", async () => {
    const sent = await send(ticket({ email: "visitor@example.com" }), { ip: freshIp() });
    expect(sent.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, sent.body.id));
    expect(row).toMatchObject({ userId: null, email: "visitor@example.com", status: "open" });
  });

  it("refuses bad input with 422 and stores nothing", async () => {
    const before = (await t.db.select().from(supportTickets)).length;
    const cases = [
      [ticket({ email: "nope" }), "Enter a valid email address."],
      [ticket({ name: " " }), "Name is required."],
      [ticket({ subject: "" }), "Subject is required."],
      [ticket({ message: "short" }), "Please describe the problem in at least 10 characters."],
      [ticket({ message: "x".repeat(5001) }), "Message is too long (5000 characters at most)."],
    ] as const;
    for (const [body, message] of cases) {
      const response = await send(body, { ip: freshIp() });
      expect(response.status).toBe(422);
      expect(response.body.error.message).toBe(message);
    }
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
  });

  it("limits a sender to five requests, then refuses with 429 and stores nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(ticket({ subject: `Try ${i}` }), { ip })).status).toBe(201);
    }
    const before = (await t.db.select().from(supportTickets)).length;
    const mails = t.mail.length;
    const refused = await send(ticket({ subject: "Try 6" }), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe("Too many messages. Please try again in 10 minutes.");
    expect((await t.db.select().from(supportTickets)).length).toBe(before);
    expect(t.mail.length).toBe(mails);
    // Another address is not held back.
    expect((await send(ticket(), { ip: freshIp() })).status).toBe(201);
  });

  it("keeps each student's requests their own", async () => {
    const sent = await send(ticket({ subject: "Private matter" }), {
      cookie: student.cookie,
      ip: freshIp(),
    });
    const id = sent.body.id as string;
    expect((await call(`/api/support/tickets/${id}`, { cookie: other.cookie })).status).toBe(404);
    const theirs = await call("/api/support/tickets", { cookie: other.cookie });
    expect(theirs.body.items.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await call(`/api/support/tickets/${id}`)).status).toBe(401);
    expect((await call("/api/support/tickets")).status).toBe(401);
  });

  it("lets only admins list, read, answer and close, and a refused write changes nothing", async () => {
    const sent = await send(ticket(), { cookie: student.cookie, ip: freshIp() });
    const id = sent.body.id as string;
    const [before] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    const mails = t.mail.length;
    for (const cookie of [student.cookie, other.cookie]) {
      expect((await call("/api/admin/support/tickets", { cookie })).status).toBe(403);
      expect((await call(`/api/admin/support/tickets/${id}`, { cookie })).status).toBe(403);
      const answer = await call(`/api/admin/support/tickets/${id}/answer`, {
        cookie,
        body: { answer: "Hacked" },
      });
      expect(answer.status).toBe(403);
      expect(
        (await call(`/api/admin/support/tickets/${id}/close`, { cookie, body: {} })).status,
      ).toBe(403);
      expect((await call("/api/admin/support/feedback", { cookie })).status).toBe(403);
    }
    const blank = await call(`/api/admin/support/tickets/${id}/answer`, {
      cookie: admin.cookie,
      body: { answer: "  " },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.error.message).toBe("Write an answer.");
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await call(`/api/admin/support/tickets/${missing}/answer`, {
          cookie: admin.cookie,
          body: { answer: "Hello" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/api/admin/support/tickets/${missing}`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.id, id))).toEqual([
      before,
    ]);
    expect(t.mail.length).toBe(mails);

    const closed = await call(`/api/admin/support/tickets/${id}/close`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(closed.body).toMatchObject({ status: "closed", answer: null });
    const detail = await call(`/api/admin/support/tickets/${id}`, { cookie: admin.cookie });
    expect(detail.body).toMatchObject({ id, status: "closed", name: "Asha Rao" });
  });

  it("still stores the request when the mail cannot be sent, and says so", async () => {
    const warnings: string[] = [];
    const mailer = { send: async () => Promise.reject(new Error("SMTP down")) };
    const deps = {
      mailer,
      logger: { ...createLogger("silent"), warn: (msg: string) => void warnings.push(msg) },
      publicUrl: "http://localhost:3000",
      getSettings: () => getSiteSettings(t.db),
      // The answer goes through the outbox (docs/guides/messages.md), which logs on its own.
      outbox: createOutbox(t.db, {
        mailer,
        logger: createLogger("silent"),
        publicUrl: "http://localhost:3000",
        secret: "test-secret-test-secret-test-secret-123",
        sendPush: async () => "failed",
        settings: () => getSiteSettings(t.db),
      }),
    };
    const stored = await createTicket(t.db, {
      deps,
      sender: { userId: null, accountEmail: null, ip: freshIp() },
      input: ticket({ subject: "Mail is down" }),
      now: new Date(),
    });
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, stored.id));
    expect(row?.subject).toBe("Mail is down");
    expect(warnings).toEqual(["support mail not sent"]);
    const answered = await answerTicket(t.db, {
      deps,
      admin: { userId: admin.id },
      id: stored.id,
      input: { answer: "Answered while mail is down." },
      now: new Date(),
    });
    expect(answered).toMatchObject({ mailSent: false, ticket: { status: "answered" } });
    // The mail waits in the outbox for the next try.
    const [message] = await t.db
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `supportAnswer:${stored.id}@%`));
    expect(message).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP down" });
  });
});

describe("feedback", () => {
  it("is stored from anyone and listed for admins, newest first", async () => {
    const sent = await call("/api/support/feedback", {
      ip: freshIp(),
      body: { name: "", email: "", rating: 4, message: "The Hindi mocks are great." },
    });
    expect(sent.status).toBe(201);
    const fromStudent = await call("/api/support/feedback", {
      cookie: student.cookie,
      ip: freshIp(),
      body: { message: "Please add more CSAT tests." },
    });
    expect(fromStudent.status).toBe(201);
    const list = await call("/api/admin/support/feedback", { cookie: admin.cookie });
    expect(list.body.items[0]).toMatchObject({
      message: "Please add more CSAT tests.",
      fromUser: true,
      rating: null,
    });
    expect(list.body.items[1]).toMatchObject({ rating: 4, fromUser: false });
  });

  it("refuses bad input and stores nothing", async () => {
    const before = (await t.db.select().from(feedback)).length;
    for (const [body, message] of [
      [{ message: "" }, "Write your feedback."],
      [{ message: "Nice", rating: 9 }, "Choose a rating from 1 to 5."],
      [{ message: "Nice", email: "nope" }, "Enter a valid email address."],
    ] as const) {
      const response = await call("/api/support/feedback", { ip: freshIp(), body });
      expect(response.status).toBe(422);
      expect(response.body.error.message).toBe(message);
    }
    expect((await t.db.select().from(feedback)).length).toBe(before);
  });
});
