CREATE TABLE "live_class_attendance" (
	"user_id" text NOT NULL,
	"live_class_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_class_attendance_user_id_live_class_id_pk" PRIMARY KEY("user_id","live_class_id")
);
--> statement-breakpoint
CREATE TABLE "live_class_reminders" (
	"user_id" text NOT NULL,
	"live_class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "live_class_reminders_user_id_live_class_id_pk" PRIMARY KEY("user_id","live_class_id")
);
--> statement-breakpoint
CREATE TABLE "live_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_hi" text,
	"teacher" text NOT NULL,
	"description" text,
	"subject_id" uuid,
	"topic_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"join_url" text NOT NULL,
	"recording_url" text,
	"is_free" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_classes_title_not_blank" CHECK (btrim("live_classes"."title") <> ''),
	CONSTRAINT "live_classes_duration_range" CHECK ("live_classes"."duration_minutes" between 10 and 480),
	CONSTRAINT "live_classes_join_https" CHECK ("live_classes"."join_url" like 'https://%'),
	CONSTRAINT "live_classes_recording_https" CHECK ("live_classes"."recording_url" is null or "live_classes"."recording_url" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "live_class_attendance" ADD CONSTRAINT "live_class_attendance_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_class_attendance" ADD CONSTRAINT "live_class_attendance_live_class_id_live_classes_id_fk" FOREIGN KEY ("live_class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_class_reminders" ADD CONSTRAINT "live_class_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_class_reminders" ADD CONSTRAINT "live_class_reminders_live_class_id_live_classes_id_fk" FOREIGN KEY ("live_class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_class_attendance_class_idx" ON "live_class_attendance" USING btree ("live_class_id");--> statement-breakpoint
CREATE INDEX "live_class_reminders_unsent_idx" ON "live_class_reminders" USING btree ("live_class_id") WHERE "live_class_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "live_classes_starts_at_idx" ON "live_classes" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "live_classes_subject_starts_idx" ON "live_classes" USING btree ("subject_id","starts_at");