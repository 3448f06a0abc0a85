import { and, asc, eq, lte, sql } from "drizzle-orm";
import { isUiLanguage, type UiLanguage } from "../../../shared/i18n/languages.ts";
import type { NotificationType, PushPayload } from "../../../shared/notifications.ts";
import type { Db } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { notificationDeliveries, pushSubscriptions } from "../../db/schema/notifications.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { publicationDay } from "../../lib/calendar.ts";
import type { Logger } from "../../lib/logger.ts";
import { translatorFor } from "../../lib/translate.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { reminderEmail } from "../../mail/templates.ts";
import { decideDelivery } from "./decide-delivery.ts";
import { type DeliveryData, NOTIFICATION_KINDS } from "./notification-kinds.ts";
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
};

/** Students handled per sweep; the next sweep takes the rest. */
const USERS_PER_SWEEP = 200;
/** A push without an expiry waits at most this long at the push service for the device. */
const DEFAULT_TTL_SECONDS = 3 * 86_400;

type Claimed = {
  id: string;
  userId: string;
  type: NotificationType;
  data: DeliveryData;
  expiresAt: Date | null;
  channel: "push" | "email";
};

/**
 * One student's due reminders, decided and claimed in one transaction under a lock of the
 * student's profile row taken with SKIP LOCKED: another instance working on the same student
 * skips them this sweep, so the cap is counted by one instance at a time and nothing is sent twice.
 * Claimed rows are sent after the commit (at most once: a failed send is logged, not retried).
 */
async function claimForStudent(db: Db, userId: string, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("no key update", { skipLocked: true });
    if (locked.length === 0) return [];
    const today = publicationDay(now);
    const [preferences, [counts], due] = await Promise.all([
      getPreferences(tx, userId),
      tx
        .select({
          devices: sql<number>`(select count(*)::int from ${pushSubscriptions} where user_id = ${userId})`,
          sentToday: sql<number>`(select count(*)::int from ${notificationDeliveries} where user_id = ${userId} and sent_day = ${today})`,
        })
        .from(sql`(select 1) as one`),
      tx
        .select({
          id: notificationDeliveries.id,
          type: notificationDeliveries.type,
          data: notificationDeliveries.data,
          expiresAt: notificationDeliveries.expiresAt,
        })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.status, "pending"),
            lte(notificationDeliveries.notBefore, now),
          ),
        )
        .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id)),
    ]);
    const student = {
      preferences,
      devices: counts?.devices ?? 0,
      sentToday: counts?.sentToday ?? 0,
    };
    const claimed: Claimed[] = [];
    for (const row of due) {
      const decision = decideDelivery(row, student, now);
      if (decision.action === "send") {
        await tx
          .update(notificationDeliveries)
          .set({ status: "claimed", channel: decision.channel, sentAt: now, sentDay: today })
          .where(eq(notificationDeliveries.id, row.id));
        student.sentToday += 1;
        claimed.push({ ...row, userId, channel: decision.channel });
      } else if (decision.action === "defer") {
        await tx
          .update(notificationDeliveries)
          .set({ notBefore: decision.until, reason: decision.reason })
          .where(eq(notificationDeliveries.id, row.id));
      } else {
        await tx
          .update(notificationDeliveries)
          .set({ status: "dropped", reason: decision.reason })
          .where(eq(notificationDeliveries.id, row.id));
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
  reminder: Claimed,
  payload: PushPayload,
  now: Date,
): Promise<"sent" | "gone" | "failed"> {
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, reminder.userId));
  const kind = NOTIFICATION_KINDS[reminder.type];
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const outcome = await deps.sendPush(device, payload, {
        ttlSeconds: ttlSeconds(reminder.expiresAt, now),
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

type Recipient = { email: string; language: UiLanguage };

async function deliver(
  db: Db,
  deps: DispatchDeps,
  reminder: Claimed,
  recipient: Recipient,
  now: Date,
): Promise<"push" | "email" | null> {
  const t = translatorFor(recipient.language);
  const words = NOTIFICATION_KINDS[reminder.type].words(reminder.data, t, recipient.language);
  const url = `${deps.publicUrl}${String(reminder.data.url ?? "/")}`;
  let channel = reminder.channel;
  if (channel === "push") {
    const payload = { ...words, url, tag: `${reminder.type}:${reminder.id}` };
    const outcome = await pushToDevices(db, deps, reminder, payload, now);
    if (outcome === "sent") return "push";
    // Every device was gone: the student has no push any more, so the email rule applies.
    const preferences = await getPreferences(db, reminder.userId);
    if (
      outcome === "gone" &&
      NOTIFICATION_KINDS[reminder.type].emailFallback &&
      preferences.emailFallback
    ) {
      channel = "email";
    } else {
      throw new Error(outcome === "gone" ? "gone" : "push failed");
    }
  }
  const token = createUnsubscribeToken(deps.secret, reminder.userId);
  const query = `token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    reminderEmail(
      recipient.email,
      {
        ...words,
        url,
        unsubscribePage: `${deps.publicUrl}/unsubscribe?${query}`,
        unsubscribePost: `${deps.publicUrl}/api/notifications/unsubscribe?${query}`,
      },
      recipient.language,
    ),
  );
  return channel;
}

/**
 * The reminder sweeper (decision 044), a step of the server's sweep: queue what became due
 * (`plan-reminders.ts`), then for each student with reminders due, decide (`decide-delivery.ts`),
 * claim and send: push to every device, or the email. Safe on every instance at once.
 * Returns how many reminders went out by each channel.
 */
export async function sendDueNotifications(
  db: Db,
  deps: DispatchDeps,
  now: Date = new Date(),
): Promise<{ push: number; email: number }> {
  await planReminders(db, now);
  const students = await db
    .selectDistinct({ userId: notificationDeliveries.userId })
    .from(notificationDeliveries)
    .where(
      and(eq(notificationDeliveries.status, "pending"), lte(notificationDeliveries.notBefore, now)),
    )
    .limit(USERS_PER_SWEEP);
  const sent = { push: 0, email: 0 };
  for (const { userId } of students) {
    const claimed = await claimForStudent(db, userId, now);
    if (claimed.length === 0) continue;
    const [recipient] = await db
      .select({ email: user.email, language: profiles.uiLanguage })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    const language: UiLanguage = isUiLanguage(recipient?.language) ? recipient.language : "en";
    for (const reminder of claimed) {
      let outcome:
        | { status: "sent"; channel: "push" | "email" }
        | { status: "failed"; reason: "gone" | "error" };
      try {
        const channel = recipient?.email
          ? await deliver(db, deps, reminder, { email: recipient.email, language }, now)
          : null;
        outcome = channel ? { status: "sent", channel } : { status: "failed", reason: "error" };
      } catch (error) {
        deps.logger.warn("reminder not sent", { type: reminder.type, error: String(error) });
        outcome = { status: "failed", reason: String(error).endsWith("gone") ? "gone" : "error" };
      }
      if (outcome.status === "sent") sent[outcome.channel] += 1;
      await db
        .update(notificationDeliveries)
        .set(outcome)
        .where(eq(notificationDeliveries.id, reminder.id));
    }
  }
  return sent;
}
