import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { isUiLanguage, type UiLanguage } from "../../../shared/i18n/languages.ts";
import type { NotificationPreferences, PushPayload } from "../../../shared/notifications.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { pushSubscriptions } from "../../db/schema/notifications.ts";
import { type OutboxReason, type OutboxStatus, outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { publicationDay } from "../../lib/calendar.ts";
import type { Logger } from "../../lib/logger.ts";
import { translatorFor } from "../../lib/translate.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { reminderEmail } from "../../mail/templates.ts";
import { decideDelivery } from "./decide-delivery.ts";
import { isReminderKind, type MailContext, MESSAGE_KINDS, reminderKind } from "./message-kinds.ts";
import { planReminders } from "./plan-reminders.ts";
import { getPreferences } from "./preferences.ts";
import type { PushSend } from "./push-sender.ts";
import { createUnsubscribeToken } from "./unsubscribe-token.ts";

export type DispatchDeps = {
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Signs the unsubscribe links (the server secret). */
  secret: string;
  sendPush: PushSend;
  /** The app's title and the team's address, read at send time (mails name them). */
  settings: () => Promise<MailContext["settings"]>;
};

/** Recipients handled per round; the next round takes the rest. */
const USERS_PER_ROUND = 200;
/** A push without an expiry waits at most this long at the push service for the device. */
const DEFAULT_TTL_SECONDS = 3 * 86_400;
/** A claimed row is the claimer's for this long; a dispatcher that died lets it go after it. */
export const CLAIM_LEASE_MS = 5 * 60_000;
/** Sends tried before a message is recorded as failed. */
export const MAX_ATTEMPTS = 5;
/** The wait before try `attempts + 1`: 1, 4, 16, 64 minutes. */
export const retryDelayMs = (attempts: number) => 60_000 * 4 ** Math.max(0, attempts - 1);

type Row = typeof outbox.$inferSelect;
type Claimed = Row & { channel: "push" | "email" };

/** Due now: pending, its time come, not waiting for a retry, held by no live claim. */
const isDue = (now: Date) =>
  and(
    eq(outbox.status, "pending"),
    lte(outbox.dueAt, now),
    lte(outbox.nextTryAt, now),
    or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now)),
  );

const ofRecipient = (userId: string | null) =>
  userId === null ? isNull(outbox.userId) : eq(outbox.userId, userId);

/**
 * Locks the student's profile row (SKIP LOCKED) so their reminders are decided by one
 * dispatcher at a time (the daily cap is counted once). False: another dispatcher has them now.
 */
async function lockStudent(tx: DbOrTx, userId: string): Promise<boolean> {
  const locked = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("no key update", { skipLocked: true });
  if (locked.length > 0) return true;
  return (await tx.$count(profiles, eq(profiles.id, userId))) === 0;
}

async function studentState(tx: DbOrTx, userId: string, today: string) {
  const [preferences, [counts]] = await Promise.all([
    getPreferences(tx, userId),
    tx
      .select({
        devices: sql<number>`(select count(*)::int from ${pushSubscriptions} where user_id = ${userId})`,
        sentToday: sql<number>`(select count(*)::int from ${outbox} where user_id = ${userId} and sent_day = ${today})`,
      })
      .from(sql`(select 1) as one`),
  ]);
  return { preferences, devices: counts?.devices ?? 0, sentToday: counts?.sentToday ?? 0 };
}

/**
 * One recipient's due messages, decided and claimed in one transaction: the rows are taken
 * FOR UPDATE SKIP LOCKED and claimed by a lease (`claimed_until`), so two dispatchers never both
 * send one. A reminder is decided by `decide-delivery.ts` (switch, quiet hours, cap, channel)
 * under a lock of the student's profile row; a mail always goes by email.
 */
