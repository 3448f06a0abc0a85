CREATE TABLE "question_set_items" (
	"set_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "question_set_items_set_id_question_id_pk" PRIMARY KEY("set_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "question_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"timed" boolean DEFAULT true NOT NULL,
	"time_limit_seconds" integer NOT NULL,
	"marks_per_question" numeric(6, 2),
	"negative_mark_fraction" numeric(5, 4),
	"question_count" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"left_out_premium" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_sets_kind_valid" CHECK ("question_sets"."kind" in ('practice','revision')),
	CONSTRAINT "question_sets_title_not_blank" CHECK (btrim("question_sets"."title") <> ''),
	CONSTRAINT "question_sets_time_limit_positive" CHECK ("question_sets"."time_limit_seconds" > 0),
	CONSTRAINT "question_sets_count_positive" CHECK ("question_sets"."question_count" > 0),
	CONSTRAINT "question_sets_left_out_non_negative" CHECK ("question_sets"."left_out_premium" >= 0),
	CONSTRAINT "question_sets_negative_fraction_range" CHECK ("question_sets"."negative_mark_fraction" is null or "question_sets"."negative_mark_fraction" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_one_target";--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_score_range";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "practice_id" uuid;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "revision_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "practice_limit" integer;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "practice_limit" integer;--> statement-breakpoint
ALTER TABLE "question_set_items" ADD CONSTRAINT "question_set_items_set_id_question_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_set_items" ADD CONSTRAINT "question_set_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_sets" ADD CONSTRAINT "question_sets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_set_items_question_idx" ON "question_set_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "question_sets_user_kind_created_idx" ON "question_sets" USING btree ("user_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_practice_id_question_sets_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_revision_id_question_sets_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_per_user_practice" ON "exam_attempts" USING btree ("user_id","practice_id") WHERE "exam_attempts"."completed_at" is null and "exam_attempts"."practice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_per_user_revision" ON "exam_attempts" USING btree ("user_id","revision_id") WHERE "exam_attempts"."completed_at" is null and "exam_attempts"."revision_id" is not null;--> statement-breakpoint
CREATE INDEX "exam_attempts_practice_id_idx" ON "exam_attempts" USING btree ("practice_id") WHERE "exam_attempts"."practice_id" is not null;--> statement-breakpoint
CREATE INDEX "exam_attempts_revision_id_idx" ON "exam_attempts" USING btree ("revision_id") WHERE "exam_attempts"."revision_id" is not null;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_one_target" CHECK (num_nonnulls("exam_attempts"."exam_id", "exam_attempts"."quiz_id", "exam_attempts"."practice_id", "exam_attempts"."revision_id") = 1);--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_score_range" CHECK ("exam_attempts"."score" is null or ("exam_attempts"."quiz_id" is null and "exam_attempts"."score" between -100 and 100) or ("exam_attempts"."quiz_id" is not null and "exam_attempts"."score" >= 0));--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_practice_limit_positive" CHECK ("subscription_plans"."practice_limit" is null or "subscription_plans"."practice_limit" >= 0);