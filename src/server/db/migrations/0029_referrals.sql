CREATE TYPE "public"."referral_credit_use_status" AS ENUM('held', 'spent', 'released', 'settlement');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('signed_up', 'paid', 'credited', 'clawed_back');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_credit_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"transaction_id" uuid,
	"amount_paise" integer NOT NULL,
	"status" "referral_credit_use_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credit_uses_amount_positive" CHECK ("referral_credit_uses"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"referral_id" uuid NOT NULL,
	"source_transaction_id" uuid,
	"amount_paise" integer NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"clawback_paise" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_credits_amount_positive" CHECK ("referral_credits"."amount_paise" > 0),
	CONSTRAINT "referral_credits_clawback_non_negative" CHECK ("referral_credits"."clawback_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"credit_kind" text DEFAULT 'amount' NOT NULL,
	"credit_value" integer DEFAULT 10000 NOT NULL,
	"credit_expiry_days" integer DEFAULT 180 NOT NULL,
	"discount_kind" text DEFAULT 'amount' NOT NULL,
	"discount_value" integer DEFAULT 5000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_row" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_credit_kind" CHECK ("referral_settings"."credit_kind" in ('amount', 'percent')),
	CONSTRAINT "referral_settings_discount_kind" CHECK ("referral_settings"."discount_kind" in ('amount', 'percent')),
	CONSTRAINT "referral_settings_values" CHECK ("referral_settings"."credit_value" >= 0 and "referral_settings"."discount_value" >= 0 and ("referral_settings"."credit_kind" = 'amount' or "referral_settings"."credit_value" <= 100) and ("referral_settings"."discount_kind" = 'amount' or "referral_settings"."discount_value" <= 100)),
	CONSTRAINT "referral_settings_expiry" CHECK ("referral_settings"."credit_expiry_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" text NOT NULL,
	"referred_id" text NOT NULL,
	"code" text NOT NULL,
	"status" "referral_status" DEFAULT 'signed_up' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"transaction_id" uuid,
	"clawed_back_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referred_id")
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "plan_price_paise" integer;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "referral_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "credit_applied_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_uses" ADD CONSTRAINT "referral_credit_uses_credit_id_referral_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."referral_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_uses" ADD CONSTRAINT "referral_credit_uses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_uses" ADD CONSTRAINT "referral_credit_uses_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_source_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("source_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_user_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_credit_uses_credit_idx" ON "referral_credit_uses" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "referral_credit_uses_transaction_idx" ON "referral_credit_uses" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "referral_credit_uses_user_idx" ON "referral_credit_uses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credits_referral_key" ON "referral_credits" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "referral_credits_user_expires_idx" ON "referral_credits" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "referral_credits_source_idx" ON "referral_credits" USING btree ("source_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_created_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referrals_status_created_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_breakdown_adds_up" CHECK ("payment_transactions"."plan_price_paise" is null or "payment_transactions"."plan_price_paise" - "payment_transactions"."referral_discount_paise" - "payment_transactions"."credit_applied_paise" = "payment_transactions"."amount");--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_reductions_non_negative" CHECK ("payment_transactions"."referral_discount_paise" >= 0 and "payment_transactions"."credit_applied_paise" >= 0 and "payment_transactions"."refunded_paise" >= 0);