import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { upsertSql } from "./save-answers.ts";

const { t } = setupTestApp();

/** The plan text of one statement, as `explain` prints it (one row per line). */
const planText = (result: unknown) =>
  (result as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join("\n");

// The answer save's upsert runs once per answer for every student in an exam. Planned as a join,
// PostgreSQL took the sent batch for the 100 rows it assumes of any set-returning function and
// scanned the whole question bank on every save once the bank held a few thousand questions
// (decision 052). The plan must look each sent question up by its key, in the plan reused across
// saves (generic) and in a first save's own (custom).
describe("the answer save's plan", () => {
  it("looks sent questions up by key in a bank of 3,000 questions, never scanning the bank (batch and one answer)", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 1 });
    await t.db.execute(sql`
      insert into questions (exam_id, question_text, options, correct_answer)
      select ${exam.id}, 'Bank question ' || g, '{"A":"a","B":"b","C":"c","D":"d"}'::jsonb, 'A'
        from generate_series(1, 3000) g`);
    await t.db.execute(sql`analyze questions`);
    const dialect = new PgDialect();
    for (const [withTimeOnly, sent] of [
      [false, "batch"],
      [true, "batch"],
      [false, "one"],
    ] as const) {
      const query = dialect.sqlToQuery(upsertSql(withTimeOnly, sent));
      for (const mode of ["force_generic_plan", "force_custom_plan"]) {
        // Literal values: a utility statement (explain execute) takes no bind parameters.
        const rows = JSON.stringify([
          {
            question_id: exam.id,
            selected_answer: "A",
            marked_for_review: false,
            client_seq: 1,
            seconds: 3,
          },
        ]);
        const literal: Record<string, string> = {
          attemptId: `'${exam.id}'`,
          rows: `'${rows}'`,
          userId: "'someone'",
          now: "now()",
          cutoff: "now()",
          questionId: `'${exam.id}'`,
          selectedAnswer: "'A'",
          markedForReview: "false",
          confidence: "null",
          clientSeq: "1",
          seconds: "3",
        };
        const name = `save_plan_${mode}_${withTimeOnly}_${sent}`;
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
          await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
          const explained = planText(
            await tx.execute(
              sql.raw(
                `explain execute ${name}(${query.params.map((p) => literal[(p as { name: string }).name]).join(", ")})`,
              ),
            ),
          );
          await tx.execute(sql.raw(`deallocate ${name}`));
          return explained;
        });
        expect(plan, `${mode}, ${sent}, time-only rows: ${withTimeOnly}`).toMatch(
          /Index Scan .*on questions/,
        );
        expect(plan, `${mode}, ${sent}, time-only rows: ${withTimeOnly}`).not.toMatch(
          /Seq Scan on questions/,
        );
      }
    }
  });
});
