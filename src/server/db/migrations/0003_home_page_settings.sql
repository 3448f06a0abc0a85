ALTER TABLE "site_settings" ADD COLUMN "exam_name" text DEFAULT 'UPSC IAS' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "exam_date" date DEFAULT '2025-05-25' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_goal_hours" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_daily_goal_range" CHECK ("profiles"."daily_goal_hours" between 1 and 24);