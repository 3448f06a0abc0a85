CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"channel" text,
	"last_error" text,
	"sent_day" date,
	CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_kind_valid" CHECK (kind in ('quizLive','answerEvaluated','revisionDue','liveClass','evaluationMail','liveClassMail','supportAnswer')),
	CONSTRAINT "outbox_status_valid" CHECK (status in ('pending','sent','failed','dropped'))
);
--> statement-breakpoint
-- The reminders' queue and log move into the outbox, with the dedupe keys the planners now write
-- (<kind>:<ref>:<user>), so nothing planned before the upgrade is planned or sent again.
INSERT INTO "outbox" ("user_id", "kind", "payload", "dedupe_key", "status", "reason", "created_at", "due_at", "expires_at", "attempts", "next_try_at", "delivered_at", "channel", "sent_day")
SELECT "user_id", "type", "data", "type" || ':' || "ref" || ':' || "user_id",
       CASE "status" WHEN 'claimed' THEN 'failed' ELSE "status" END,
       CASE "status" WHEN 'claimed' THEN 'error' ELSE "reason" END,
       "created_at", "not_before", "expires_at",
       CASE WHEN "status" IN ('sent', 'failed', 'claimed') THEN 1 ELSE 0 END,
       "not_before", CASE "status" WHEN 'sent' THEN "sent_at" END, "channel", "sent_day"
  FROM "notification_deliveries";--> statement-breakpoint
DROP TABLE "notification_deliveries" CASCADE;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("due_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_user_day_idx" ON "outbox" USING btree ("user_id","sent_day") WHERE "outbox"."sent_day" is not null;