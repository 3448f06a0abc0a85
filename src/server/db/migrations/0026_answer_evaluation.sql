ALTER TYPE "public"."role" ADD VALUE 'mentor';--> statement-breakpoint
CREATE TABLE "answer_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"format" text,
	"typed_answer" text,
	"word_count" integer,
	"page_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"claim_expires_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"evaluated_by" text,
	"rubric" jsonb,
	"part_marks" jsonb,
	"marks" numeric(6, 1),
	"comment" text,
	"annotations" jsonb,
	"rating" smallint,
	"rated_at" timestamp with time zone,
	"follow_up_question" text,
	"follow_up_asked_at" timestamp with time zone,
	"follow_up_answer" text,
	"follow_up_answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_copies_status_valid" CHECK (status in ('draft','submitted','claimed','evaluated')),
	CONSTRAINT "answer_copies_format_valid" CHECK ("answer_copies"."format" is null or format in ('images','pdf','typed')),
	CONSTRAINT "answer_copies_rating_range" CHECK ("answer_copies"."rating" is null or "answer_copies"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "answer_copy_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"copy_id" uuid NOT NULL,
	"position" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"rotation" smallint DEFAULT 0 NOT NULL,
	"pdf_pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_copy_files_rotation_valid" CHECK ("answer_copy_files"."rotation" in (0,90,180,270))
);
--> statement-breakpoint
CREATE TABLE "evaluation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"turnaround_hours" integer DEFAULT 72 NOT NULL,
	"claim_hours" integer DEFAULT 24 NOT NULL,
	"free_evaluations_per_month" integer DEFAULT 2 NOT NULL,
	"mentors_may_publish_questions" boolean DEFAULT false NOT NULL,
	"rubrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluation_settings_single_row" CHECK ("evaluation_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "mains_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paper" text NOT NULL,
	"subject_id" uuid,
	"topic_id" uuid,
	"question_text" text NOT NULL,
	"question_text_hi" text,
	"directive" text,
	"word_limit" integer,
	"marks" integer DEFAULT 10 NOT NULL,
	"publish_date" date NOT NULL,
	"model_answer" text DEFAULT '' NOT NULL,
	"model_answer_hi" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_questions_paper_valid" CHECK (paper in ('gs1','gs2','gs3','gs4','essay','optional')),
	CONSTRAINT "mains_questions_marks_range" CHECK ("mains_questions"."marks" between 1 and 250),
	CONSTRAINT "mains_questions_word_limit_positive" CHECK ("mains_questions"."word_limit" is null or "mains_questions"."word_limit" > 0),
	CONSTRAINT "mains_questions_text_not_blank" CHECK (btrim("mains_questions"."question_text") <> '')
);
--> statement-breakpoint
CREATE TABLE "mentor_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "evaluation_limit" integer;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "evaluation_limit" integer;--> statement-breakpoint
ALTER TABLE "answer_copies" ADD CONSTRAINT "answer_copies_question_id_mains_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mains_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_copies" ADD CONSTRAINT "answer_copies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_copies" ADD CONSTRAINT "answer_copies_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_copies" ADD CONSTRAINT "answer_copies_evaluated_by_user_id_fk" FOREIGN KEY ("evaluated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_copy_files" ADD CONSTRAINT "answer_copy_files_copy_id_answer_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."answer_copies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_questions" ADD CONSTRAINT "mains_questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_questions" ADD CONSTRAINT "mains_questions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_questions" ADD CONSTRAINT "mains_questions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_invitations" ADD CONSTRAINT "mentor_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_invitations" ADD CONSTRAINT "mentor_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_copies_user_question_key" ON "answer_copies" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "answer_copies_user_created_idx" ON "answer_copies" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "answer_copies_queue_idx" ON "answer_copies" USING btree ("submitted_at","id") WHERE "answer_copies"."status" in ('submitted','claimed');--> statement-breakpoint
CREATE INDEX "answer_copies_claimed_by_idx" ON "answer_copies" USING btree ("claimed_by","status") WHERE "answer_copies"."claimed_by" is not null;--> statement-breakpoint
CREATE INDEX "answer_copies_evaluated_idx" ON "answer_copies" USING btree ("evaluated_at") WHERE "answer_copies"."status" = 'evaluated';--> statement-breakpoint
CREATE INDEX "answer_copy_files_copy_idx" ON "answer_copy_files" USING btree ("copy_id","position");--> statement-breakpoint
CREATE INDEX "mains_questions_publish_idx" ON "mains_questions" USING btree ("publish_date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mentor_invitations_token_key" ON "mentor_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mentor_invitations_created_idx" ON "mentor_invitations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_evaluation_limit_positive" CHECK ("subscription_plans"."evaluation_limit" is null or "subscription_plans"."evaluation_limit" >= 0);--> statement-breakpoint
INSERT INTO "evaluation_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
