ALTER TABLE "profiles" ADD COLUMN "ui_language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_ui_language_valid" CHECK ("profiles"."ui_language" in ('en','hi'));