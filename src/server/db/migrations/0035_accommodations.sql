CREATE TABLE "accommodations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"certificate_key" text,
	"certificate_type" text,
	"certificate_uploaded_at" timestamp with time zone,
	"extra_time_kind" text,
	"extra_minutes" integer,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodations_user_key" UNIQUE("user_id"),
	CONSTRAINT "accommodations_status_valid" CHECK (status in ('pending','approved','rejected','revoked')),
	CONSTRAINT "accommodations_grant_when_approved" CHECK (("accommodations"."status" = 'approved') = ("accommodations"."extra_time_kind" is not null and "accommodations"."extra_minutes" is not null)),
	CONSTRAINT "accommodations_grant_valid" CHECK ("accommodations"."extra_time_kind" is null or (extra_time_kind in ('per_hour','fixed')
        and "accommodations"."extra_minutes" >= 1 and "accommodations"."extra_minutes" <= case "accommodations"."extra_time_kind"
        when 'per_hour' then 60 else 240 end)),
	CONSTRAINT "accommodations_pending_has_certificate" CHECK ("accommodations"."status" <> 'pending' or "accommodations"."certificate_key" is not null)
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "extra_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodations" ADD CONSTRAINT "accommodations_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accommodations_review_idx" ON "accommodations" USING btree (("status" <> 'pending'),"requested_at" DESC NULLS LAST,"id");