async function claimFor(
  db: Db,
  userId: string | null,
  now: Date,
  only: string[] | undefined,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    if (userId !== null && !(await lockStudent(tx, userId))) return [];
    const due = await tx
      .select()
      .from(outbox)
      .where(and(ofRecipient(userId), isDue(now), only ? inArray(outbox.id, only) : undefined))
      .orderBy(asc(outbox.dueAt), asc(outbox.createdAt), asc(outbox.id))
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const today = publicationDay(now);
    let student: {
      preferences: NotificationPreferences;
      devices: number;
      sentToday: number;
    } | null = null;
    const claimed: Claimed[] = [];
    const claim = async (row: Row, channel: "push" | "email", sentDay: string | null) => {
      await tx
        .update(outbox)
        .set({
          claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
          attempts: row.attempts + 1,
          channel,
          ...(sentDay ? { sentDay } : {}),
        })
        .where(eq(outbox.id, row.id));
      claimed.push({ ...row, attempts: row.attempts + 1, channel });
    };
    for (const row of due) {
      if (row.expiresAt && row.expiresAt <= now) {
        await tx
          .update(outbox)
          .set({ status: "dropped", reason: "expired", claimedUntil: null })
          .where(eq(outbox.id, row.id));
        continue;
      }
      if (!isReminderKind(row.kind) || row.userId === null) {
        await claim(row, "email", null);
        continue;
      }
      if (row.attempts > 0 && row.channel) {
        // A retry keeps the channel decided the first time (and was counted in that day's cap).
        await claim(row, row.channel, null);
        continue;
      }
      student ??= await studentState(tx, row.userId, today);
      const decision = decideDelivery({ type: row.kind, expiresAt: row.expiresAt }, student, now);
      if (decision.action === "send") {
        await claim(row, decision.channel, today);
        student.sentToday += 1;
      } else if (decision.action === "defer") {
        await tx
          .update(outbox)
          .set({ dueAt: decision.until, reason: decision.reason })
          .where(eq(outbox.id, row.id));
      } else {
        await tx
          .update(outbox)
          .set({ status: "dropped", reason: decision.reason })
          .where(eq(outbox.id, row.id));
      }
    }
    return claimed;
  });
}

/** The push TTL: until the reminder expires (at least a minute), else three days. */
function ttlSeconds(expiresAt: Date | null, now: Date): number {
  if (!expiresAt) return DEFAULT_TTL_SECONDS;
  return Math.max(60, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}

/** Push to each of the student's devices; a device the service calls gone (404/410) is deleted. */
async function pushToDevices(
  db: Db,
  deps: DispatchDeps,
  message: Claimed & { userId: string },
  payload: PushPayload,
  now: Date,
): Promise<"sent" | "gone" | "failed"> {
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, message.userId));
  if (devices.length === 0) return "gone";
  const kind = reminderKind(message.kind);
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const outcome = await deps.sendPush(device, payload, {
        ttlSeconds: ttlSeconds(message.expiresAt, now),
        urgency: kind.urgency,
        topic: kind.topic,
      });
      if (outcome === "sent") {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: now })
          .where(eq(pushSubscriptions.id, device.id));
      } else if (outcome === "gone") {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      }
      return outcome;
    }),
  );
  if (outcomes.includes("sent")) return "sent";
  return outcomes.every((o) => o === "gone") ? "gone" : "failed";
}

type Recipient = { email: string | null; language: UiLanguage };
/** A failure that no retry can mend: recorded as failed at once. */
class Permanent extends Error {
  constructor(readonly reason: OutboxReason) {
    super(reason);
  }
}

