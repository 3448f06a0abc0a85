CREATE TABLE "pyq_answers" (
	"user_id" text NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_answer" char(1) NOT NULL,
	"is_correct" boolean NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pyq_answers_user_question_key" PRIMARY KEY("user_id","question_id"),
	CONSTRAINT "pyq_answers_selected_valid" CHECK ("pyq_answers"."selected_answer" in ('A','B','C','D'))
);
--> statement-breakpoint
ALTER TABLE "pyq_answers" ADD CONSTRAINT "pyq_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pyq_answers" ADD CONSTRAINT "pyq_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pyq_answers_question_id_idx" ON "pyq_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "questions_pyq_subject_topic_year_idx" ON "questions" USING btree ("subject_id","topic_id","pyq_year") WHERE "questions"."pyq_year" is not null;