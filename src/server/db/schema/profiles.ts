import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DEFAULT_DAILY_GOAL_HOURS } from "../../../shared/home.ts";
import { TARGET_EXAMS } from "../../../shared/onboarding.ts";
import { user } from "./auth.ts";

export const roleEnum = pgEnum("role", ["admin", "student", "mentor"]);

/** One row per auth user (same id), created by a trigger in the same transaction as the user. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    email: text("email"),
    role: roleEnum("role").notNull().default("student"),
    mobileNumber: text("mobile_number"),
    address: text("address"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    profilePhotoUrl: text("profile_photo_url"),
    /** The student's own daily study goal for the home page streak bar. */
    dailyGoalHours: integer("daily_goal_hours").notNull().default(DEFAULT_DAILY_GOAL_HOURS),
    /** The language quiz and exam questions are shown in ('en' or 'hi'), kept across devices. */
    questionLanguage: text("question_language").notNull().default("en"),
    /**
     * The interface language ('en' or 'hi', decision 039); null until the student chooses, so
     * the language they browsed in before signing up is kept, not replaced by a default.
     */
    uiLanguage: text("ui_language"),
    /**
     * The student's state or union territory as a GST state code ("07"), asked once at the first
     * checkout: the place of supply on their tax invoices (decision 059). null until then.
     */
    billingStateCode: text("billing_state_code"),
    /** The exam the student prepares for and the year they sit it (onboarding's first step). */
    targetExam: text("target_exam"),
    targetYear: integer("target_year"),
    /** When the student finished onboarding; null until then. */
    onboardingCompletedAt: timestamp("onboarding_completed_at", { withTimezone: true }),
    /**
     * When onboarding was last offered at a sign-in, or skipped: a student who has not finished
     * it is offered it once after signing in, never again after that.
     */
    onboardingOfferedAt: timestamp("onboarding_offered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profiles_role_idx").on(t.role),
    index("profiles_full_name_idx").on(t.fullName),
    index("profiles_email_idx").on(t.email),
    check("profiles_full_name_length", sql`char_length(${t.fullName}) <= 200`),
    check("profiles_daily_goal_range", sql`${t.dailyGoalHours} between 1 and 24`),
    check("profiles_question_language_valid", sql`${t.questionLanguage} in ('en','hi')`),
    check("profiles_ui_language_valid", sql`${t.uiLanguage} in ('en','hi')`),
    check(
      "profiles_target_exam_valid",
      sql.raw(`target_exam in (${TARGET_EXAMS.map((e) => `'${e}'`).join(",")})`),
    ),
    check("profiles_billing_state_code_format", sql`${t.billingStateCode} ~ '^[0-9]{2}$'`),
    check("profiles_target_year_range", sql`${t.targetYear} between 2000 and 2100`),
  ],
);
