import { eq } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from "../../../shared/notifications.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { notificationPreferences, pushSubscriptions } from "../../db/schema/notifications.ts";
import { profiles } from "../../db/schema/profiles.ts";

const COLUMNS = {
  quizLive: notificationPreferences.quizLive,
  answerEvaluated: notificationPreferences.answerEvaluated,
  revisionDue: notificationPreferences.revisionDue,
  liveClass: notificationPreferences.liveClass,
  testResults: notificationPreferences.testResults,
  discussionReply: notificationPreferences.discussionReply,
  emailFallback: notificationPreferences.emailFallback,
};

/** The student's switches: the stored row, or the defaults when they never changed one. */
export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select(COLUMNS)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

export type UpdatePreferencesInput = {
  userId: string;
  /** A switch left out keeps its stored value (its default on a first save). */
  input: NotificationPreferencesInput;
  now: Date;
};

/** Saves the switches at once (one upsert). */
export async function updatePreferences(
  db: DbOrTx,
  { userId, input, now }: UpdatePreferencesInput,
): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...input, updatedAt: now },
    })
    .returning(COLUMNS);
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES, ...input };
}

export type TurnOffReminderEmailsInput = {
  userId: string;
  now: Date;
};

/** The one-click unsubscribe: reminder emails off, the other switches as they were. */
export async function turnOffReminderEmails(
  db: DbOrTx,
  { userId, now }: TurnOffReminderEmailsInput,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...DEFAULT_NOTIFICATION_PREFERENCES, emailFallback: false, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailFallback: false, updatedAt: now },
    });
}

/** The profile's answer: the switches and how many of the student's devices get push. */
export async function getNotificationSettings(db: Db, userId: string) {
  const [preferences, devices] = await Promise.all([
    getPreferences(db, userId),
    db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId)),
  ]);
  return { preferences, devices };
}

export async function accountExists(db: Db, userId: string): Promise<boolean> {
  return (await db.$count(profiles, eq(profiles.id, userId))) > 0;
}
