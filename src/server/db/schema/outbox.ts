import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTIFICATION_TYPES } from "../../../shared/notifications.ts";
import { user } from "./auth.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * Every kind of message to a student (docs/guides/messages.md): the reminders of decision 044
 * (their switches, quiet hours, the daily cap, push with an email fallback; `scoreChanged` obeys
 * the `testResults` switch) and the mails that always go (an evaluation published, a live class
 * in 30 minutes, a support answer, a payment received).
 */
export const OUTBOX_KINDS = [
  ...NOTIFICATION_TYPES,
  "scoreChanged",
  "evaluationMail",
  "liveClassMail",
  "supportAnswer",
  "paymentReceived",
  "mainsResults",
  "mainsReevaluated",
  "explanationPinned",
  "reportAnswered",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "dropped"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/** Why a message was dropped, held or failed: kept for the log and the tests. */
export type OutboxReason =
  | "off"
  | "expired"
  | "quiet_hours"
  | "cap"
  | "no_channel"
  | "no_address"
  | "gone"
  | "error";

/** What a message needs to be rendered at send time, in the reader's language. */
export type OutboxPayload = Record<string, string | number | boolean>;

/**
 * The outbox (docs/guides/messages.md): one row per message to a student, written in the same
 * transaction as the change it tells of (or by the sweep that plans scheduled reminders), and
 * delivered by the one dispatcher (`modules/notifications/dispatcher.ts`). The dedupe key is
 * unique, so a change that runs twice writes one row. A row is claimed by setting
 * `claimed_until` (a lease) in the transaction that picks it, so two dispatchers never both send
 * it; a failed send is tried again at `next_try_at`, up to a limit.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The student; null for an address without an account (a visitor's support request). */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OutboxKind>().notNull(),
    payload: jsonb("payload").$type<OutboxPayload>().notNull(),
    /** `<kind>:<what it is about>:<recipient>`: the same change enqueued twice is one row. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    reason: text("reason").$type<OutboxReason>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Not sent before this (a scheduled reminder; quiet hours and the cap move it on). */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /** Dropped, not sent, from this moment (a quiz of the day at midnight, a class at its start). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Sends tried so far. */
    attempts: integer("attempts").notNull().default(0),
    /** After a failed send: not tried again before this (the backoff). */
    nextTryAt: timestamp("next_try_at", { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds the row until then (a crashed one's lease runs out). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    channel: text("channel").$type<"push" | "email">(),
    lastError: text("last_error"),
    /** The India day a reminder was claimed on: what the daily cap counts. */
    sentDay: date("sent_day", { mode: "string" }),
  },
  (t) => [
    // The dispatcher's pick: pending rows by due time.
    index("outbox_pending_idx").on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index("outbox_user_day_idx").on(t.userId, t.sentDay).where(sql`${t.sentDay} is not null`),
    // One recipient's pending rows (the dispatcher's claim): without it, a claim with thousands
    // of messages due at once (a key change's, decision 064) read them all for each student.
    index("outbox_user_pending_idx").on(t.userId, t.dueAt).where(sql`${t.status} = 'pending'`),
    check("outbox_kind_valid", inList("kind", OUTBOX_KINDS)),
    check("outbox_status_valid", inList("status", OUTBOX_STATUSES)),
  ],
);
