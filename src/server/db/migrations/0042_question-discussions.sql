CREATE TABLE "discussion_bans" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text,
	"banned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_post_reports" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_post_reports_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "question_post_votes" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_post_votes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "question_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" uuid,
	"number" integer NOT NULL,
	"body" text NOT NULL,
	"image_key" text,
	"status" text DEFAULT 'visible' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"pinned_at" timestamp with time zone,
	"pinned_by" text,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_posts_status_valid" CHECK (status in ('visible','reported','hidden','deleted')),
	CONSTRAINT "question_posts_body_not_blank" CHECK (btrim("question_posts"."body") <> '' or "question_posts"."image_key" is not null),
	CONSTRAINT "question_posts_counts_non_negative" CHECK ("question_posts"."helpful_count" >= 0 and "question_posts"."report_count" >= 0),
	CONSTRAINT "question_posts_number_positive" CHECK ("question_posts"."number" > 0),
	CONSTRAINT "question_posts_pinned_top_level" CHECK ("question_posts"."pinned_at" is null or "question_posts"."parent_id" is null)
);
--> statement-breakpoint
CREATE TABLE "key_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"exam_id" uuid,
	"quiz_id" uuid,
	"kind" text NOT NULL,
	"old_answers" text[] NOT NULL,
	"new_answers" text[] NOT NULL,
	"drop_rule" text,
	"reason" text NOT NULL,
	"reason_hi" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"regraded_at" timestamp with time zone,
	"attempts_regraded" integer,
	"students_told" integer,
	CONSTRAINT "key_changes_kind_valid" CHECK (kind in ('key','drop')),
	CONSTRAINT "key_changes_drop_rule_valid" CHECK ((kind = 'drop') = (drop_rule is not null) and (drop_rule is null or drop_rule in ('award','exclude'))),
	CONSTRAINT "key_changes_one_paper" CHECK (num_nonnulls("key_changes"."exam_id", "key_changes"."quiz_id") = 1),
	CONSTRAINT "key_changes_reason_not_blank" CHECK (btrim("key_changes"."reason") <> ''),
	CONSTRAINT "key_changes_answers_valid" CHECK (cardinality("key_changes"."new_answers") between 1 and 4 and "key_changes"."new_answers" <@ array['A','B','C','D']
          and "key_changes"."old_answers" <@ array['A','B','C','D'])
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"credit_me" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"key_change_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_reports_reason_valid" CHECK (reason in ('wrong_key','unclear','factual','typo','translation')),
	CONSTRAINT "question_reports_status_valid" CHECK (status in ('open','rejected','fixed','key_changed','dropped')),
	CONSTRAINT "question_reports_resolved" CHECK (("question_reports"."status" = 'open') = ("question_reports"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "report_sla_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "drop_rule" text DEFAULT 'award' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "also_accepted" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "dropped_as" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "discussion_reply" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "drop_rule" text DEFAULT 'award' NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_bans" ADD CONSTRAINT "discussion_bans_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_bans" ADD CONSTRAINT "discussion_bans_banned_by_user_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_post_reports" ADD CONSTRAINT "question_post_reports_post_id_question_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."question_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_post_reports" ADD CONSTRAINT "question_post_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_post_votes" ADD CONSTRAINT "question_post_votes_post_id_question_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."question_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_post_votes" ADD CONSTRAINT "question_post_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_parent_id_question_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."question_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_pinned_by_user_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_posts" ADD CONSTRAINT "question_posts_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_changes" ADD CONSTRAINT "key_changes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_changes" ADD CONSTRAINT "key_changes_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_changes" ADD CONSTRAINT "key_changes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_changes" ADD CONSTRAINT "key_changes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_key_change_id_key_changes_id_fk" FOREIGN KEY ("key_change_id") REFERENCES "public"."key_changes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_posts_question_number_key" ON "question_posts" USING btree ("question_id","number");--> statement-breakpoint
CREATE INDEX "question_posts_question_created_idx" ON "question_posts" USING btree ("question_id","created_at" DESC NULLS LAST,"id") WHERE "question_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "question_posts_question_helpful_idx" ON "question_posts" USING btree ("question_id","helpful_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id") WHERE "question_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "question_posts_parent_idx" ON "question_posts" USING btree ("parent_id","created_at") WHERE "question_posts"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "question_posts_user_created_idx" ON "question_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "question_posts_moderation_idx" ON "question_posts" USING btree ("report_count" DESC NULLS LAST,"created_at") WHERE "question_posts"."report_count" > 0 and "question_posts"."status" in ('visible', 'reported');--> statement-breakpoint
CREATE INDEX "question_posts_hidden_idx" ON "question_posts" USING btree ("moderated_at" DESC NULLS FIRST,"id") WHERE "question_posts"."status" = 'hidden';--> statement-breakpoint
CREATE UNIQUE INDEX "question_posts_one_pinned_key" ON "question_posts" USING btree ("question_id") WHERE "question_posts"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "key_changes_exam_idx" ON "key_changes" USING btree ("exam_id","created_at") WHERE "key_changes"."exam_id" is not null;--> statement-breakpoint
CREATE INDEX "key_changes_quiz_idx" ON "key_changes" USING btree ("quiz_id","created_at") WHERE "key_changes"."quiz_id" is not null;--> statement-breakpoint
CREATE INDEX "key_changes_question_idx" ON "key_changes" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "key_changes_pending_idx" ON "key_changes" USING btree ("created_at") WHERE "key_changes"."regraded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "question_reports_one_open_key" ON "question_reports" USING btree ("question_id","user_id") WHERE "question_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "question_reports_open_idx" ON "question_reports" USING btree ("question_id","created_at") WHERE "question_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "question_reports_open_created_idx" ON "question_reports" USING btree ("created_at") WHERE "question_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "question_reports_user_idx" ON "question_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "question_reports_answered_idx" ON "question_reports" USING btree ("resolved_at" DESC NULLS FIRST,"question_id") WHERE "question_reports"."status" <> 'open';--> statement-breakpoint
CREATE INDEX "question_reports_key_change_idx" ON "question_reports" USING btree ("key_change_id") WHERE "question_reports"."key_change_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_user_pending_idx" ON "outbox" USING btree ("user_id","due_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_drop_rule_valid" CHECK ("exams"."drop_rule" in ('award','exclude'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_also_accepted_valid" CHECK ("questions"."also_accepted" <@ array['A','B','C','D'] and not ("questions"."correct_answer"::text = any("questions"."also_accepted")));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_dropped_as_valid" CHECK ("questions"."dropped_as" is null or "questions"."dropped_as" in ('award','exclude'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_valid" CHECK (kind in ('quizLive','answerEvaluated','revisionDue','liveClass','testResults','discussionReply','scoreChanged','evaluationMail','liveClassMail','supportAnswer','paymentReceived','mainsResults','mainsReevaluated','explanationPinned','reportAnswered'));--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_drop_rule_valid" CHECK ("quizzes"."drop_rule" in ('award','exclude'));