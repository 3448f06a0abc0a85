ALTER TABLE "profiles" ADD COLUMN "target_exam" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "target_year" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarding_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarding_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_target_exam_valid" CHECK (target_exam in ('upsc_cse','upsc_cds','upsc_capf','state_psc','other'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_target_year_range" CHECK ("profiles"."target_year" between 2000 and 2100);