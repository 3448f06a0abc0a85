ALTER TABLE "site_settings" ADD COLUMN "maintenance_started_at" timestamp with time zone;--> statement-breakpoint
UPDATE "site_settings" SET "maintenance_started_at" = now() WHERE "maintenance_mode";