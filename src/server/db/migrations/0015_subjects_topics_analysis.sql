CREATE TABLE "question_score_stats" (
	"question_id" uuid NOT NULL,
	"score_band" smallint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"chose_a" integer DEFAULT 0 NOT NULL,
	"chose_b" integer DEFAULT 0 NOT NULL,
	"chose_c" integer DEFAULT 0 NOT NULL,
	"chose_d" integer DEFAULT 0 NOT NULL,
	"time_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "question_score_stats_question_id_score_band_pk" PRIMARY KEY("question_id","score_band"),
	CONSTRAINT "question_score_stats_band_range" CHECK ("question_score_stats"."score_band" between -100 and 100)
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_name_not_blank" CHECK (btrim("subjects"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topics_id_subject_key" UNIQUE("id","subject_id"),
	CONSTRAINT "topics_name_not_blank" CHECK (btrim("topics"."name") <> '')
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "regraded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "topic_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "difficulty" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "pyq_year" integer;--> statement-breakpoint
ALTER TABLE "student_answers" ADD COLUMN "time_spent_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_score_stats" ADD CONSTRAINT "question_score_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_key" ON "subjects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "subjects_sort_idx" ON "subjects" USING btree ("sort_order","name");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_subject_name_key" ON "topics" USING btree ("subject_id",lower("name"));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_topic_of_subject_fk" FOREIGN KEY ("topic_id","subject_id") REFERENCES "public"."topics"("id","subject_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_ranked_per_user_exam" ON "exam_attempts" USING btree ("exam_id","user_id") WHERE "exam_attempts"."is_ranked" and "exam_attempts"."exam_id" is not null;--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_rank_idx" ON "exam_attempts" USING btree ("exam_id","score" DESC NULLS LAST,"time_taken_seconds") WHERE "exam_attempts"."is_ranked" and "exam_attempts"."exam_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_subject_id_idx" ON "questions" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "questions_topic_id_idx" ON "questions" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_topic_needs_subject" CHECK ("questions"."topic_id" is null or "questions"."subject_id" is not null);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_difficulty_valid" CHECK (difficulty is null or difficulty in ('easy','medium','hard'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_pyq_year_range" CHECK ("questions"."pyq_year" is null or "questions"."pyq_year" between 1950 and 2100);--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_time_spent_non_negative" CHECK ("student_answers"."time_spent_seconds" >= 0);--> statement-breakpoint
-- Hand-added (decision 034): exams now rank each student's first completed attempt, as quizzes do.
UPDATE "exam_attempts" a SET "is_ranked" = true
  FROM (SELECT DISTINCT ON ("user_id", "exam_id") "id" FROM "exam_attempts"
         WHERE "exam_id" IS NOT NULL AND "completed_at" IS NOT NULL
         ORDER BY "user_id", "exam_id", "completed_at", "id") f
 WHERE a."id" = f."id";--> statement-breakpoint
-- The analysis counters from the ranked attempts already graded; afterwards grading keeps them.
INSERT INTO "question_score_stats"
  ("question_id", "score_band", "attempts", "correct", "chose_a", "chose_b", "chose_c", "chose_d", "time_seconds")
SELECT sa."question_id", b.band, count(*)::int, count(*) FILTER (WHERE sa."is_correct")::int,
       count(*) FILTER (WHERE sa."selected_answer" = 'A')::int,
       count(*) FILTER (WHERE sa."selected_answer" = 'B')::int,
       count(*) FILTER (WHERE sa."selected_answer" = 'C')::int,
       count(*) FILTER (WHERE sa."selected_answer" = 'D')::int,
       coalesce(sum(sa."time_spent_seconds"), 0)
  FROM "exam_attempts" a
  JOIN "student_answers" sa ON sa."attempt_id" = a."id"
  LEFT JOIN "quizzes" z ON z."id" = a."quiz_id"
  CROSS JOIN LATERAL (SELECT least(100, greatest(-100, floor(
           CASE WHEN a."quiz_id" IS NULL THEN a."score"
                ELSE a."score" * 100 / coalesce(z."total_marks", 100) END)))::smallint AS band) b
 WHERE a."is_ranked" AND a."score" IS NOT NULL
 GROUP BY sa."question_id", b.band;
