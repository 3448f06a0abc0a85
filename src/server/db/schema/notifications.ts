import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../shared/notifications.ts";
import { user } from "./auth.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * A browser's Web Push subscription (decision 044): the push service's endpoint
 * and the keys its payloads are encrypted for. An endpoint names one browser profile, so it is
 * unique: subscribing it again (another account signed in there) moves it to that account.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** A student's reminder switches; no row means the defaults (every kind on, email fallback on). */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  quizLive: boolean("quiz_live").notNull().default(true),
  answerEvaluated: boolean("answer_evaluated").notNull().default(true),
  revisionDue: boolean("revision_due").notNull().default(true),
  liveClass: boolean("live_class").notNull().default(true),
  emailFallback: boolean("email_fallback").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const DELIVERY_STATUSES = ["pending", "claimed", "sent", "failed", "dropped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Why a reminder was dropped (or failed): kept for the log and the tests. */
export type DeliveryReason =
  | "off"
  | "expired"
  | "quiet_hours"
  | "cap"
  | "no_channel"
  | "gone"
  | "error";

/**
 * One reminder for one student: the queue the dispatcher works through and the log behind the
 * daily cap and the dedupe. (user, type, ref) is unique, so "today's quiz" is one row per student
 * per day, an evaluated answer one per copy, a live class one per class, whoever plans it.
 */
export const notificationDeliveries = pgTable(
  "notification_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").$type<NotificationType>().notNull(),
    /** What it is about: the India day, the copy's or the class's id. */
    ref: text("ref").notNull(),
    /** The values its words are filled with (a quiz's or class's title, a count, the app URL). */
    data: jsonb("data").$type<Record<string, string | number>>().notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    reason: text("reason").$type<DeliveryReason>(),
    channel: text("channel").$type<"push" | "email">(),
    /** Not sent before this (quiet hours and the cap move it to the next morning). */
    notBefore: timestamp("not_before", { withTimezone: true }).notNull(),
    /** Dropped, not sent, from this moment (a quiz of the day at midnight, a class at its start). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The India day it was sent on: what the daily cap counts. */
    sentDay: date("sent_day", { mode: "string" }),
  },
  (t) => [
    unique("notification_deliveries_once").on(t.userId, t.type, t.ref),
    index("notification_deliveries_pending_idx")
      .on(t.notBefore)
      .where(sql`${t.status} = 'pending'`),
    index("notification_deliveries_user_day_idx")
      .on(t.userId, t.sentDay)
      .where(sql`${t.sentDay} is not null`),
    check("notification_deliveries_type_valid", inList("type", NOTIFICATION_TYPES)),
    check("notification_deliveries_status_valid", inList("status", DELIVERY_STATUSES)),
  ],
);

/**
 * Plans made once across every instance: "quizLive:2025-06-01" is inserted by the one sweep that
 * queues that day's quiz reminders for every student; the others find it there and skip.
 */
export const notificationPlans = pgTable("notification_plans", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
