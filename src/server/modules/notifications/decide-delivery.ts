import {
  NOTIFICATION_DAILY_CAP,
  type NotificationPreferences,
} from "../../../shared/notifications.ts";
import type { OutboxKind, OutboxReason } from "../../db/schema/outbox.ts";
import { reminderKind } from "./message-kinds.ts";
import { isQuietTime, nextMorning, tomorrowMorning } from "./quiet-hours.ts";

export type DeliveryDecision =
  | { action: "send"; channel: "push" | "email" }
  | { action: "defer"; until: Date; reason: "quiet_hours" | "cap" }
  | { action: "drop"; reason: OutboxReason };

/**
 * The one rule for a due reminder (decision 044), in this order:
 * 1. past its expiry (the quiz day is over, the class has started): dropped;
 * 2. its kind's switch off (`preference`, message-kinds.ts): dropped;
 * 3. quiet hours (22:00–07:00 India time): held until 07:00, or dropped when it would expire
 *    by then (a class starting before 07:00, yesterday's quiz);
 * 4. the day's cap reached: held until tomorrow's 07:00, or dropped likewise;
 * 5. a subscribed device: push; none: email when the kind has an email fallback and the student
 *    allows it; otherwise dropped.
 */
export function decideDelivery(
  reminder: { type: OutboxKind; expiresAt: Date | null },
  student: { preferences: NotificationPreferences; devices: number; sentToday: number },
  now: Date,
): DeliveryDecision {
  const expiresBy = (at: Date) => reminder.expiresAt !== null && reminder.expiresAt <= at;
  if (expiresBy(now)) return { action: "drop", reason: "expired" };
  const kind = reminderKind(reminder.type);
  if (!student.preferences[kind.preference]) return { action: "drop", reason: "off" };
  if (isQuietTime(now)) {
    const until = nextMorning(now);
    return expiresBy(until)
      ? { action: "drop", reason: "quiet_hours" }
      : { action: "defer", until, reason: "quiet_hours" };
  }
  if (student.sentToday >= NOTIFICATION_DAILY_CAP) {
    const until = tomorrowMorning(now);
    return expiresBy(until)
      ? { action: "drop", reason: "cap" }
      : { action: "defer", until, reason: "cap" };
  }
  if (student.devices > 0) return { action: "send", channel: "push" };
  if (kind.emailFallback && student.preferences.emailFallback) {
    return { action: "send", channel: "email" };
  }
  return { action: "drop", reason: "no_channel" };
}
