import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Uploads per user in the current window (files/upload-rate.ts, decision 057), in the database so
 * every server instance counts the same uploads. A row is reset by the first upload after its
 * window has passed.
 */
export const uploadCounts = pgTable("upload_counts", {
  userId: text("user_id").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  uploads: integer("uploads").notNull(),
});
