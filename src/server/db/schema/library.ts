import { type SQL, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  NOTE_KINDS,
  type NoteKind,
  VIDEO_KINDS,
  VIDEO_SOURCES,
  type VideoKind,
  type VideoSource,
} from "../../../shared/library.ts";
import { user } from "./auth.ts";
import { subjects, topics } from "./taxonomy.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The words a note is found by (decision 043). English text through the `english` configuration,
 * so "elections" finds "election" (Snowball stemming, English stop words dropped); the Hindi text
 * through `simple`, because PostgreSQL ships no Hindi dictionary or stemmer: `simple` keeps each
 * Devanagari word as it is written (lower-cased), which is what a Hindi reader types. Titles weigh
 * A and bodies B, so `ts_rank` puts a title hit above a body hit. Both configurations exist on
 * PGlite and on PostgreSQL, and the two-argument `to_tsvector` is immutable, as a generated
 * column needs.
 */
function noteSearchVector(): SQL {
  return sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('simple'::regconfig, coalesce(title_hi, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')
    || setweight(to_tsvector('simple'::regconfig, coalesce(body_text_hi, '')), 'B')`;
}

/** The titles alone: small, so ordering thousands of matches by a title hit reads no body. */
function noteTitleVector(): SQL {
  return sql`to_tsvector('english'::regconfig, coalesce(title, ''))
    || to_tsvector('simple'::regconfig, coalesce(title_hi, ''))`;
}

/**
 * Study notes and monthly current-affairs compilations: rich text (sanitised HTML, English and
 * optionally Hindi) and/or a PDF in the private `study_files` bucket. `body_text` is the body's
 * plain text, kept by the service for search and for the summary a locked note shows.
 *
 * A deleted subject leaves its notes without one (the admin files them again); a deleted topic
 * clears only `topic_id` (the migration writes `ON DELETE SET NULL (topic_id)`, PostgreSQL 15+),
 * and the composite key keeps a topic inside its subject, as questions do.
 */
export const studyNotes = pgTable(
  "study_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<NoteKind>().notNull().default("notes"),
    /** The month a compilation covers (its first day); null for subject notes. */
    month: date("month", { mode: "string" }),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    body: text("body").notNull().default(""),
    bodyHi: text("body_hi"),
    bodyText: text("body_text").notNull().default(""),
    bodyTextHi: text("body_text_hi"),
    summary: text("summary").notNull().default(""),
    summaryHi: text("summary_hi"),
    /** Words of the English text (or the Hindi when that is all there is): the reading time. */
    wordCount: integer("word_count").notNull().default(0),
    pdfKey: text("pdf_key"),
    pdfBytes: integer("pdf_bytes"),
    subjectId: uuid("subject_id").references(() => subjects.id, { onDelete: "set null" }),
    topicId: uuid("topic_id"),
    isFree: boolean("is_free").notNull().default(true),
    /** null: a draft; visible to students from this time on. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    search: tsvector("search").generatedAlwaysAs(noteSearchVector()),
    titleSearch: tsvector("title_search").generatedAlwaysAs(noteTitleVector()),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "study_notes_topic_of_subject_fk",
      columns: [t.topicId, t.subjectId],
      foreignColumns: [topics.id, topics.subjectId],
    }).onDelete("set null"),
    check("study_notes_kind_valid", inList("kind", NOTE_KINDS)),
    check("study_notes_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("study_notes_body_or_pdf", sql`${t.body} <> '' or ${t.pdfKey} is not null`),
    check(
      "study_notes_month_of_compilation",
      sql`(${t.kind} = 'current_affairs') = (${t.month} is not null)`,
    ),
    check(
      "study_notes_topic_needs_subject",
      sql`${t.topicId} is null or ${t.subjectId} is not null`,
    ),
    // The students' lists: published, newest first, by kind, subject and topic.
    index("study_notes_published_idx").on(t.kind, t.publishedAt.desc()),
    index("study_notes_subject_idx").on(t.subjectId, t.topicId, t.publishedAt.desc()),
    index("study_notes_month_idx").on(t.month.desc()).where(sql`${t.month} is not null`),
    index("study_notes_created_idx").on(t.createdAt.desc()),
    index("study_notes_search_idx").using("gin", t.search),
  ],
);

/** A student's bookmarked notes. */
export const noteBookmarks = pgTable(
  "note_bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    noteId: uuid("note_id")
      .notNull()
      .references(() => studyNotes.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.noteId] }),
    index("note_bookmarks_note_idx").on(t.noteId),
  ],
);

/**
 * "Mark as read": `read_at` null after "mark as unread". The row stays, so the reading time is
 * credited to the study streak once per note, on its first reading (`first_read_at`).
 */
export const noteReads = pgTable(
  "note_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    noteId: uuid("note_id")
      .notNull()
      .references(() => studyNotes.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    firstReadAt: timestamp("first_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noteId] }), index("note_reads_note_idx").on(t.noteId)],
);

/**
 * Video lessons (decision 043): an uploaded MP4/WebM in the private `study_files` bucket (served
 * with range requests after the access check) with an optional poster in the public
 * `video_posters` bucket, or a YouTube/Vimeo embed kept as provider + id (`embed_id`); the embed
 * address is built from them.
 */
export const videoLessons = pgTable(
  "video_lessons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").$type<VideoKind>().notNull().default("lesson"),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    description: text("description").notNull().default(""),
    descriptionHi: text("description_hi"),
    subjectId: uuid("subject_id").references(() => subjects.id, { onDelete: "set null" }),
    topicId: uuid("topic_id"),
    isFree: boolean("is_free").notNull().default(true),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    source: text("source").$type<VideoSource>().notNull(),
    embedId: text("embed_id"),
    fileKey: text("file_key"),
    fileType: text("file_type"),
    fileBytes: bigint("file_bytes", { mode: "number" }),
    posterKey: text("poster_key"),
    durationSeconds: integer("duration_seconds"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "video_lessons_topic_of_subject_fk",
      columns: [t.topicId, t.subjectId],
      foreignColumns: [topics.id, topics.subjectId],
    }).onDelete("set null"),
    check("video_lessons_kind_valid", inList("kind", VIDEO_KINDS)),
    check("video_lessons_source_valid", inList("source", VIDEO_SOURCES)),
    check("video_lessons_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("video_lessons_embed_of_source", sql`(${t.source} = 'upload') = (${t.embedId} is null)`),
    check("video_lessons_file_of_upload", sql`${t.fileKey} is null or ${t.source} = 'upload'`),
    check(
      "video_lessons_duration_positive",
      sql`${t.durationSeconds} is null or ${t.durationSeconds} > 0`,
    ),
    check(
      "video_lessons_topic_needs_subject",
      sql`${t.topicId} is null or ${t.subjectId} is not null`,
    ),
    index("video_lessons_published_idx").on(t.kind, t.publishedAt.desc()),
    index("video_lessons_subject_idx").on(t.subjectId, t.topicId, t.publishedAt.desc()),
    index("video_lessons_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * Where a student is in a lesson: the position to resume at, the seconds actually played (each
 * report's share capped on the server), and whether it is watched (90 %, or marked for an embed,
 * whose player cannot be read without the provider's script).
 */
export const videoProgress = pgTable(
  "video_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videoLessons.id, { onDelete: "cascade" }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    watchedSeconds: integer("watched_seconds").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    /** An embed's watched time is credited to the streak once, when first marked watched. */
    credited: boolean("credited").notNull().default(false),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    index("video_progress_video_idx").on(t.videoId),
    check("video_progress_position_range", sql`${t.positionSeconds} >= 0`),
    check("video_progress_watched_range", sql`${t.watchedSeconds} >= 0`),
  ],
);

export const STUDY_ACTIVITY_KINDS = ["note", "video"] as const;
export type StudyActivityKind = (typeof STUDY_ACTIVITY_KINDS)[number];

/**
 * Study time outside attempts (decision 043): seconds per student, local day (the browser's time
 * zone when it was reported, as the streak uses) and kind, added to by note reads and video
 * reports. The home page's streak and today's study time add these days to the attempts' days.
 */
export const studyActivity = pgTable(
  "study_activity",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").$type<StudyActivityKind>().notNull(),
    seconds: integer("seconds").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind] }),
    check("study_activity_kind_valid", inList("kind", STUDY_ACTIVITY_KINDS)),
    check("study_activity_seconds_range", sql`${t.seconds} between 0 and 86400`),
  ],
);
