// A question bank of realistic size beside a bench's own exam: `count` questions in exams of 100
// (and one category), analysed, so the plans PostgreSQL makes for the measured statements are the
// plans of a real install. On a bank of only the bench's own 100 questions the answer save's
// upsert scanned the whole table on every save unnoticed (decision 052).
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";

export const DEFAULT_BANK = 5_000;

export async function addQuestionBank(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const examCount = Math.ceil(count / 100);
  await db.execute(sql`
    with category as (
      insert into exam_categories (name) values (${`Bench question bank ${Date.now()}`}) returning id
    ), bank_exams as (
      insert into exams (title, category_id)
      select 'Bank exam ' || g, category.id from category, generate_series(1, ${examCount}) g
      returning id
    ), numbered as (
      select id, row_number() over (order by id) - 1 as n from bank_exams
    )
    insert into questions (exam_id, question_text, options, correct_answer)
    select numbered.id, 'Bank question ' || g || '?',
           '{"A":"One","B":"Two","C":"Three","D":"Four"}'::jsonb,
           (array['A','B','C','D'])[1 + g % 4]
      from generate_series(0, ${count - 1}) g
      join numbered on numbered.n = g / 100`);
  await db.execute(sql`analyze exams`);
  await db.execute(sql`analyze questions`);
}
