import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/outbox.ts";
import { createLogger } from "../../lib/logger.ts";
import type { Mailer, MailMessage } from "../../mail/mailer.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { CLAIM_LEASE_MS, type DispatchDeps, deliverMessages, MAX_ATTEMPTS } from "./dispatcher.ts";
import { enqueueMessages, type NewMessage } from "./outbox.ts";

// The outbox's guarantees (docs/guides/messages.md), on the dispatcher itself with an injected
// clock: one row per message, one send per row whoever dispatches, retries with a growing wait
// and a recorded failure after the limit. The crash between commit and send is
// outbox-crash.test.ts (a real server, killed and restarted).

const { t, student } = setupTestApp({ users: { student: "student" } });

const deps = (mailer: Mailer): DispatchDeps => ({
  mailer,
  logger: createLogger("silent"),
  publicUrl: "http://localhost:3000",
  secret: "test-secret-test-secret-test-secret-123",
  sendPush: async () => "failed",
  settings: async () => ({ appTitle: "My Exam App", contactEmail: "contact@example.com" }),
});

/** A mailer that keeps what it sent, after a short wait (so two dispatchers overlap). */
function recordingMailer(delayMs = 0) {
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      sent.push(message);
    },
  };
  return { sent, mailer };
}

let n = 0;
/** A support answer to an address (no account) or to the student: one message, one mail. */
function answer(overrides: Partial<NewMessage> = {}): NewMessage {
  n += 1;
  return {
    kind: "supportAnswer",
    userId: null,
    ref: `ticket-${n}-${Date.now()}`,
    payload: {
      to: `visitor${n}@example.com`,
      name: "Asha",
      subject: `Question ${n}`,
      message: "Where is my invoice?",
      answer: `Answer ${n}`,
      closed: false,
    },
    ...overrides,
  };
}

const rowsOf = (ids: string[]) => t.db.select().from(outbox).where(inArray(outbox.id, ids));
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe("the outbox", () => {
  it("writes one row for a message enqueued twice (the dedupe key)", async () => {
    const now = new Date();
    // Due in a far future, so the other tests' rounds leave it alone.
    const message = answer({ dueAt: new Date("2100-01-01T00:00:00Z") });
    const first = await enqueueMessages(t.db, { messages: [message], now });
    const again = await t.db.transaction((tx) => enqueueMessages(tx, { messages: [message], now }));
    expect(first).toHaveLength(1);
    expect(again).toEqual([]);
    expect(
      await t.db.$count(
        outbox,
        eq(outbox.dedupeKey, `supportAnswer:${message.ref}:${message.payload.to}`),
      ),
    ).toBe(1);
  });

  it("is delivered once when two dispatchers race for the same rows", async () => {
    const now = new Date("2030-01-10T06:00:00Z");
    const messages = Array.from({ length: 12 }, (_, i) =>
      answer(
        i % 3 === 0
          ? { userId: student.id, payload: { ...answer().payload, to: student.email } }
          : {},
      ),
    );
    const ids = await enqueueMessages(t.db, { messages, now });
    const a = recordingMailer(15);
    const b = recordingMailer(15);
    const [first, second] = await Promise.all([
      deliverMessages(t.db, { deps: deps(a.mailer), now }),
      deliverMessages(t.db, { deps: deps(b.mailer), now }),
    ]);
    const subjects = [...a.sent, ...b.sent].map((mail) => mail.subject).sort();
    expect(subjects).toEqual(messages.map((m) => `Re: ${String(m.payload.subject)}`).sort());
    expect(first.email + second.email).toBe(12);
    const rows = await rowsOf(ids);
    expect(rows.map((row) => [row.status, row.attempts, row.channel])).toEqual(
      rows.map(() => ["sent", 1, "email"]),
    );
    expect(rows.every((row) => row.deliveredAt?.getTime() === now.getTime())).toBe(true);
  });

  it("leaves a row another dispatcher holds until its lease runs out", async () => {
    const now = new Date("2030-01-11T06:00:00Z");
    const [id] = await enqueueMessages(t.db, { messages: [answer()], now });
    if (!id) throw new Error("not enqueued");
    // A dispatcher claimed it and died before sending.
    await t.db
      .update(outbox)
      .set({ claimedUntil: at(now, CLAIM_LEASE_MS), attempts: 1, channel: "email" })
      .where(eq(outbox.id, id));
    const { sent, mailer } = recordingMailer();
    await deliverMessages(t.db, { deps: deps(mailer), now: at(now, CLAIM_LEASE_MS - 1) });
    expect(sent).toEqual([]);
    await deliverMessages(t.db, { deps: deps(mailer), now: at(now, CLAIM_LEASE_MS) });
    expect(sent).toHaveLength(1);
    const [row] = await rowsOf([id]);
    expect([row?.status, row?.attempts]).toEqual(["sent", 2]);
  });

  it(`tries a failing send again with a growing wait, and records it failed after ${MAX_ATTEMPTS} tries`, async () => {
    const start = new Date("2030-01-12T06:00:00Z");
    const [id] = await enqueueMessages(t.db, { messages: [answer()], now: start });
    if (!id) throw new Error("not enqueued");
    let tries = 0;
    const failing = deps({
      send: async () => {
        tries += 1;
        throw new Error("SMTP down");
      },
    });
    // The waits before tries 2..5: 1, 4, 16 and 64 minutes after the try before.
    let now = start;
    const expected = [60_000, 4 * 60_000, 16 * 60_000, 64 * 60_000];
    await deliverMessages(t.db, { deps: failing, now, only: [id] });
    for (const wait of expected) {
      const [row] = await rowsOf([id]);
      expect([row?.status, row?.lastError, row?.nextTryAt.getTime()]).toEqual([
        "pending",
        "SMTP down",
        now.getTime() + wait,
      ]);
      // Not before its time.
      await deliverMessages(t.db, { deps: failing, now: at(now, wait - 1), only: [id] });
      expect(tries).toBe(row?.attempts);
      now = at(now, wait);
      await deliverMessages(t.db, { deps: failing, now, only: [id] });
    }
    expect(tries).toBe(MAX_ATTEMPTS);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({
      status: "failed",
      reason: "error",
      attempts: MAX_ATTEMPTS,
      lastError: "SMTP down",
      deliveredAt: null,
      claimedUntil: null,
    });
    // Failed is final: a later round does not try it again.
    await deliverMessages(t.db, { deps: failing, now: at(now, 86_400_000), only: [id] });
    expect(tries).toBe(MAX_ATTEMPTS);
  });

  it("sends a message that failed once on the next try, once", async () => {
    const start = new Date("2030-01-13T06:00:00Z");
    const [id] = await enqueueMessages(t.db, { messages: [answer()], now: start });
    if (!id) throw new Error("not enqueued");
    const { sent, mailer } = recordingMailer();
    let down = true;
    const flaky = deps({
      send: async (message) => {
        if (down) throw new Error("connection refused");
        await mailer.send(message);
      },
    });
    await deliverMessages(t.db, { deps: flaky, now: start });
    down = false;
    await deliverMessages(t.db, { deps: flaky, now: at(start, 60_000) });
    await deliverMessages(t.db, { deps: flaky, now: at(start, 10 * 60_000) });
    expect(sent).toHaveLength(1);
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null, channel: "email" });
  });
});
