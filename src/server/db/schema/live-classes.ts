import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { videoLessons } from "./library.ts";
import { subjects, topics } from "./taxonomy.ts";

/**
 * Live classes (decision 043): a class on the institute's meeting service at a time, free or
 * premium. The join link reaches only those allowed to open the class, through
 * /api/live-classes/{id}/join, which records attendance.
 */
export const liveClasses = pgTable(
  "live_classes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    teacher: text("teacher").notNull(),
    description: text("description"),
    subjectId: uuid("subject_id").references(() => subjects.id, { onDelete: "set null" }),
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    joinUrl: text("join_url").notNull(),
    recordingUrl: text("recording_url"),
    /** Or the recording uploaded as a video lesson (its player, ranges and progress). */
    recordingVideoId: uuid("recording_video_id").references(() => videoLessons.id, {
      onDelete: "set null",
    }),
    isFree: boolean("is_free").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Upcoming lists read forwards from now, past lists backwards: one index serves both.
    index("live_classes_starts_at_idx").on(t.startsAt),
    index("live_classes_subject_starts_idx").on(t.subjectId, t.startsAt),
    check("live_classes_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("live_classes_duration_range", sql`${t.durationMinutes} between 10 and 480`),
    check("live_classes_join_https", sql`${t.joinUrl} like 'https://%'`),
    check(
      "live_classes_recording_https",
      sql`${t.recordingUrl} is null or ${t.recordingUrl} like 'https://%'`,
    ),
  ],
);

/** A student's "Remind me": mailed REMINDER_LEAD_MINUTES before the start, once (`sent_at`). */
export const liveClassReminders = pgTable(
  "live_class_reminders",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    liveClassId: uuid("live_class_id")
      .notNull()
      .references(() => liveClasses.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.liveClassId] }),
    // The reminder sweeper reads only unsent rows, per class.
    index("live_class_reminders_unsent_idx").on(t.liveClassId).where(sql`${t.sentAt} is null`),
  ],
);

/** Who joined a class through the app (first join kept): a course's "done" for a live class. */
export const liveClassAttendance = pgTable(
  "live_class_attendance",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    liveClassId: uuid("live_class_id")
      .notNull()
      .references(() => liveClasses.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.liveClassId] }),
    index("live_class_attendance_class_idx").on(t.liveClassId),
  ],
);
