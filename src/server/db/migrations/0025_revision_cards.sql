CREATE TABLE "revision_cards" (
	"user_id" text NOT NULL,
	"question_id" uuid NOT NULL,
	"source" text NOT NULL,
	"attempt_id" uuid,
	"selected_answer" char(1),
	"confidence" text,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"sure_streak" smallint DEFAULT 0 NOT NULL,
	"mastered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revision_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "revision_cards_source_valid" CHECK (source in ('wrong','skipped','unsure','saved')),
	CONSTRAINT "revision_cards_selected_valid" CHECK ("revision_cards"."selected_answer" is null or "revision_cards"."selected_answer" in ('A','B','C','D')),
	CONSTRAINT "revision_cards_confidence_valid" CHECK (confidence is null or confidence in ('sure','fifty_fifty','guess')),
	CONSTRAINT "revision_cards_state_valid" CHECK ("revision_cards"."state" between 0 and 3),
	CONSTRAINT "revision_cards_counts_non_negative" CHECK ("revision_cards"."reps" >= 0 and "revision_cards"."lapses" >= 0 and "revision_cards"."sure_streak" >= 0)
);
--> statement-breakpoint
ALTER TABLE "revision_cards" ADD CONSTRAINT "revision_cards_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_cards" ADD CONSTRAINT "revision_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_cards" ADD CONSTRAINT "revision_cards_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revision_cards_due_idx" ON "revision_cards" USING btree ("user_id","due") WHERE "revision_cards"."mastered_at" is null;--> statement-breakpoint
CREATE INDEX "revision_cards_user_due_idx" ON "revision_cards" USING btree ("user_id","due","question_id");--> statement-breakpoint
CREATE INDEX "revision_cards_user_source_due_idx" ON "revision_cards" USING btree ("user_id","source","due");--> statement-breakpoint
CREATE INDEX "revision_cards_question_idx" ON "revision_cards" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "revision_cards_attempt_idx" ON "revision_cards" USING btree ("attempt_id") WHERE "revision_cards"."attempt_id" is not null;