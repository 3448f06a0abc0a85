import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "active",
  "pending",
  "cancelled",
  "expired",
]);

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    price: numeric("price", { precision: 10, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull().default("INR"),
    /** 0 means lifetime. */
    durationDays: integer("duration_days").notNull().default(30),
    /** null means unlimited (the form's -1). */
    examLimit: integer("exam_limit").default(10),
    attemptLimitPerExam: integer("attempt_limit_per_exam").default(3),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_plans_active_price_idx").on(t.isActive, t.price),
    index("subscription_plans_created_at_idx").on(t.createdAt),
    check("subscription_plans_price_non_negative", sql`${t.price} >= 0`),
    check("subscription_plans_duration_non_negative", sql`${t.durationDays} >= 0`),
    check(
      "subscription_plans_exam_limit_positive",
      sql`${t.examLimit} is null or ${t.examLimit} >= 0`,
    ),
    check(
      "subscription_plans_attempt_limit_positive",
      sql`${t.attemptLimitPerExam} is null or ${t.attemptLimitPerExam} >= 0`,
    ),
    check("subscription_plans_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    status: subscriptionStatusEnum("status").notNull().default("pending"),
    startDate: timestamp("start_date", { withTimezone: true }),
    endDate: timestamp("end_date", { withTimezone: true }),
    gatewayOrderId: text("gateway_order_id"),
    gatewayPaymentId: text("gateway_payment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_subscriptions_user_status_idx").on(t.userId, t.status),
    index("user_subscriptions_plan_id_idx").on(t.planId),
    index("user_subscriptions_created_at_idx").on(t.createdAt),
    uniqueIndex("user_subscriptions_gateway_order_key").on(t.gatewayOrderId),
    uniqueIndex("user_subscriptions_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const paymentGateways = pgTable("payment_gateways", {
  id: uuid("id").primaryKey().defaultRandom(),
  gatewayName: text("gateway_name").notNull().unique(),
  keyId: text("key_id"),
  /** Encrypted at rest with SECRET_KEY; never returned in full. */
  keySecret: text("key_secret"),
  isActive: boolean("is_active").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
