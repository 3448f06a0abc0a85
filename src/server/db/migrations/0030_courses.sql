CREATE TABLE "course_enrollments" (
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrollments_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"note_id" uuid,
	"video_id" uuid,
	"live_class_id" uuid,
	"exam_id" uuid,
	"quiz_id" uuid,
	"practice_subject_id" uuid,
	"practice_topic_id" uuid,
	"practice_questions" integer,
	CONSTRAINT "course_items_one_target" CHECK (("course_items"."kind" = 'note' and "course_items"."note_id" is not null and num_nonnulls("course_items"."video_id", "course_items"."live_class_id", "course_items"."exam_id", "course_items"."quiz_id", "course_items"."practice_subject_id") = 0)
       or ("course_items"."kind" = 'video' and "course_items"."video_id" is not null and num_nonnulls("course_items"."note_id", "course_items"."live_class_id", "course_items"."exam_id", "course_items"."quiz_id", "course_items"."practice_subject_id") = 0)
       or ("course_items"."kind" = 'live_class' and "course_items"."live_class_id" is not null and num_nonnulls("course_items"."note_id", "course_items"."video_id", "course_items"."exam_id", "course_items"."quiz_id", "course_items"."practice_subject_id") = 0)
       or ("course_items"."kind" = 'exam' and "course_items"."exam_id" is not null and num_nonnulls("course_items"."note_id", "course_items"."video_id", "course_items"."live_class_id", "course_items"."quiz_id", "course_items"."practice_subject_id") = 0)
       or ("course_items"."kind" = 'quiz' and "course_items"."quiz_id" is not null and num_nonnulls("course_items"."note_id", "course_items"."video_id", "course_items"."live_class_id", "course_items"."exam_id", "course_items"."practice_subject_id") = 0)
       or ("course_items"."kind" = 'practice' and "course_items"."practice_subject_id" is not null and "course_items"."practice_questions" between 5 and 100 and num_nonnulls("course_items"."note_id", "course_items"."video_id", "course_items"."live_class_id", "course_items"."exam_id", "course_items"."quiz_id") = 0))
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"title_hi" text,
	CONSTRAINT "course_modules_title_not_blank" CHECK (btrim("course_modules"."title") <> '')
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_hi" text,
	"summary" text DEFAULT '' NOT NULL,
	"summary_hi" text,
	"description" text DEFAULT '' NOT NULL,
	"is_free" boolean DEFAULT true NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_title_not_blank" CHECK (btrim("courses"."title") <> ''),
	CONSTRAINT "courses_slug_format" CHECK ("courses"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "plan_courses" (
	"plan_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "plan_courses_plan_id_course_id_pk" PRIMARY KEY("plan_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_note_id_study_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."study_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_video_id_video_lessons_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_live_class_id_live_classes_id_fk" FOREIGN KEY ("live_class_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_practice_subject_id_subjects_id_fk" FOREIGN KEY ("practice_subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_practice_topic_id_topics_id_fk" FOREIGN KEY ("practice_topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_enrollments_course_idx" ON "course_enrollments" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_items_module_position_key" ON "course_items" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "course_items_note_idx" ON "course_items" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "course_items_video_idx" ON "course_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "course_items_live_class_idx" ON "course_items" USING btree ("live_class_id");--> statement-breakpoint
CREATE INDEX "course_items_exam_idx" ON "course_items" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "course_items_quiz_idx" ON "course_items" USING btree ("quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_modules_course_position_key" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_slug_key" ON "courses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "courses_published_sort_idx" ON "courses" USING btree ("is_published","sort_order","title");--> statement-breakpoint
CREATE INDEX "plan_courses_course_idx" ON "plan_courses" USING btree ("course_id");