import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The two-level taxonomy questions are tagged with (decision 034): subjects (Polity, History, ...)
 * and topics under each. A question's topic always belongs to its subject: `questions` refers to
 * topics by (topic_id, subject_id), which the unique (id, subject_id) below makes possible.
 */
export const subjects = pgTable(
  "subjects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The order subjects are listed in (the UPSC syllabus order for the seeded ones). */
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("subjects_name_key").on(sql`lower(${t.name})`),
    index("subjects_sort_idx").on(t.sortOrder, t.name),
    check("subjects_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export const topics = pgTable(
  "topics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => subjects.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("topics_subject_name_key").on(t.subjectId, sql`lower(${t.name})`),
    unique("topics_id_subject_key").on(t.id, t.subjectId),
    check("topics_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);
