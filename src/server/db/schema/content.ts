import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_REPORT_SLA_HOURS } from "../../../shared/question-reports.ts";

export const SITE_SETTINGS_ID = 1;

/** A single row (id fixed at 1), created on first start if missing. */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(SITE_SETTINGS_ID),
    appTitle: text("app_title").notNull().default("My Exam App"),
    contactEmail: text("contact_email").notNull().default("contact@example.com"),
    maintenanceMode: boolean("maintenance_mode").notNull().default(false),
    /** When maintenance mode was last switched on; open attempts get this time back at the end. */
    maintenanceStartedAt: timestamp("maintenance_started_at", { withTimezone: true }),
    /** The home page's exam header: the exam aspirants prepare for and its next date. */
    examName: text("exam_name").notNull().default("UPSC IAS"),
    examDate: date("exam_date", { mode: "string" }).notNull().default("2025-05-25"),
    /** The seller on tax invoices, and the postal address of the Contact page (decision 040). */
    sellerName: text("seller_name").notNull().default(""),
    sellerAddress: text("seller_address").notNull().default(""),
    sellerGstin: text("seller_gstin").notNull().default(""),
    /** The seller's GST state code ("07"): CGST + SGST when it is the place of supply (059). */
    sellerStateCode: text("seller_state_code").notNull().default(""),
    /** GST in percent, included in plan prices; null: GST not applicable. */
    gstRate: numeric("gst_rate", { precision: 5, scale: 2 }),
    /** The uploaded logo (/storage/site_logos/{key}); null: the header shows the title. */
    logoUrl: text("logo_url"),
    /** Hours within which a question report should be answered (the report queue's clock). */
    reportSlaHours: integer("report_sla_hours").notNull().default(DEFAULT_REPORT_SLA_HOURS),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

export const dailyNewsAnalysis = pgTable(
  "daily_news_analysis",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt"),
    /** The optional Hindi version: null where the admin wrote none (readers then get the English). */
    titleHi: text("title_hi"),
    contentHi: text("content_hi"),
    excerptHi: text("excerpt_hi"),
    publishedDate: date("published_date", { mode: "string" }).notNull().default(sql`current_date`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("daily_news_published_created_idx").on(t.publishedDate.desc(), t.createdAt.desc()),
    check("daily_news_title_not_blank", sql`btrim(${t.title}) <> ''`),
  ],
);
