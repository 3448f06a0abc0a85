ALTER TYPE "public"."subscription_status" ADD VALUE 'replaced';--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "free_activation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "cancelled_by_admin_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_free_once" ON "user_subscriptions" USING btree ("user_id","plan_id") WHERE "user_subscriptions"."free_activation";--> statement-breakpoint
-- Only an admin ends a subscription that had started as 'cancelled' (a failed or abandoned
-- payment cancels a pending one, which never started), so those rows were admin cancellations.
UPDATE "user_subscriptions" SET "cancelled_by_admin_at" = "updated_at" WHERE "status" = 'cancelled' AND "start_date" IS NOT NULL;
-- free_activation is not backfilled: earlier free activations may repeat (the fault this fixes),
-- and the service refuses a free plan the student ever started whatever this flag says.
