CREATE TABLE "quiz_attempt_days" (
	"quiz_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quiz_attempt_days_quiz_id_day_pk" PRIMARY KEY("quiz_id","day")
);
--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "hindi_question_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "completed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "ranked_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempt_days" ADD CONSTRAINT "quiz_attempt_days_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quizzes_visible_idx" ON "quizzes" USING btree ("published_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "quizzes"."question_count" > 0;--> statement-breakpoint
-- Hand-added: the counters are kept exact by statement-level triggers (one UPDATE per quiz per
-- statement, whatever the number of rows: a CSV import or the sweeper is one pass), and filled
-- once from the rows already there. Days are India's calendar days, as publication days are.
CREATE FUNCTION "quizzes_count_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_quiz uuid[] := '{}';
  added_hi boolean[] := '{}';
  removed_quiz uuid[] := '{}';
  removed_hi boolean[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(quiz_id), '{}'), coalesce(array_agg(translations ? 'hi'), '{}')
      INTO added_quiz, added_hi FROM new_rows WHERE quiz_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(array_agg(quiz_id), '{}'), coalesce(array_agg(translations ? 'hi'), '{}')
      INTO removed_quiz, removed_hi FROM old_rows WHERE quiz_id IS NOT NULL;
  END IF;
  IF cardinality(added_quiz) = 0 AND cardinality(removed_quiz) = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE "quizzes" q
     SET "question_count" = q."question_count" + d.n,
         "hindi_question_count" = q."hindi_question_count" + d.hi
    FROM (
      SELECT quiz_id, sum(n)::int AS n, sum(CASE WHEN hi THEN n ELSE 0 END)::int AS hi
        FROM (SELECT quiz_id, hi, 1 AS n FROM unnest(added_quiz, added_hi) AS a(quiz_id, hi)
              UNION ALL
              SELECT quiz_id, hi, -1 FROM unnest(removed_quiz, removed_hi) AS r(quiz_id, hi)) c
       GROUP BY quiz_id
    ) d
   WHERE q."id" = d.quiz_id AND (d.n <> 0 OR d.hi <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "questions_count_insert" AFTER INSERT ON "questions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_questions"();
--> statement-breakpoint
CREATE TRIGGER "questions_count_update" AFTER UPDATE ON "questions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_questions"();
--> statement-breakpoint
CREATE TRIGGER "questions_count_delete" AFTER DELETE ON "questions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_questions"();
--> statement-breakpoint
CREATE FUNCTION "quizzes_count_attempts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_quiz uuid[] := '{}';
  added_at timestamptz[] := '{}';
  added_ranked boolean[] := '{}';
  removed_quiz uuid[] := '{}';
  removed_at timestamptz[] := '{}';
  removed_ranked boolean[] := '{}';
  c_quiz uuid[];
  c_day date[];
  c_n int[];
  c_ranked int[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(quiz_id), '{}'), coalesce(array_agg(completed_at), '{}'),
           coalesce(array_agg(is_ranked), '{}')
      INTO added_quiz, added_at, added_ranked
      FROM new_rows WHERE quiz_id IS NOT NULL AND completed_at IS NOT NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(array_agg(quiz_id), '{}'), coalesce(array_agg(completed_at), '{}'),
           coalesce(array_agg(is_ranked), '{}')
      INTO removed_quiz, removed_at, removed_ranked
      FROM old_rows WHERE quiz_id IS NOT NULL AND completed_at IS NOT NULL;
  END IF;
  IF cardinality(added_quiz) = 0 AND cardinality(removed_quiz) = 0 THEN
    RETURN NULL;
  END IF;
  -- The net change per quiz and day (added minus removed completions).
  SELECT coalesce(array_agg(quiz_id ORDER BY quiz_id, day), '{}'),
         coalesce(array_agg(day ORDER BY quiz_id, day), '{}'),
         coalesce(array_agg(n ORDER BY quiz_id, day), '{}'),
         coalesce(array_agg(ranked ORDER BY quiz_id, day), '{}')
    INTO c_quiz, c_day, c_n, c_ranked
    FROM (SELECT quiz_id, day, sum(n)::int AS n, sum(ranked)::int AS ranked
            FROM (SELECT quiz_id, (done_at AT TIME ZONE 'Asia/Kolkata')::date AS day, 1 AS n,
                         CASE WHEN ranked THEN 1 ELSE 0 END AS ranked
                    FROM unnest(added_quiz, added_at, added_ranked) AS a(quiz_id, done_at, ranked)
                  UNION ALL
                  SELECT quiz_id, (done_at AT TIME ZONE 'Asia/Kolkata')::date, -1,
                         CASE WHEN ranked THEN -1 ELSE 0 END
                    FROM unnest(removed_quiz, removed_at, removed_ranked) AS r(quiz_id, done_at, ranked)) c
           GROUP BY quiz_id, day
          HAVING sum(n) <> 0 OR sum(ranked) <> 0) net;
  IF cardinality(c_quiz) = 0 THEN
    RETURN NULL;
  END IF;
  -- Quiz rows first, in id order: concurrent finalisers never wait on each other in a cycle.
  PERFORM 1 FROM "quizzes" WHERE "id" = ANY (c_quiz) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "quizzes" q
     SET "completed_attempts" = q."completed_attempts" + d.n,
         "ranked_attempts" = q."ranked_attempts" + d.ranked
    FROM (SELECT quiz_id, sum(n)::int AS n, sum(ranked)::int AS ranked
            FROM unnest(c_quiz, c_n, c_ranked) AS c(quiz_id, n, ranked) GROUP BY quiz_id) d
   WHERE q."id" = d.quiz_id;
  -- A quiz deleted in this statement (its attempts go by cascade) has no days left to change.
  INSERT INTO "quiz_attempt_days" AS d ("quiz_id", "day", "completed")
  SELECT c.quiz_id, c.day, c.n FROM unnest(c_quiz, c_day, c_n) AS c(quiz_id, day, n)
   WHERE c.n <> 0 AND EXISTS (SELECT 1 FROM "quizzes" q WHERE q."id" = c.quiz_id)
   ORDER BY c.quiz_id, c.day
  ON CONFLICT ("quiz_id", "day") DO UPDATE SET "completed" = d."completed" + excluded."completed";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "exam_attempts_count_insert" AFTER INSERT ON "exam_attempts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_attempts"();
--> statement-breakpoint
CREATE TRIGGER "exam_attempts_count_update" AFTER UPDATE ON "exam_attempts"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_attempts"();
--> statement-breakpoint
CREATE TRIGGER "exam_attempts_count_delete" AFTER DELETE ON "exam_attempts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quizzes_count_attempts"();
--> statement-breakpoint
UPDATE "quizzes" q
   SET "question_count" = s.n, "hindi_question_count" = s.hi
  FROM (SELECT "quiz_id", count(*)::int AS n, count(*) FILTER (WHERE "translations" ? 'hi')::int AS hi
          FROM "questions" WHERE "quiz_id" IS NOT NULL GROUP BY "quiz_id") s
 WHERE q."id" = s."quiz_id";
--> statement-breakpoint
UPDATE "quizzes" q
   SET "completed_attempts" = s.n, "ranked_attempts" = s.ranked
  FROM (SELECT "quiz_id", count(*)::int AS n, count(*) FILTER (WHERE "is_ranked")::int AS ranked
          FROM "exam_attempts" WHERE "quiz_id" IS NOT NULL AND "completed_at" IS NOT NULL
         GROUP BY "quiz_id") s
 WHERE q."id" = s."quiz_id";
--> statement-breakpoint
INSERT INTO "quiz_attempt_days" ("quiz_id", "day", "completed")
SELECT "quiz_id", ("completed_at" AT TIME ZONE 'Asia/Kolkata')::date, count(*)::int
  FROM "exam_attempts" WHERE "quiz_id" IS NOT NULL AND "completed_at" IS NOT NULL
 GROUP BY 1, 2;
