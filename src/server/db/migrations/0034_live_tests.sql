CREATE TABLE "live_tests" (
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"entry_minutes" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"results_at" timestamp with time zone,
	"registered_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_count" integer,
	"published_average" numeric(8, 2),
	"published_top_ten_average" numeric(8, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_tests_entry_range" CHECK ("live_tests"."entry_minutes" between 1 and 240),
	CONSTRAINT "live_tests_duration_range" CHECK ("live_tests"."duration_minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "live_test_registrations" (
	"exam_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_test_registrations_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_test_results" (
	"exam_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"score" numeric(8, 2) NOT NULL,
	"time_taken_seconds" integer NOT NULL,
	"rank" integer NOT NULL,
	"percentile" numeric(5, 2) NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_test_results_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id"),
	CONSTRAINT "live_test_results_attempt_key" UNIQUE("attempt_id")
);
--> statement-breakpoint
ALTER TABLE "exam_attempts" DROP CONSTRAINT "exam_attempts_one_target";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD COLUMN "live_test_id" uuid;--> statement-breakpoint
ALTER TABLE "live_tests" ADD CONSTRAINT "live_tests_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_registrations" ADD CONSTRAINT "live_test_registrations_exam_id_live_tests_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."live_tests"("exam_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_registrations" ADD CONSTRAINT "live_test_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_results" ADD CONSTRAINT "live_test_results_exam_id_live_tests_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."live_tests"("exam_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_results" ADD CONSTRAINT "live_test_results_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_results" ADD CONSTRAINT "live_test_results_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_tests_opens_at_idx" ON "live_tests" USING btree ("opens_at");--> statement-breakpoint
CREATE INDEX "live_tests_unpublished_idx" ON "live_tests" USING btree ("opens_at") WHERE "live_tests"."published_at" is null;--> statement-breakpoint
CREATE INDEX "live_test_results_rank_idx" ON "live_test_results" USING btree ("exam_id","rank") WHERE not "live_test_results"."late";--> statement-breakpoint
CREATE INDEX "live_test_results_score_idx" ON "live_test_results" USING btree ("exam_id","score" DESC NULLS LAST,"time_taken_seconds") WHERE not "live_test_results"."late";--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_live_test_id_live_tests_exam_id_fk" FOREIGN KEY ("live_test_id") REFERENCES "public"."live_tests"("exam_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_per_user_live" ON "exam_attempts" USING btree ("live_test_id","user_id") WHERE "exam_attempts"."live_test_id" is not null;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_one_target" CHECK (num_nonnulls("exam_attempts"."exam_id", "exam_attempts"."quiz_id", "exam_attempts"."practice_id", "exam_attempts"."revision_id", "exam_attempts"."live_test_id") = 1);