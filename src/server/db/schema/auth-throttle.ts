import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed password checks per account (sign-in by email, password confirmation by user), kept in
 * the database so every server instance counts the same failures. Rows are forgotten once an
 * hour passes without a failure, and cleared by a successful check.
 */
export const authFailures = pgTable("auth_failures", {
  /** `email:<lower-cased email>` or `user:<user id>`; an unknown email is counted the same way. */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});