/** Sends one claimed message; resolves with the channel it went by, throws when it did not. */
async function send(
  db: Db,
  deps: DispatchDeps,
  message: Claimed,
  recipient: Recipient,
  now: Date,
): Promise<"push" | "email"> {
  const kind = MESSAGE_KINDS[message.kind];
  const to = typeof message.payload.to === "string" ? message.payload.to : recipient.email;
  if (kind.rules === "mail") {
    if (!to) throw new Permanent("no_address");
    const settings = await deps.settings();
    await deps.mailer.send(
      kind.mail(message.payload, {
        to,
        language: recipient.language,
        publicUrl: deps.publicUrl,
        settings,
      }),
    );
    return "email";
  }
  if (message.userId === null) throw new Permanent("no_channel");
  const t = translatorFor(recipient.language);
  const words = kind.words(message.payload, t, recipient.language);
  const url = `${deps.publicUrl}${String(message.payload.url ?? "/")}`;
  if (message.channel === "push") {
    const payload = { ...words, url, tag: `${message.kind}:${message.id}` };
    const outcome = await pushToDevices(
      db,
      deps,
      { ...message, userId: message.userId },
      payload,
      now,
    );
    if (outcome === "sent") return "push";
    // Every device was gone: the student has no push any more, so the email rule applies.
    const preferences = await getPreferences(db, message.userId);
    if (outcome === "failed") throw new Error("push failed");
    if (!kind.emailFallback || !preferences.emailFallback) throw new Permanent("gone");
  }
  if (!to) throw new Permanent("no_address");
  const token = createUnsubscribeToken(deps.secret, message.userId);
  const query = `token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    reminderEmail(
      to,
      {
        ...words,
        url,
        unsubscribePage: `${deps.publicUrl}/unsubscribe?${query}`,
        unsubscribePost: `${deps.publicUrl}/api/notifications/unsubscribe?${query}`,
      },
      recipient.language,
    ),
  );
  return "email";
}

async function recipientOf(db: Db, userId: string | null): Promise<Recipient> {
  if (userId === null) return { email: null, language: "en" };
  const [row] = await db
    .select({ email: user.email, language: profiles.uiLanguage })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return {
    email: row?.email ?? null,
    language: isUiLanguage(row?.language) ? row.language : "en",
  };
}

export type Delivered = { push: number; email: number; statuses: Map<string, OutboxStatus> };

export type DeliverMessagesInput = {
  deps: DispatchDeps;
  now: Date;
  only?: string[];
};

/**
 * The one dispatcher (docs/guides/messages.md): claims the due messages (all of them, or only
 * `only`: the rows a service just committed), sends each by push or mail, and records the
 * outcome: sent (with the channel and time), tried again later with a growing wait, or failed
 * after MAX_ATTEMPTS (or at once when no retry can help: no address, every device gone).
 * Safe on every instance at once.
 */
export async function deliverMessages(
  db: Db,
  { deps, now, only }: DeliverMessagesInput,
): Promise<Delivered> {
  const result: Delivered = { push: 0, email: 0, statuses: new Map() };
  if (only?.length === 0) return result;
  const recipients = await db
    .selectDistinct({ userId: outbox.userId })
    .from(outbox)
    .where(and(isDue(now), only ? inArray(outbox.id, only) : undefined))
    .limit(USERS_PER_ROUND);
  for (const { userId } of recipients) {
    const claimed = await claimFor(db, userId, now, only);
    if (claimed.length === 0) continue;
    const recipient = await recipientOf(db, userId);
    for (const message of claimed) {
      let update: Partial<Row>;
      try {
        const channel = await send(db, deps, message, recipient, now);
        result[channel] += 1;
        update = {
          status: "sent",
          channel,
          deliveredAt: now,
          claimedUntil: null,
          lastError: null,
          reason: null,
        };
      } catch (error) {
        const permanent = error instanceof Permanent;
        const lastError = error instanceof Error ? error.message : String(error);
        const giveUp = permanent || message.attempts >= MAX_ATTEMPTS;
        deps.logger.warn("message not sent", {
          kind: message.kind,
          attempts: message.attempts,
          retry: !giveUp,
          error: lastError,
        });
        update = giveUp
          ? {
              status: "failed",
              reason: permanent ? error.reason : "error",
              claimedUntil: null,
              lastError,
            }
          : {
              claimedUntil: null,
              nextTryAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
              lastError,
            };
      }
      await db.update(outbox).set(update).where(eq(outbox.id, message.id));
      result.statuses.set(message.id, update.status ?? "pending");
    }
  }
  return result;
}

export type SendDueNotificationsInput = {
  deps: DispatchDeps;
  now?: Date;
};

/**
 * The sweep (decision 044, docs/guides/messages.md), a step of the server's sweeper: enqueue the
 * scheduled reminders that became due (`plan-reminders.ts`, idempotent by dedupe key), then
 * deliver every due message. Returns how many went out by each channel.
 */
export async function sendDueNotifications(
  db: Db,
  { deps, now = new Date() }: SendDueNotificationsInput,
): Promise<{ push: number; email: number }> {
  await planReminders(db, now);
  const { push, email } = await deliverMessages(db, { deps, now });
  return { push, email };
}
