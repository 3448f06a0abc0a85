ALTER TABLE "quizzes" ADD COLUMN "pdf_has_no_answers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD COLUMN "body_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_body_key" ON "payment_webhook_events" USING btree ("body_sha256");