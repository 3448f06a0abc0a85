import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import {
  ACCOMMODATION_STATUSES,
  type AccommodationStatus,
  EXTRA_TIME_KINDS,
  type ExtraTimeKind,
  MAX_FIXED_MINUTES,
  MAX_MINUTES_PER_HOUR,
} from "../../../shared/accommodations.ts";
import { user } from "./auth.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * Extra time in tests (decision 048): one row per student, from their first certificate upload
 * or an admin's direct grant. The certificate lives in the private `certificates` bucket.
 */
export const accommodations = pgTable(
  "accommodations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique("accommodations_user_key")
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<AccommodationStatus>().notNull(),
    certificateKey: text("certificate_key"),
    certificateType: text("certificate_type"),
    certificateUploadedAt: timestamp("certificate_uploaded_at", { withTimezone: true }),
    /** The grant, set exactly while approved. */
    extraTimeKind: text("extra_time_kind").$type<ExtraTimeKind>(),
    extraMinutes: integer("extra_minutes"),
    /** Why it was refused or revoked (the student reads it). */
    reason: text("reason"),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The last upload, or the admin's grant: the list's order within its status group. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The admins' list: requests under review first, then the rest, newest first.
    index("accommodations_review_idx").on(
      sql`(${t.status} <> 'pending')`,
      t.requestedAt.desc(),
      t.id,
    ),
    check("accommodations_status_valid", inList("status", ACCOMMODATION_STATUSES)),
    check(
      "accommodations_grant_when_approved",
      sql`(${t.status} = 'approved') = (${t.extraTimeKind} is not null and ${t.extraMinutes} is not null)`,
    ),
    check(
      "accommodations_grant_valid",
      sql`${t.extraTimeKind} is null or (${inList("extra_time_kind", EXTRA_TIME_KINDS)}
        and ${t.extraMinutes} >= 1 and ${t.extraMinutes} <= case ${t.extraTimeKind}
        when 'per_hour' then ${sql.raw(String(MAX_MINUTES_PER_HOUR))} else ${sql.raw(String(MAX_FIXED_MINUTES))} end)`,
    ),
    check(
      "accommodations_pending_has_certificate",
      sql`${t.status} <> 'pending' or ${t.certificateKey} is not null`,
    ),
  ],
);
