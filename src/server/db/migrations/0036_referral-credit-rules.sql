ALTER TABLE "referral_credits" ADD COLUMN "spendable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "credit_max_share_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "min_plan_price_paise" integer DEFAULT 49900 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "monthly_credit_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_settings" ADD COLUMN "credit_hold_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "shared_device_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "no_credit_reason" text;--> statement-breakpoint
CREATE INDEX "referral_credits_user_earned_idx" ON "referral_credits" USING btree ("user_id","earned_at");--> statement-breakpoint
ALTER TABLE "referral_settings" ADD CONSTRAINT "referral_settings_limits" CHECK ("referral_settings"."credit_max_share_percent" between 0 and 100 and "referral_settings"."min_plan_price_paise" >= 0 and "referral_settings"."monthly_credit_limit" between 1 and 1000 and "referral_settings"."credit_hold_days" between 0 and 365);