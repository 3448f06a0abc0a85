CREATE TABLE "mains_booklet_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booklet_id" uuid NOT NULL,
	"test_question_id" uuid NOT NULL,
	"start_page" integer,
	"mapped_by" text,
	"typed_text" text,
	"word_count" integer,
	"marks" numeric(6, 2),
	"moderated" boolean DEFAULT false NOT NULL,
	"reevaluation_reason" text,
	"marks_before_reevaluation" numeric(6, 2),
	"reevaluation_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_booklet_answers_start_page_positive" CHECK ("mains_booklet_answers"."start_page" is null or "mains_booklet_answers"."start_page" > 0),
	CONSTRAINT "mains_booklet_answers_outcome_valid" CHECK ("mains_booklet_answers"."reevaluation_outcome" is null or reevaluation_outcome in ('raised','unchanged','lowered'))
);
--> statement-breakpoint
CREATE TABLE "mains_booklet_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booklet_id" uuid NOT NULL,
	"position" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"rotation" smallint DEFAULT 0 NOT NULL,
	"pdf_pages" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_booklet_files_rotation_valid" CHECK ("mains_booklet_files"."rotation" in (0,90,180,270))
);
--> statement-breakpoint
CREATE TABLE "mains_booklets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'writing' NOT NULL,
	"format" text,
	"page_count" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"claimed_by" text,
	"claim_expires_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"total_marks" numeric(7, 2),
	"rank" integer,
	"percentile" numeric(6, 2),
	"share_answers" boolean DEFAULT false NOT NULL,
	"share_name" boolean DEFAULT false NOT NULL,
	"reevaluation_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_booklets_status_valid" CHECK (status in ('writing','submitted','absent','evaluated')),
	CONSTRAINT "mains_booklets_format_valid" CHECK ("mains_booklets"."format" is null or format in ('images','pdf','typed'))
);
--> statement-breakpoint
CREATE TABLE "mains_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"booklet_id" uuid NOT NULL,
	"test_id" uuid NOT NULL,
	"test_question_id" uuid NOT NULL,
	"round" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"mentor_id" text,
	"claimed_at" timestamp with time zone,
	"claim_expires_at" timestamp with time zone,
	"marked_at" timestamp with time zone,
	"rubric" jsonb,
	"part_marks" jsonb,
	"marks" numeric(6, 2),
	"comment" text,
	"annotations" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_marks_round_valid" CHECK (round in ('first','second','reeval')),
	CONSTRAINT "mains_marks_status_valid" CHECK (status in ('waiting','claimed','marked')),
	CONSTRAINT "mains_marks_marks_nonnegative" CHECK ("mains_marks"."marks" is null or "mains_marks"."marks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mains_moderation" (
	"test_id" uuid NOT NULL,
	"mentor_id" text NOT NULL,
	"correction" numeric(5, 2) NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_moderation_test_id_mentor_id_pk" PRIMARY KEY("test_id","mentor_id"),
	CONSTRAINT "mains_moderation_correction_range" CHECK ("mains_moderation"."correction" between -50 and 50)
);
--> statement-breakpoint
CREATE TABLE "mains_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_hi" text,
	"description" text,
	"description_hi" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_series_title_not_blank" CHECK (btrim("mains_series"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "mains_test_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"section" smallint DEFAULT 1 NOT NULL,
	"marks" integer NOT NULL,
	"word_limit" integer,
	CONSTRAINT "mains_test_questions_position_positive" CHECK ("mains_test_questions"."position" > 0),
	CONSTRAINT "mains_test_questions_section_positive" CHECK ("mains_test_questions"."section" > 0),
	CONSTRAINT "mains_test_questions_marks_range" CHECK ("mains_test_questions"."marks" between 1 and 250),
	CONSTRAINT "mains_test_questions_word_limit_positive" CHECK ("mains_test_questions"."word_limit" is null or "mains_test_questions"."word_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "mains_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid,
	"title" text NOT NULL,
	"title_hi" text,
	"instructions" text,
	"instructions_hi" text,
	"paper" text NOT NULL,
	"duration_minutes" integer DEFAULT 180 NOT NULL,
	"upload_grace_minutes" integer DEFAULT 30 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"section_choose" jsonb,
	"evaluation_mode" text DEFAULT 'booklet' NOT NULL,
	"double_mark_percent" integer DEFAULT 10 NOT NULL,
	"turnaround_hours" integer DEFAULT 120 NOT NULL,
	"results_at" timestamp with time zone,
	"results_published_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mains_tests_title_not_blank" CHECK (btrim("mains_tests"."title") <> ''),
	CONSTRAINT "mains_tests_window" CHECK ("mains_tests"."closes_at" > "mains_tests"."opens_at"),
	CONSTRAINT "mains_tests_duration_range" CHECK ("mains_tests"."duration_minutes" between 10 and 600),
	CONSTRAINT "mains_tests_grace_range" CHECK ("mains_tests"."upload_grace_minutes" between 0 and 240),
	CONSTRAINT "mains_tests_double_mark_range" CHECK ("mains_tests"."double_mark_percent" between 0 and 100),
	CONSTRAINT "mains_tests_turnaround_range" CHECK ("mains_tests"."turnaround_hours" between 1 and 2160),
	CONSTRAINT "mains_tests_mode_valid" CHECK (evaluation_mode in ('booklet','question'))
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_one_target";--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_score_range";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "mains_test_id" uuid;--> statement-breakpoint
ALTER TABLE "mains_booklet_answers" ADD CONSTRAINT "mains_booklet_answers_booklet_id_mains_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."mains_booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklet_answers" ADD CONSTRAINT "mains_booklet_answers_test_question_id_mains_test_questions_id_fk" FOREIGN KEY ("test_question_id") REFERENCES "public"."mains_test_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklet_answers" ADD CONSTRAINT "mains_booklet_answers_mapped_by_user_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklet_files" ADD CONSTRAINT "mains_booklet_files_booklet_id_mains_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."mains_booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklets" ADD CONSTRAINT "mains_booklets_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklets" ADD CONSTRAINT "mains_booklets_test_id_mains_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."mains_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklets" ADD CONSTRAINT "mains_booklets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_booklets" ADD CONSTRAINT "mains_booklets_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_marks" ADD CONSTRAINT "mains_marks_answer_id_mains_booklet_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."mains_booklet_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_marks" ADD CONSTRAINT "mains_marks_booklet_id_mains_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."mains_booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_marks" ADD CONSTRAINT "mains_marks_test_id_mains_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."mains_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_marks" ADD CONSTRAINT "mains_marks_test_question_id_mains_test_questions_id_fk" FOREIGN KEY ("test_question_id") REFERENCES "public"."mains_test_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_marks" ADD CONSTRAINT "mains_marks_mentor_id_user_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_moderation" ADD CONSTRAINT "mains_moderation_test_id_mains_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."mains_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_moderation" ADD CONSTRAINT "mains_moderation_mentor_id_user_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_moderation" ADD CONSTRAINT "mains_moderation_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_test_questions" ADD CONSTRAINT "mains_test_questions_test_id_mains_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."mains_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_test_questions" ADD CONSTRAINT "mains_test_questions_question_id_mains_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."mains_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_tests" ADD CONSTRAINT "mains_tests_series_id_mains_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."mains_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mains_tests" ADD CONSTRAINT "mains_tests_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mains_booklet_answers_key" ON "mains_booklet_answers" USING btree ("booklet_id","test_question_id");--> statement-breakpoint
CREATE INDEX "mains_booklet_answers_question_idx" ON "mains_booklet_answers" USING btree ("test_question_id","marks" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mains_booklet_files_booklet_idx" ON "mains_booklet_files" USING btree ("booklet_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mains_booklets_attempt_key" ON "mains_booklets" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mains_booklets_test_user_key" ON "mains_booklets" USING btree ("test_id","user_id");--> statement-breakpoint
CREATE INDEX "mains_booklets_user_idx" ON "mains_booklets" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mains_booklets_queue_idx" ON "mains_booklets" USING btree ("test_id","submitted_at","id") WHERE "mains_booklets"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "mains_booklets_claimed_by_idx" ON "mains_booklets" USING btree ("claimed_by") WHERE "mains_booklets"."claimed_by" is not null;--> statement-breakpoint
CREATE INDEX "mains_booklets_rank_idx" ON "mains_booklets" USING btree ("test_id","total_marks" DESC NULLS LAST) WHERE "mains_booklets"."total_marks" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mains_marks_answer_round_key" ON "mains_marks" USING btree ("answer_id","round");--> statement-breakpoint
CREATE INDEX "mains_marks_queue_idx" ON "mains_marks" USING btree ("test_id","round","test_question_id","created_at") WHERE "mains_marks"."status" <> 'marked';--> statement-breakpoint
CREATE INDEX "mains_marks_booklet_idx" ON "mains_marks" USING btree ("booklet_id","round");--> statement-breakpoint
CREATE INDEX "mains_marks_mentor_idx" ON "mains_marks" USING btree ("mentor_id","status");--> statement-breakpoint
CREATE INDEX "mains_marks_marked_idx" ON "mains_marks" USING btree ("test_id","marked_at") WHERE "mains_marks"."status" = 'marked';--> statement-breakpoint
CREATE UNIQUE INDEX "mains_test_questions_position_key" ON "mains_test_questions" USING btree ("test_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mains_test_questions_question_key" ON "mains_test_questions" USING btree ("test_id","question_id");--> statement-breakpoint
CREATE INDEX "mains_tests_series_idx" ON "mains_tests" USING btree ("series_id","opens_at");--> statement-breakpoint
CREATE INDEX "mains_tests_opens_idx" ON "mains_tests" USING btree ("opens_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mains_tests_results_due_idx" ON "mains_tests" USING btree ("results_at") WHERE "mains_tests"."results_at" is not null and "mains_tests"."results_published_at" is null;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_mains_test_id_mains_tests_id_fk" FOREIGN KEY ("mains_test_id") REFERENCES "public"."mains_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_per_user_mains" ON "exam_attempts" USING btree ("mains_test_id","user_id") WHERE "exam_attempts"."mains_test_id" is not null;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_one_target" CHECK (num_nonnulls("exam_attempts"."exam_id", "exam_attempts"."quiz_id", "exam_attempts"."practice_id", "exam_attempts"."revision_id", "exam_attempts"."live_test_id", "exam_attempts"."mains_test_id") = 1);--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_score_range" CHECK ("exam_attempts"."score" is null or ("exam_attempts"."quiz_id" is null and "exam_attempts"."mains_test_id" is null and "exam_attempts"."score" between -100 and 100) or (("exam_attempts"."quiz_id" is not null or "exam_attempts"."mains_test_id" is not null) and "exam_attempts"."score" >= 0));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_valid" CHECK (kind in ('quizLive','answerEvaluated','revisionDue','liveClass','testResults','scoreChanged','evaluationMail','liveClassMail','supportAnswer','paymentReceived','mainsResults','mainsReevaluated'));