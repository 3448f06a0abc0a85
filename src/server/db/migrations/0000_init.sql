CREATE TYPE "public"."exam_kind" AS ENUM('mock', 'pyp', 'series', 'practice');--> statement-breakpoint
CREATE TYPE "public"."exam_section" AS ENUM('full_length', 'gs', 'csat', 'chapter');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('admin', 'student');--> statement-breakpoint
CREATE TYPE "public"."quiz_attempt_status" AS ENUM('in_progress', 'completed');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('active', 'pending', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_news_analysis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text,
	"published_date" date DEFAULT current_date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_news_title_not_blank" CHECK (btrim("daily_news_analysis"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"app_title" text DEFAULT 'My Exam App' NOT NULL,
	"contact_email" text DEFAULT 'contact@example.com' NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"score" numeric(5, 2),
	"time_taken_seconds" integer,
	"passed" boolean,
	CONSTRAINT "exam_attempts_score_range" CHECK ("exam_attempts"."score" is null or "exam_attempts"."score" between -100 and 100)
);
--> statement-breakpoint
CREATE TABLE "exam_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"icon_slug" text,
	"image_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_categories_name_not_blank" CHECK (btrim("exam_categories"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"time_limit_seconds" integer DEFAULT 3600 NOT NULL,
	"passing_marks" integer DEFAULT 70 NOT NULL,
	"category_id" uuid NOT NULL,
	"kind" "exam_kind" DEFAULT 'mock' NOT NULL,
	"year" integer,
	"section" "exam_section",
	"is_free" boolean DEFAULT true NOT NULL,
	"marks_per_question" numeric(6, 2),
	"negative_mark_fraction" numeric(5, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_title_not_blank" CHECK (btrim("exams"."title") <> ''),
	CONSTRAINT "exams_time_limit_positive" CHECK ("exams"."time_limit_seconds" > 0),
	CONSTRAINT "exams_passing_marks_range" CHECK ("exams"."passing_marks" between 0 and 100),
	CONSTRAINT "exams_year_range" CHECK ("exams"."year" is null or "exams"."year" between 1950 and 2100),
	CONSTRAINT "exams_negative_fraction_range" CHECK ("exams"."negative_mark_fraction" is null or "exams"."negative_mark_fraction" between 0 and 1),
	CONSTRAINT "exams_marks_per_question_positive" CHECK ("exams"."marks_per_question" is null or "exams"."marks_per_question" > 0)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct_answer" char(1) NOT NULL,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_correct_answer_valid" CHECK ("questions"."correct_answer" in ('A','B','C','D')),
	CONSTRAINT "questions_options_complete" CHECK ("questions"."options" ?& array['A','B','C','D'] and jsonb_typeof("questions"."options") = 'object')
);
--> statement-breakpoint
CREATE TABLE "student_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_answer" char(1),
	"is_correct" boolean,
	"marked_for_review" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_answers_selected_valid" CHECK ("student_answers"."selected_answer" is null or "student_answers"."selected_answer" in ('A','B','C','D'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"email" text,
	"role" "role" DEFAULT 'student' NOT NULL,
	"mobile_number" text,
	"address" text,
	"date_of_birth" date,
	"profile_photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_full_name_length" CHECK (char_length("profiles"."full_name") <= 200)
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"quiz_id" uuid NOT NULL,
	"status" "quiz_attempt_status" DEFAULT 'in_progress' NOT NULL,
	"attempted_on" timestamp with time zone DEFAULT now() NOT NULL,
	"attempt_number" integer NOT NULL,
	"score" numeric(8, 2),
	"time_taken_seconds" integer,
	"answers" jsonb,
	"rank" integer,
	CONSTRAINT "quiz_attempts_number_positive" CHECK ("quiz_attempts"."attempt_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"pdf_url" text,
	"languages" text[] DEFAULT '{English}'::text[] NOT NULL,
	"duration_minutes" integer DEFAULT 10 NOT NULL,
	"total_marks" integer,
	"num_questions" integer DEFAULT 5 NOT NULL,
	"difficulty" text,
	"total_attempts_placeholder" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_duration_positive" CHECK ("quizzes"."duration_minutes" > 0),
	CONSTRAINT "quizzes_num_questions_non_negative" CHECK ("quizzes"."num_questions" >= 0),
	CONSTRAINT "quizzes_total_marks_non_negative" CHECK ("quizzes"."total_marks" is null or "quizzes"."total_marks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_saved_quizzes" (
	"user_id" text NOT NULL,
	"quiz_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_saved_quizzes_user_id_quiz_id_pk" PRIMARY KEY("user_id","quiz_id")
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_name" text NOT NULL,
	"key_id" text,
	"key_secret" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateways_gateway_name_unique" UNIQUE("gateway_name")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(10, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"duration_days" integer DEFAULT 30 NOT NULL,
	"exam_limit" integer DEFAULT 10,
	"attempt_limit_per_exam" integer DEFAULT 3,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_price_non_negative" CHECK ("subscription_plans"."price" >= 0),
	CONSTRAINT "subscription_plans_duration_non_negative" CHECK ("subscription_plans"."duration_days" >= 0),
	CONSTRAINT "subscription_plans_exam_limit_positive" CHECK ("subscription_plans"."exam_limit" is null or "subscription_plans"."exam_limit" >= 0),
	CONSTRAINT "subscription_plans_attempt_limit_positive" CHECK ("subscription_plans"."attempt_limit_per_exam" is null or "subscription_plans"."attempt_limit_per_exam" >= 0),
	CONSTRAINT "subscription_plans_name_not_blank" CHECK (btrim("subscription_plans"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" "subscription_status" DEFAULT 'pending' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_category_id_exam_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."exam_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_saved_quizzes" ADD CONSTRAINT "user_saved_quizzes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_saved_quizzes" ADD CONSTRAINT "user_saved_quizzes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "daily_news_published_created_idx" ON "daily_news_analysis" USING btree ("published_date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exam_attempts_user_completed_idx" ON "exam_attempts" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_exam_id_idx" ON "exam_attempts" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_completed_at_idx" ON "exam_attempts" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline_idx" ON "exam_attempts" USING btree ("deadline_at") WHERE "exam_attempts"."completed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_per_user_exam" ON "exam_attempts" USING btree ("user_id","exam_id") WHERE "exam_attempts"."completed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_categories_name_key" ON "exam_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "exam_categories_name_idx" ON "exam_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "exams_category_id_idx" ON "exams" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "exams_created_at_idx" ON "exams" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exams_title_idx" ON "exams" USING btree ("title");--> statement-breakpoint
CREATE INDEX "exams_kind_section_idx" ON "exams" USING btree ("kind","section");--> statement-breakpoint
CREATE INDEX "exams_year_idx" ON "exams" USING btree ("year");--> statement-breakpoint
CREATE INDEX "questions_exam_id_created_at_idx" ON "questions" USING btree ("exam_id","created_at");--> statement-breakpoint
CREATE INDEX "questions_created_at_idx" ON "questions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "student_answers_attempt_question_key" ON "student_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "student_answers_question_id_idx" ON "student_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "profiles_full_name_idx" ON "profiles" USING btree ("full_name");--> statement-breakpoint
CREATE INDEX "profiles_email_idx" ON "profiles" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_quiz_number_key" ON "quiz_attempts" USING btree ("user_id","quiz_id","attempt_number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_quiz_attempted_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id","attempted_on");--> statement-breakpoint
CREATE INDEX "quiz_attempts_quiz_attempted_idx" ON "quiz_attempts" USING btree ("quiz_id","attempted_on");--> statement-breakpoint
CREATE INDEX "quizzes_created_at_idx" ON "quizzes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_saved_quizzes_quiz_id_idx" ON "user_saved_quizzes" USING btree ("quiz_id");--> statement-breakpoint
CREATE INDEX "subscription_plans_active_price_idx" ON "subscription_plans" USING btree ("is_active","price");--> statement-breakpoint
CREATE INDEX "subscription_plans_created_at_idx" ON "subscription_plans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_status_idx" ON "user_subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "user_subscriptions_plan_id_idx" ON "user_subscriptions" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_created_at_idx" ON "user_subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_gateway_order_key" ON "user_subscriptions" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_active_per_user" ON "user_subscriptions" USING btree ("user_id") WHERE "user_subscriptions"."status" = 'active';