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
CREATE TABLE "note_bookmarks" (
	"user_id" text NOT NULL,
	"note_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_bookmarks_user_id_note_id_pk" PRIMARY KEY("user_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "note_reads" (
	"user_id" text NOT NULL,
	"note_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "note_reads_user_id_note_id_pk" PRIMARY KEY("user_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "study_activity" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "study_activity_user_id_day_kind_pk" PRIMARY KEY("user_id","day","kind"),
	CONSTRAINT "study_activity_kind_valid" CHECK (kind in ('note','video')),
	CONSTRAINT "study_activity_seconds_range" CHECK ("study_activity"."seconds" between 0 and 86400)
);
--> statement-breakpoint
CREATE TABLE "study_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'notes' NOT NULL,
	"month" date,
	"title" text NOT NULL,
	"title_hi" text,
	"body" text DEFAULT '' NOT NULL,
	"body_hi" text,
	"body_text" text DEFAULT '' NOT NULL,
	"body_text_hi" text,
	"summary" text DEFAULT '' NOT NULL,
	"summary_hi" text,
	"word_count" integer DEFAULT 0 NOT NULL,
	"pdf_key" text,
	"pdf_bytes" integer,
	"subject_id" uuid,
	"topic_id" uuid,
	"is_free" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('simple'::regconfig, coalesce(title_hi, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(body_text, '')), 'B')
    || setweight(to_tsvector('simple'::regconfig, coalesce(body_text_hi, '')), 'B')) STORED,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_notes_kind_valid" CHECK (kind in ('notes','current_affairs')),
	CONSTRAINT "study_notes_title_not_blank" CHECK (btrim("study_notes"."title") <> ''),
	CONSTRAINT "study_notes_body_or_pdf" CHECK ("study_notes"."body" <> '' or "study_notes"."pdf_key" is not null),
	CONSTRAINT "study_notes_month_of_compilation" CHECK (("study_notes"."kind" = 'current_affairs') = ("study_notes"."month" is not null)),
	CONSTRAINT "study_notes_topic_needs_subject" CHECK ("study_notes"."topic_id" is null or "study_notes"."subject_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "video_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'lesson' NOT NULL,
	"title" text NOT NULL,
	"title_hi" text,
	"description" text DEFAULT '' NOT NULL,
	"description_hi" text,
	"subject_id" uuid,
	"topic_id" uuid,
	"is_free" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"source" text NOT NULL,
	"embed_id" text,
	"file_key" text,
	"file_type" text,
	"file_bytes" bigint,
	"poster_key" text,
	"duration_seconds" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_lessons_kind_valid" CHECK (kind in ('lesson','current_affairs')),
	CONSTRAINT "video_lessons_source_valid" CHECK (source in ('upload','youtube','vimeo')),
	CONSTRAINT "video_lessons_title_not_blank" CHECK (btrim("video_lessons"."title") <> ''),
	CONSTRAINT "video_lessons_embed_of_source" CHECK (("video_lessons"."source" = 'upload') = ("video_lessons"."embed_id" is null)),
	CONSTRAINT "video_lessons_file_of_upload" CHECK ("video_lessons"."file_key" is null or "video_lessons"."source" = 'upload'),
	CONSTRAINT "video_lessons_duration_positive" CHECK ("video_lessons"."duration_seconds" is null or "video_lessons"."duration_seconds" > 0),
	CONSTRAINT "video_lessons_topic_needs_subject" CHECK ("video_lessons"."topic_id" is null or "video_lessons"."subject_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" text NOT NULL,
	"video_id" uuid NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"credited" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id"),
	CONSTRAINT "video_progress_position_range" CHECK ("video_progress"."position_seconds" >= 0),
	CONSTRAINT "video_progress_watched_range" CHECK ("video_progress"."watched_seconds" >= 0)
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
ALTER TABLE "note_bookmarks" ADD CONSTRAINT "note_bookmarks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_bookmarks" ADD CONSTRAINT "note_bookmarks_note_id_study_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."study_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reads" ADD CONSTRAINT "note_reads_note_id_study_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."study_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_activity" ADD CONSTRAINT "study_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notes" ADD CONSTRAINT "study_notes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notes" ADD CONSTRAINT "study_notes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notes" ADD CONSTRAINT "study_notes_topic_of_subject_fk" FOREIGN KEY ("topic_id","subject_id") REFERENCES "public"."topics"("id","subject_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_lessons" ADD CONSTRAINT "video_lessons_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_lessons" ADD CONSTRAINT "video_lessons_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_lessons" ADD CONSTRAINT "video_lessons_topic_of_subject_fk" FOREIGN KEY ("topic_id","subject_id") REFERENCES "public"."topics"("id","subject_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_video_lessons_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "plan_courses_course_idx" ON "plan_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "note_bookmarks_note_idx" ON "note_bookmarks" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "note_reads_note_idx" ON "note_reads" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "study_notes_published_idx" ON "study_notes" USING btree ("kind","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_notes_subject_idx" ON "study_notes" USING btree ("subject_id","topic_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_notes_month_idx" ON "study_notes" USING btree ("month" DESC NULLS LAST) WHERE "study_notes"."month" is not null;--> statement-breakpoint
CREATE INDEX "study_notes_created_idx" ON "study_notes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_notes_search_idx" ON "study_notes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "video_lessons_published_idx" ON "video_lessons" USING btree ("kind","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_lessons_subject_idx" ON "video_lessons" USING btree ("subject_id","topic_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_lessons_created_idx" ON "video_lessons" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_progress_video_idx" ON "video_progress" USING btree ("video_id");